// The customer area's link and session (docs/decisions/185): the rules of Meus dados, with
// their own purposes and cookie, so one link never opens the other area.
import { sql } from "drizzle-orm";
import { href } from "react-router";
import { accountCopy as copy } from "../../content/account.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import {
  insertMessagesSql,
  linkRequestCap,
  messageSelectSql,
  wakeWorkersLater,
} from "../../platform/jobs/enqueue.server.ts";
import { type EmailFormAnswer, readEmailForm } from "../privacy/email-form.server.ts";
import { linkSession } from "../privacy/link-session.server.ts";
import { LINKS_PER_DAY } from "../privacy/my-data.server.ts";
import { accountLinkMessage } from "./messages.tsx";

export const accountSession = linkSession({
  link: "my-account",
  session: "my-account-session",
  cookieName: "minha_conta",
  path: href("/minha-conta"),
});

/**
 * Handles the /minha-conta form: honeypot, per-client limit, then the same answer for all.
 * The link goes only to an address with an order, at most LINKS_PER_DAY a day (decision
 * 202), in one statement that counts the request for any address (decision 225), so
 * nobody learns which addresses have one.
 */
export async function requestAccountLink(
  request: Request,
  { clientIp, rateLimitPerMinute }: { clientIp: string; rateLimitPerMinute: number },
): Promise<EmailFormAnswer> {
  try {
    const read = await readEmailForm(
      request,
      { name: "my-account", clientIp, perMinute: rateLimitPerMinute },
      copy,
    );
    if ("answer" in read) return read.answer;
    const db = await getDb();
    const cap = linkRequestCap(accountLinkMessage, read.email, LINKS_PER_DAY);
    await db.execute(
      sql`with ${cap.cte} ${insertMessagesSql(
        sql`${messageSelectSql(accountLinkMessage, { to: read.email, payload: { entryId: sql`w.id` } })}
        from waitlist w where w.email = ${read.email}
          and exists (select 1 from orders o where o.waitlist_id = w.id) and ${cap.within}`,
      )}`,
    );
    wakeWorkersLater(db);
    return { status: 200, message: copy.sent };
  } catch (error) {
    getLogger().error({ err: error }, "customer area link could not be queued");
    return { status: 503, message: copy.unavailable };
  }
}

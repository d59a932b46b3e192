// Meus dados (LGPD art. 18, docs/decisions/085 and 086): a person asks for a link by e-mail
// (the answer never tells whether the address is listed); the link works once, within 1
// hour, and opens a 1-hour session in that browser (an HttpOnly cookie holding another
// token), where they see, correct, export and delete their entry and give or withdraw
// marketing consent.
import { asc, eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { href } from "react-router";
import {
  invitations,
  newsletterSubscribers,
  robots,
  waitlist,
  waitlistStatusChanges,
} from "../../../db/schema.ts";
import { myDataCopy as copy } from "../../content/email.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import { validateFields } from "../../platform/http/parse-form.ts";
import { signupSchema } from "../waitlist/schema.ts";
import { consentLedger, setMarketingConsent } from "./consent.server.ts";
import { type EmailFormAnswer, readEmailForm } from "./email-form.server.ts";
import {
  insertMessagesSql,
  linkRequestCap,
  messageSelectSql,
  wakeWorkersLater,
} from "../../platform/jobs/enqueue.server.ts";
import { linkSession } from "./link-session.server.ts";
import { myDataLinkMessage } from "./messages.tsx";

// Links one address is sent a day, whoever asks (issue 25, class 1; as decision 083's), per
// kind of link: the customer area's too (docs/decisions/202).
export const LINKS_PER_DAY = 3;

/**
 * Handles the /meus-dados form: honeypot, per-client limit, then the same answer for all;
 * a listed address gets a link, at most LINKS_PER_DAY a day.
 */
export async function requestMyDataLink(
  request: Request,
  { clientIp, rateLimitPerMinute }: { clientIp: string; rateLimitPerMinute: number },
): Promise<EmailFormAnswer> {
  try {
    const read = await readEmailForm(
      request,
      { name: "my-data", clientIp, perMinute: rateLimitPerMinute },
      copy,
    );
    if ("answer" in read) return read.answer;
    const { email } = read;
    const db = await getDb();
    // One statement whether or not the address is listed: it counts the request for the
    // address either way (decision 225), so the answer takes as long.
    const cap = linkRequestCap(myDataLinkMessage, email, LINKS_PER_DAY);
    await db.execute(
      sql`with ${cap.cte} ${insertMessagesSql(
        sql`${messageSelectSql(myDataLinkMessage, { to: email, payload: { entryId: sql`id` } })}
        from waitlist where email = ${email} and ${cap.within}`,
      )}`,
    );
    wakeWorkersLater(db);
    return { status: 200, message: copy.sent };
  } catch (error) {
    getLogger().error({ err: error }, "Meus dados link could not be queued");
    return { status: 503, message: copy.unavailable };
  }
}

const session = linkSession({
  link: "my-data",
  session: "my-data-session",
  cookieName: "meus_dados",
  path: href("/meus-dados"),
});

export const myDataLinkState = session.linkState;

/** The GET and POST of the page the e-mailed link opens (decision 086). */
export const myDataLinkPage = session.linkPage;
export const spendMyDataLink = session.spendLink;

/** The Set-Cookie header that ends the session in the browser. */
export const endSessionCookie = session.endCookie;

/** The entry id of the request's live session, if any. */
export const sessionEntryId = session.entryId;

/**
 * Everything stored about the person (issue 25, class 3): the entry, the consent ledger, their
 * invitations, the history of their status and their newsletter subscription. Internal fields
 * are left out: the search column (a folded copy of name and e-mail) and who on the staff
 * invited or changed them.
 */
export async function myData(entryId: string) {
  const db = await getDb();
  const [row] = await db.select().from(waitlist).where(eq(waitlist.id, entryId));
  if (!row) return null;
  const entry = { ...row, searchText: undefined };
  const [consents, invited, statusHistory, [newsletter]] = await Promise.all([
    consentLedger(entryId),
    db
      .select({
        robot: robots.name,
        status: invitations.status,
        sentAt: invitations.sentAt,
        deadline: invitations.deadline,
        acceptedAt: invitations.acceptedAt,
        declinedAt: invitations.declinedAt,
        expiredAt: invitations.expiredAt,
        revokedAt: invitations.revokedAt,
      })
      .from(invitations)
      .innerJoin(robots, eq(robots.id, invitations.robotId))
      .where(eq(invitations.waitlistId, entryId))
      .orderBy(asc(invitations.sentAt)),
    db
      .select({ status: waitlistStatusChanges.status, changedAt: waitlistStatusChanges.changedAt })
      .from(waitlistStatusChanges)
      .where(eq(waitlistStatusChanges.entryId, entryId))
      .orderBy(asc(waitlistStatusChanges.changedAt)),
    db
      .select({
        createdAt: newsletterSubscribers.createdAt,
        confirmedAt: newsletterSubscribers.confirmedAt,
        unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, row.email)),
  ]);
  return { entry, consents, invitations: invited, statusHistory, newsletter: newsletter ?? null };
}

export type MyData = NonNullable<Awaited<ReturnType<typeof myData>>>;

const correctionSchema = z.object({
  name: signupSchema.shape.name,
  agents: signupSchema.shape.agents,
});

export type CorrectionErrors = Partial<Record<"name" | "agents", string>>;

/** Corrects name and agents; answers the field errors when the values are not valid. */
export async function correctMyData(
  entryId: string,
  form: { get(name: string): unknown; getAll(name: string): unknown[] },
): Promise<{ ok: true } | { ok: false; errors: CorrectionErrors }> {
  const parsed = validateFields(correctionSchema, {
    name: form.get("name") ?? undefined,
    agents: form.getAll("agents"),
  });
  if (!parsed.success) return { ok: false, errors: parsed.fieldErrors };
  const db = await getDb();
  await db
    .update(waitlist)
    .set({ name: parsed.data.name, interestedAgents: parsed.data.agents })
    .where(eq(waitlist.id, entryId));
  return { ok: true };
}

export const changeMyConsent = (entryId: string, given: boolean) =>
  setMarketingConsent(entryId, given, "meus-dados");

// The blog's newsletter (docs/decisions/104): a list apart from the waitlist, double opt-in
// with the confirmation link's rules (256-bit token, hash only, 7 days, once), then a welcome
// message that carries one-click unsubscribe. The answer to a subscription is the same
// whether or not the address was already subscribed. Nothing sends newsletters yet.
import { sql } from "drizzle-orm";
import { addressCheckMessages } from "../../content/deliverability.ts";
import { newsletterCopy as copy } from "../../content/email.ts";
import { getDb, withTransaction } from "../../platform/db/db.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import { addressProblem } from "../deliverability/address-check.server.ts";
import { emailHashSql } from "../privacy/erasure.server.ts";
import { type EmailFormAnswer, readEmailForm } from "../privacy/email-form.server.ts";
import {
  hashToken,
  isWellFormedToken,
  linkTokenState,
  type TokenState,
} from "../email/tokens.server.ts";
import {
  enqueue,
  insertMessagesSql,
  linkRequestCap,
  messageSelectSql,
  wakeWorkersLater,
} from "../../platform/jobs/enqueue.server.ts";
import { confirmNewsletterMessage, newsletterWelcomeMessage } from "./messages.tsx";
import { rowsOf } from "../../platform/db/rows.ts";

const CONFIRMATIONS_PER_DAY = 3;

/** The newsletter form: honeypot, per-client limit, then one answer for every address. */
export async function subscribeToNewsletter(
  request: Request,
  { clientIp, rateLimitPerMinute }: { clientIp: string; rateLimitPerMinute: number },
): Promise<EmailFormAnswer> {
  try {
    const read = await readEmailForm(
      request,
      { name: "newsletter", clientIp, perMinute: rateLimitPerMinute },
      copy,
    );
    if ("answer" in read) return read.answer;
    const { email } = read;
    const problem = addressProblem(email);
    if (problem) return { status: 400, message: addressCheckMessages[problem] };
    const db = await getDb();
    // A confirmed, subscribed address is left alone; anyone else (new, unconfirmed, or
    // unsubscribed) gets a confirmation. Every request counts for the address, subscribed or
    // not, and past 3 a day nothing is sent (decision 225).
    const cap = linkRequestCap(confirmNewsletterMessage, email, CONFIRMATIONS_PER_DAY);
    await db.execute(sql`
      with ${cap.cte}, subscriber as (
        insert into newsletter_subscribers (email) values (${email})
        on conflict (email) do update set
          confirmed_at = case when newsletter_subscribers.unsubscribed_at is null
            then newsletter_subscribers.confirmed_at end,
          unsubscribed_at = null
        where newsletter_subscribers.confirmed_at is null
          or newsletter_subscribers.unsubscribed_at is not null
        returning id
      ), unerased as (
        delete from erased_emails where email_hash = ${emailHashSql(email)}
          and exists (select 1 from subscriber)
      ), allowed as (
        select id from subscriber where ${cap.within}
      )
      ${insertMessagesSql(
        sql`${messageSelectSql(confirmNewsletterMessage, {
          to: email,
          payload: { subscriberId: sql`id` },
        })} from allowed`,
      )}`);
    wakeWorkersLater(db);
    return { status: 200, message: copy.sent };
  } catch (error) {
    getLogger().error({ err: error }, "newsletter subscription could not be stored");
    return { status: 503, message: copy.unavailable };
  }
}

export const newsletterTokenState = (token: string) => linkTokenState(token, "confirm-newsletter");

/**
 * Spends the confirmation link, marks the subscription confirmed and queues the welcome
 * message with its unsubscribe link, in one transaction.
 */
export async function confirmNewsletter(
  token: string,
): Promise<"confirmed" | Exclude<TokenState, "valid">> {
  if (!isWellFormedToken(token)) return "not-found";
  const confirmed = await withTransaction(async (tx) => {
    const [subscriber] = rowsOf<{ id: string; email: string }>(
      await tx.execute(sql`
        with spent as (
          update email_tokens set used_at = now()
          where token_hash = ${hashToken(token)} and purpose = 'confirm-newsletter'
            and used_at is null and expires_at > now()
          returning subscriber_id
        )
        update newsletter_subscribers set confirmed_at = now(), unsubscribed_at = null
        where id in (select subscriber_id from spent)
        returning id, email`),
    );
    if (!subscriber) return false;
    await enqueue(
      tx,
      newsletterWelcomeMessage.to(subscriber.email, { subscriberId: subscriber.id }),
    );
    return true;
  });
  if (confirmed) return "confirmed";
  const state = await newsletterTokenState(token);
  return state === "valid" ? "gone" : state;
}

// One-click unsubscribe (RFC 8058, docs/decisions/089). Every marketing message carries
// List-Unsubscribe with /descadastrar/<token> and List-Unsubscribe-Post; a POST there, with no
// login and no Origin (mail providers post from their servers), withdraws marketing consent
// (a waitlist entry, with its ledger line) or ends a newsletter subscription. The token never
// expires and may be used again; only its SHA-256 is stored.
import { sql } from "drizzle-orm";
import { consentTextVersions } from "../../content/consent.ts";
import { getDb, type Executor } from "../../lib/db.server.ts";
import type { EmailJob } from "./templates.tsx";
import { hashToken, isWellFormedToken, newToken, rowsOf } from "./tokens.server.ts";

type MarketingJob = Extract<EmailJob, { payload: { unsubscribeToken: string } }>;

export type UnsubscribeOwner = { waitlistId: string } | { subscriberId: string };

/**
 * Queues a marketing message (a template marked `marketing`) with a fresh unsubscribe token
 * for its owner, in the caller's transaction.
 */
export async function queueMarketingEmail<T extends MarketingJob>(
  db: Executor,
  owner: UnsubscribeOwner,
  recipient: string,
  template: T["template"],
  payload: Omit<T["payload"], "unsubscribeToken">,
): Promise<void> {
  const { token, hash } = newToken();
  const waitlistId = "waitlistId" in owner ? owner.waitlistId : null;
  const subscriberId = "subscriberId" in owner ? owner.subscriberId : null;
  const withToken = { ...payload, unsubscribeToken: token };
  await db.execute(sql`
    with token as (
      insert into email_tokens (token_hash, purpose, waitlist_id, subscriber_id, expires_at)
      values (${hash}, 'unsubscribe', ${waitlistId}, ${subscriberId}, 'infinity')
    )
    insert into email_outbox (template, recipient, payload)
    values (${template}, ${recipient}, ${JSON.stringify(withToken)}::jsonb)`);
}

const ownerOf = (token: string) => sql`
  select waitlist_id, subscriber_id from email_tokens
  where token_hash = ${hashToken(token)} and purpose = 'unsubscribe'`;

export async function unsubscribeLinkExists(token: string): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  const db = await getDb();
  return rowsOf(await db.execute(ownerOf(token))).length > 0;
}

/** Takes the link's owner off marketing mail; false for an unknown link. */
export async function unsubscribe(token: string): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  const db = await getDb();
  const result = await db.execute(sql`
    with owner as (${ownerOf(token)}),
    subscriber as (
      update newsletter_subscribers set unsubscribed_at = coalesce(unsubscribed_at, now())
      where id in (select subscriber_id from owner)
    ), entry as (
      update waitlist set marketing_consent = false
      where id in (select waitlist_id from owner) and marketing_consent
      returning id
    ), ledger as (
      insert into consent_events (waitlist_id, kind, channel, text_version)
      select id, 'marketing-withdrawn', 'unsubscribe-link', ${consentTextVersions.marketing}
      from entry
    )
    select count(*)::int as found from owner`);
  return (rowsOf<{ found: number }>(result)[0]?.found ?? 0) > 0;
}

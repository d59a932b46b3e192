// One-click unsubscribe (RFC 8058, docs/decisions/089). Every marketing message carries
// List-Unsubscribe with /descadastrar/<token> and List-Unsubscribe-Post; a POST there, with no
// login and no Origin (mail providers post from their servers), withdraws marketing consent
// (a waitlist entry, with its ledger line) or ends a newsletter subscription. The token never
// expires and may be used again; only its SHA-256 is stored.
import { sql } from "drizzle-orm";
import { consentTextVersions } from "../../content/consent.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { hashToken, isWellFormedToken } from "../email/tokens.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";

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

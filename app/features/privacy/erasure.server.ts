// Deleting a person's entry (LGPD art. 18, docs/decisions/088, 148): the row and everything
// tied to it (tokens, consent ledger, status history, invitations) go at once, and so do the
// messages to and from the address in the outbox and the local mailbox, the newsletter
// subscription of the address, delivery reports and suppressions naming it, the personal
// fields of their orders' setup and its e-mailed links, the CPF or CNPJ their renewals named
// (the orders stay, for the accounts), the waitlist tallies' source text once nobody has it,
// and their support conversations. Only the SHA-256 of the address is kept, so nothing
// is ever sent to it again; a new sign-up with it removes the hash and starts fresh.
// personal-data.ts lists every column that can hold personal data and how it is erased here.
import { sql, type SQL } from "drizzle-orm";
import { ACCENTED, PLAIN } from "../../../db/schema.ts";
import { withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { consentTextVersions } from "../../content/consent.ts";
import { liveSubscriptionStates } from "../subscriptions/model.ts";

/** The stored hash of an (already normalised) address column or value, as SQL. */
export const emailHashSql = (email: SQL | string) =>
  sql`encode(sha256(convert_to(${email}, 'UTF8')), 'hex')`;

/** True (as SQL) when the address belongs to a deleted entry. */
export const isErasedEmailSql = (email: SQL | string) =>
  sql`exists (select 1 from erased_emails where email_hash = ${emailHashSql(email)})`;

/** Deletes the entry and its messages, keeps the address's hash; false when there is none. */
export async function eraseWaitlistEntry(id: string): Promise<boolean> {
  return withTransaction((tx) => eraseWaitlistEntryIn(tx, id));
}

/** The same inside the caller's transaction (the sale ends a subscription first). */
export async function eraseWaitlistEntryIn(db: Executor, id: string): Promise<boolean> {
  const result = await db.execute(sql`
    with target as (
      select id, email from waitlist where id = ${id}
    ), setups as (
      update order_setups set account_number = null, broker_server = null, whatsapp = null,
        credential_sealed = null
      where order_id in (select orders.id from orders join target on orders.waitlist_id = target.id)
    ), payer_documents as (
      update subscriptions set payer_document = null
      where order_id in (select orders.id from orders join target on orders.waitlist_id = target.id)
    ), setup_links as (
      delete from order_tokens
      where order_id in (select orders.id from orders join target on orders.waitlist_id = target.id)
    ), newsletter as (
      delete from newsletter_subscribers where email in (select email from target)
    ), campaign as (
      delete from campaign_messages where email in (select email from target)
    ), suppressed as (
      delete from suppressions where email in (select email from target)
    ), reports as (
      delete from delivery_reports where recipient in (select email from target)
    ), support as (
      -- The person's conversations go with the entry (cascade); these are the address's
      -- conversations opened before it was known (decision 385).
      delete from support_conversations where email in (select email from target)
    ), entry as (
      delete from waitlist where id in (select id from target) returning email, source
    ), hashed as (
      insert into erased_emails (email_hash)
      select ${emailHashSql(sql`email`)} from entry
      on conflict (email_hash) do update set erased_at = now()
    ), mailbox as (
      delete from email_mailbox where recipient in (select email from entry)
    ), outbox as (
      delete from email_outbox where recipient in (select email from entry)
    )
    select count(*)::int as erased, min(source) as source from entry`);
  const [erased] = rowsOf<{ erased: number; source: string | null }>(result);
  if (erased?.erased !== 1) return false;
  // A source is free text a visitor may have typed: once nobody on the list has it, its
  // tallies (all zero by then) go too. The folded-source index finds the holders.
  if (erased.source) {
    const folded = (text: SQL) =>
      sql`lower(translate(coalesce(${text}, ''), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)}))`;
    await db.execute(sql`
        delete from waitlist_tallies where source = ${erased.source}
          and not exists (select 1 from waitlist
            where ${folded(sql`source`)} = ${folded(sql`${erased.source}::text`)}
              and source = ${erased.source})`);
  }
  return true;
}

/** True (as SQL) when the entry `id` still has a subscription that is served. */
const hasLiveSubscriptionSql = (id: SQL) => sql`exists (
  select 1 from subscriptions s join orders o on o.id = s.order_id
  where o.waitlist_id = ${id}
    and s.state in (${sql.join(
      liveSubscriptionStates.map((state) => sql`${state}`),
      sql`, `,
    )}))`;

/**
 * Erasure while subscribed, keeping what the contract and the law require (LGPD art. 16,
 * docs/decisions/348): name, e-mail, the orders and the broker account of the running robot
 * stay; marketing ends at once (consent withdrawn with its ledger line, the newsletter and
 * campaign rows of the address deleted), and so do the free text and the campaign the
 * visitor came with. The entry is marked, and the rest is erased when no subscription of the
 * person is live any more (eraseDeferredEntries). False when there is no entry.
 */
export async function eraseBeyondContract(id: string, now: Date): Promise<boolean> {
  return withTransaction(async (db) => {
    const result = await db.execute(sql`
    with target as (
      update waitlist set erasure_requested_at = coalesce(erasure_requested_at, ${now}),
        message = null, utm_medium = null, utm_campaign = null, referrer = null,
        marketing_consent = false
      where id = ${id}
      returning id, email
    ), withdrawn as (
      insert into consent_events (waitlist_id, kind, channel, text_version)
      select w.id, 'marketing-withdrawn', 'meus-dados', ${consentTextVersions.marketing}
      from waitlist w join target on target.id = w.id where w.marketing_consent
    ), newsletter as (
      delete from newsletter_subscribers where email in (select email from target)
    ), campaign as (
      delete from campaign_messages where email in (select email from target)
    )
    select count(*)::int as kept from target`);
    const [kept] = rowsOf<{ kept: number }>(result);
    return kept?.kept === 1;
  });
}

/** Entries whose erasure waited for their subscriptions to end: erased now; how many. */
export async function eraseDeferredEntries(): Promise<number> {
  return withTransaction(async (db) => {
    const due = rowsOf<{ id: string }>(
      await db.execute(sql`
        select id from waitlist
        where erasure_requested_at is not null and not ${hasLiveSubscriptionSql(sql`waitlist.id`)}
        limit 100
        for update skip locked`),
    );
    let erased = 0;
    for (const { id } of due) if (await eraseWaitlistEntryIn(db, id)) erased += 1;
    return erased;
  });
}

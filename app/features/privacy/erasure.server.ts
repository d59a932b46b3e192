// Deleting a person's entry (LGPD art. 18, docs/decisions/088, 148): the row and everything
// tied to it (tokens, consent ledger, status history, invitations) go at once, and so do the
// messages to and from the address in the outbox and the local mailbox, the newsletter
// subscription of the address, delivery reports and suppressions naming it, the personal
// fields of their orders' setup and its e-mailed links, the CPF or CNPJ their renewals named (the orders stay, for the accounts), and the waitlist
// tallies' source text once nobody has it. Only the SHA-256 of the address is kept, so nothing
// is ever sent to it again; a new sign-up with it removes the hash and starts fresh.
// personal-data.ts lists every column that can hold personal data and how it is erased here.
import { sql, type SQL } from "drizzle-orm";
import { ACCENTED, PLAIN } from "../../../db/schema.ts";
import { withTransaction } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";

/** The stored hash of an (already normalised) address column or value, as SQL. */
export const emailHashSql = (email: SQL | string) =>
  sql`encode(sha256(convert_to(${email}, 'UTF8')), 'hex')`;

/** True (as SQL) when the address belongs to a deleted entry. */
export const isErasedEmailSql = (email: SQL | string) =>
  sql`exists (select 1 from erased_emails where email_hash = ${emailHashSql(email)})`;

/** Deletes the entry and its messages, keeps the address's hash; false when there is none. */
export async function eraseWaitlistEntry(id: string): Promise<boolean> {
  return withTransaction(async (db) => {
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
  });
}

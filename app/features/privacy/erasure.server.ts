// Deleting a person's entry (LGPD art. 18, docs/decisions/088): the row and everything tied to
// it (tokens, consent ledger, status history) go at once, and so do the messages to and from
// the address in the outbox and the local mailbox. Only the SHA-256 of the address is kept, so
// nothing is ever sent to it again; a new sign-up with it removes the hash and starts fresh.
import { sql, type SQL } from "drizzle-orm";
import { getDb } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";

/** The stored hash of an (already normalised) address column or value, as SQL. */
export const emailHashSql = (email: SQL | string) =>
  sql`encode(sha256(convert_to(${email}, 'UTF8')), 'hex')`;

/** True (as SQL) when the address belongs to a deleted entry. */
export const isErasedEmailSql = (email: SQL | string) =>
  sql`exists (select 1 from erased_emails where email_hash = ${emailHashSql(email)})`;

/** Deletes the entry and its messages, keeps the address's hash; false when there is none. */
export async function eraseWaitlistEntry(id: string): Promise<boolean> {
  const db = await getDb();
  const result = await db.execute(sql`
    with entry as (
      delete from waitlist where id = ${id} returning email
    ), hashed as (
      insert into erased_emails (email_hash)
      select ${emailHashSql(sql`email`)} from entry
      on conflict (email_hash) do update set erased_at = now()
    ), mailbox as (
      delete from email_mailbox where recipient in (select email from entry)
    ), outbox as (
      delete from email_outbox where recipient in (select email from entry)
    )
    select count(*)::int as erased from entry`);
  return rowsOf<{ erased: number }>(result)[0]?.erased === 1;
}

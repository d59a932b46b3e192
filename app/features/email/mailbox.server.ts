// /admin/emails: the queue's counts, failed messages with "reenviar", and the local mailbox
// (messages kept in the database when there is no SMTP_URL).
import { desc, eq, sql } from "drizzle-orm";
import { emailMailbox, emailOutbox, type EmailStatus } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { newToken } from "./tokens.server.ts";

const LIST_LIMIT = 50;

export async function loadMailbox() {
  const db = await getDb();
  const [counts, failed, mailbox] = await Promise.all([
    db
      .select({ status: emailOutbox.status, count: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .groupBy(emailOutbox.status),
    db
      .select({
        id: emailOutbox.id,
        recipient: emailOutbox.recipient,
        template: emailOutbox.template,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        createdAt: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, "failed"))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(LIST_LIMIT),
    db.select().from(emailMailbox).orderBy(desc(emailMailbox.createdAt)).limit(LIST_LIMIT),
  ]);
  const countOf = (status: EmailStatus) => counts.find((row) => row.status === status)?.count ?? 0;
  return {
    counts: { queued: countOf("queued"), sent: countOf("sent"), failed: countOf("failed") },
    failed,
    mailbox,
  };
}

/**
 * Queues a failed message again, from its first try. A confirmation gets a fresh token (the
 * old one left the outbox when it failed, docs/decisions/081), if its entry still exists.
 * Returns false when there is no such failed message.
 */
export async function resendFailedEmail(outboxId: string): Promise<boolean> {
  const db = await getDb();
  const { token, hash } = newToken();
  const result = await db.execute(sql`
    with message as (
      select id, template, recipient from email_outbox where id = ${outboxId} and status = 'failed'
    ), entry as (
      select waitlist.id from waitlist join message on waitlist.email = message.recipient
      where message.template = 'confirm-signup'
    ), token as (
      insert into email_tokens (token_hash, purpose, waitlist_id, expires_at)
      select ${hash}, 'confirm-signup', id, now() + interval '7 days' from entry
    )
    update email_outbox set status = 'queued', attempts = 0, run_at = now(), last_error = null,
      payload = case when template = 'confirm-signup'
        then payload || jsonb_build_object('token', ${token}::text) else payload end
    where id in (select id from message)
      and (template <> 'confirm-signup' or exists (select 1 from entry))
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

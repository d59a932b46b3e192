// /admin/emails: the queue's counts, failed messages with "reenviar", and the local mailbox
// (messages kept in the database when there is no SMTP_URL, their links' tokens removed).
// Listing a failed message marks it seen: from then on retention counts its days
// (docs/decisions/116).
import { and, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { emailMailbox, emailOutbox, type EmailStatus } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { resendFailedMessage } from "../../platform/jobs/resend.server.ts";
import { registry } from "../../registry.server.ts";
import type { MailboxQuery } from "./mailbox-query.ts";

const LIST_LIMIT = 50;

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The queue's counts, the failed messages and one page of 50 of the local mailbox, newest
 * first, both narrowed by `q` (recipient or subject, any case); `apos` reads the mailbox after
 * a message (keyset on created_at and id, docs/decisions/146).
 */
export async function loadMailbox(query: MailboxQuery = {}) {
  const db = await getDb();
  const mailboxWhere: SQL[] = [];
  const failedWhere: SQL[] = [eq(emailOutbox.status, "failed")];
  if (query.q) {
    const pattern = containing(query.q);
    mailboxWhere.push(
      or(ilike(emailMailbox.recipient, pattern), ilike(emailMailbox.subject, pattern))!,
    );
    failedWhere.push(ilike(emailOutbox.recipient, pattern));
  }
  if (query.apos) {
    mailboxWhere.push(
      sql`(${emailMailbox.createdAt}, ${emailMailbox.id}) < (${query.apos.createdAt}::timestamptz, ${query.apos.id}::uuid)`,
    );
  }
  const [counts, failed, found] = await Promise.all([
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
      .where(and(...failedWhere))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(LIST_LIMIT),
    db
      .select({
        id: emailMailbox.id,
        messageId: emailMailbox.messageId,
        recipient: emailMailbox.recipient,
        subject: emailMailbox.subject,
        html: emailMailbox.html,
        text: emailMailbox.text,
        createdAt: emailMailbox.createdAt,
        cursorAt: sql<string>`to_char(${emailMailbox.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(emailMailbox)
      .where(and(...mailboxWhere))
      .orderBy(desc(emailMailbox.createdAt), desc(emailMailbox.id))
      .limit(LIST_LIMIT + 1),
  ]);
  if (failed.length > 0) {
    await db
      .update(emailOutbox)
      .set({ seenAt: sql`now()` })
      .where(
        and(
          inArray(
            emailOutbox.id,
            failed.map((message) => message.id),
          ),
          isNull(emailOutbox.seenAt),
        ),
      );
  }
  const countOf = (status: EmailStatus) => counts.find((row) => row.status === status)?.count ?? 0;
  const mailbox = found.slice(0, LIST_LIMIT).map(({ cursorAt: _, ...message }) => message);
  const last = found[LIST_LIMIT - 1];
  return {
    counts: { queued: countOf("queued"), sent: countOf("sent"), failed: countOf("failed") },
    failed,
    mailbox,
    next: found.length > LIST_LIMIT && last ? { createdAt: last.cursorAt, id: last.id } : null,
  };
}

/**
 * Queues a failed message again, from its first try: rendered again from its payload with
 * fresh links, the old ones revoked. False when there is no such failed message.
 */
export async function resendFailedEmail(outboxId: string): Promise<boolean> {
  return resendFailedMessage(await getDb(), registry, outboxId);
}

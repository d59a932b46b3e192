// /admin/emails: the queue's counts, failed messages with "reenviar", and the local mailbox
// (messages kept in the database when there is no SMTP_URL, their links' tokens removed).
// Listing a failed message marks it seen: from then on retention counts its days
// (docs/decisions/116).
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { emailMailbox, emailOutbox, type EmailStatus } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { resendFailedMessage } from "../../platform/jobs/resend.server.ts";
import { registry } from "../../registry.server.ts";

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
  return {
    counts: { queued: countOf("queued"), sent: countOf("sent"), failed: countOf("failed") },
    failed,
    mailbox,
  };
}

/**
 * Queues a failed message again, from its first try: rendered again from its payload with
 * fresh links, the old ones revoked. False when there is no such failed message.
 */
export async function resendFailedEmail(outboxId: string): Promise<boolean> {
  return resendFailedMessage(await getDb(), registry, outboxId);
}

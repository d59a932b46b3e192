// The outbox worker (docs/decisions/080): claims due messages with FOR UPDATE SKIP LOCKED,
// leasing each by pushing run_at ahead (a crashed sender's claim simply expires), sends,
// then marks sent, or reschedules with exponential backoff, or marks failed after the last try.
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { emailOutbox } from "../../../db/schema.ts";
import type { Database } from "../../platform/db/db.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import { isErasedEmailSql } from "../privacy/erasure.server.ts";
import type { EmailJob, RenderContext } from "./templates.tsx";
import type { MailTransport } from "../../platform/mail/transport.server.ts";

export interface OutboxOptions {
  db: Database;
  transport: MailTransport;
  render: RenderContext;
  /** Domain part of the Message-ID. */
  messageIdDomain: string;
  batchSize?: number;
  maxAttempts?: number;
  /** Delay before the second try; doubles after each failure. */
  retryBaseMs?: number;
  /** How long a claimed message is hidden from other workers while it is sent. */
  leaseMs?: number;
}

export interface OutboxWorkerOptions extends OutboxOptions {
  pollMs?: number;
  /**
   * True while the server is busy with visitors' requests: the worker then waits, for at most
   * `maxYieldMs` in a row, so a burst of sign-ups is answered before its e-mails are sent.
   */
  busy?: () => boolean;
  maxYieldMs?: number;
}

const defaults = { batchSize: 50, maxAttempts: 6, retryBaseMs: 30_000, leaseMs: 120_000 };
const YIELD_PAUSE_MS = 100;

/** Payload fields holding a link's raw token: dropped once the message is settled (081). */
const linkFields = sql`array['token', 'unsubscribeToken']`;

export function messageIdFor(outboxId: string, domain: string): string {
  return `<${outboxId}@${domain}>`;
}

/** Sends every message that is due now, once; returns how many were claimed. */
export async function processDueEmails(options: OutboxOptions): Promise<number> {
  const { db, transport, batchSize, maxAttempts, retryBaseMs, leaseMs } = {
    ...defaults,
    ...options,
  };
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "queued"), lte(emailOutbox.runAt, sql`now()`)))
    .orderBy(asc(emailOutbox.runAt))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      runAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(inArray(emailOutbox.id, due))
    .returning({
      id: emailOutbox.id,
      template: emailOutbox.template,
      recipient: emailOutbox.recipient,
      payload: emailOutbox.payload,
      attempts: emailOutbox.attempts,
      // A deleted entry's address is never written to again (docs/decisions/088).
      erased: sql<boolean>`${isErasedEmailSql(sql`${emailOutbox.recipient}`)}`,
    });

  if (claimed.length === 0) return 0;
  // The templates (react-email and its HTML-to-text converter) load with the first message
  // this process sends, not with the server (docs/decisions/111).
  const { renderEmail } = await import("./templates.tsx");
  const sent: string[] = [];
  await Promise.all(
    claimed.map(async (row) => {
      if (row.erased) {
        await db.delete(emailOutbox).where(eq(emailOutbox.id, row.id));
        return;
      }
      try {
        const rendered = await renderEmail(
          { template: row.template, payload: row.payload } as EmailJob,
          options.render,
        );
        await transport.send({
          outboxId: row.id,
          messageId: messageIdFor(row.id, options.messageIdDomain),
          to: row.recipient,
          ...rendered,
        });
        sent.push(row.id);
      } catch (error) {
        const lastError = error instanceof Error ? error.message : String(error);
        const final = row.attempts >= maxAttempts;
        const delayMs = retryBaseMs * 2 ** (row.attempts - 1);
        await db
          .update(emailOutbox)
          .set(
            final
              ? {
                  status: "failed",
                  lastError,
                  payload: sql`${emailOutbox.payload} - ${linkFields}`,
                }
              : { lastError, runAt: sql`now() + ${delayMs} * interval '1 millisecond'` },
          )
          .where(eq(emailOutbox.id, row.id));
        getLogger().warn(
          { outboxId: row.id, attempt: row.attempts, final, err: error },
          final ? "e-mail failed after its last try" : "e-mail send failed; will retry",
        );
      }
    }),
  );
  // One statement marks the whole batch sent (docs/decisions/106): a crash before it sends
  // those messages again, with the same Message-ID, as any crash after SMTP acceptance does.
  if (sent.length > 0) {
    await db
      .update(emailOutbox)
      .set({
        status: "sent",
        sentAt: sql`now()`,
        lastError: null,
        payload: sql`${emailOutbox.payload} - ${linkFields}`,
      })
      .where(inArray(emailOutbox.id, sent));
  }
  return claimed.length;
}

export interface OutboxWorker {
  stop: () => Promise<void>;
}

/**
 * Polls the outbox until stopped; a full batch is followed at once by the next one. While
 * `busy()` says visitors are waiting, it checks again after a short pause instead, for at
 * most `maxYieldMs` in a row (docs/decisions/109).
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const pollMs = options.pollMs ?? 500;
  const batchSize = options.batchSize ?? defaults.batchSize;
  const maxYieldMs = options.maxYieldMs ?? 30_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let yieldingSince: number | undefined;

  const tick = () => {
    if (options.busy?.()) {
      yieldingSince ??= Date.now();
      if (Date.now() - yieldingSince < maxYieldMs) {
        timer = setTimeout(tick, YIELD_PAUSE_MS);
        return;
      }
    }
    yieldingSince = undefined;
    running = (async () => {
      let claimed = 0;
      try {
        claimed = await processDueEmails(options);
      } catch (error) {
        getLogger().warn({ err: error }, "e-mail outbox poll failed");
      }
      if (!stopped) timer = setTimeout(tick, claimed >= batchSize ? 0 : pollMs);
    })();
  };
  tick();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      options.transport.close();
    },
  };
}

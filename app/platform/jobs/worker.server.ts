// The worker (docs/decisions/115): one runtime for the registry's messages and jobs.
// Messages: claimed with FOR UPDATE SKIP LOCKED, each leased by pushing run_at ahead (a
// killed sender's claim expires and another process sends it, with the same Message-ID),
// at most `concurrency` sends in flight, link tokens minted for each claimed batch by one
// statement per kind of link (decision 240), then marked sent in small batches, or retried
// with exponential backoff, or failed after the last try.
// Jobs: recurring work at a time (invitation deadlines, retention), one row per job, run by
// whichever worker claims it. The worker sleeps until a notification (a trigger NOTIFYs at
// every enqueue), the next due time, or `idleMs`; it never reads the web server's load.
import { and, asc, eq, gt, inArray, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import { emailOutbox, scheduledJobs } from "../../../db/schema.ts";
import { runsInProcess, type Database } from "../db/db.server.ts";
import { getLogger } from "../http/logger.server.ts";
import { newToken } from "../mail/link-tokens.server.ts";
import { renderContent, shownPayload } from "../mail/render.server.ts";
import { isSuppressedSql, recordSmtpRejection, smtpAnswerOf } from "../mail/suppression.server.ts";
import type { MailTransport } from "../mail/transport.server.ts";
import { claimOwner, type ClaimOwner } from "./claim-owner.server.ts";
import {
  defineQueue,
  type ClaimedMessage,
  type JobDefinition,
  type MessageContext,
  type Payload,
  type QueueDefinition,
  type Registry,
  type SendLink,
} from "./registry.ts";

export interface WorkerOptions {
  db: Database;
  registry: Registry;
  transport: MailTransport;
  context: MessageContext;
  /** Domain part of the Message-ID. */
  messageIdDomain: string;
  /** Sends in flight at most (the SMTP pool's connections). */
  concurrency?: number;
  maxAttempts?: number;
  /** Delay before the second try; doubles after each failure. */
  retryBaseMs?: number;
  /** How long a claimed message or job is hidden from other workers. */
  leaseMs?: number;
  /** SQL that is true when a recipient must never be written to (an erased address). */
  suppressed?: (recipient: SQL) => SQL;
  /** The application clock jobs run by (docs/decisions/092). */
  now?: () => Date;
  /** Names this worker's claims (the loop makes its own); without it the lease alone guards. */
  owner?: ClaimOwner;
}

export interface WorkerLoopOptions extends WorkerOptions {
  /** Subscribes to "something was queued"; answers how to unsubscribe. */
  listen?: (wake: () => void) => Promise<() => Promise<void>>;
  /** Longest sleep without being woken: the net under a lost notification. */
  idleMs?: number;
}

const defaults = {
  concurrency: 16,
  maxAttempts: 6,
  retryBaseMs: 30_000,
  leaseMs: 120_000,
  idleMs: 30_000,
};

// While the queues keep up, claim rounds start at most this often (docs/decisions/294): the
// messages queued meanwhile share one round's statements (the claim, the links' tokens, each
// queue's look) instead of one round each, at the cost of this much delay. A round that
// fills its room starts the next at once.
const CLAIM_ROUND_MS = 25;

// How often a running worker gives back the claims of workers that died (decision 392); a
// worker that starts does so before its first claim.
const RELEASE_DEAD_CLAIMS_MS = 5_000;

// Delivered messages are marked sent by one statement for up to this many (decision 106).
const SENT_BATCH = 50;
const SENT_FLUSH_MS = 20;

export function messageIdFor(id: string, domain: string): string {
  return `<${id}@${domain}>`;
}

/** A link minted for a message: its hash, to forget when no one received it. */
interface Minted {
  link: SendLink<string>;
  hash: string;
}

/** A claimed message with its links' fresh tokens, ready to render and send. */
interface ReadyMessage {
  message: ClaimedMessage;
  links: Record<string, string>;
  minted: readonly Minted[];
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

interface OutboxRow {
  id: string;
  template: string;
  recipient: string;
  payload: Payload;
  attempts: number;
  suppressed: boolean;
  /** On the suppression list: no marketing message goes (docs/decisions/161). */
  marketingSuppressed: boolean;
}

/**
 * The outbox as a queue: registry messages, one row each. A row whose recipient must never be
 * written to, or a marketing one to a suppressed address, is cancelled by the claim.
 */
function outboxQueue(options: WorkerOptions): QueueDefinition {
  const { registry } = options;

  async function cancelled(db: Database, id: string) {
    await db
      .update(emailOutbox)
      .set({ status: "cancelled", settledAt: sql`now()`, payload: {} })
      .where(eq(emailOutbox.id, id));
  }

  function claimed(row: OutboxRow): ClaimedMessage {
    const message = registry.message(row.template);
    return {
      id: row.id,
      to: row.recipient,
      attempts: row.attempts,
      kind: message?.kind ?? "transactional",
      payload: row.payload,
      links: message?.links ?? {},
      compose: (links, context) => {
        if (!message) throw new Error(`unknown message "${row.template}"`);
        return message.compose(shownPayload(row.payload), links, context);
      },
    };
  }

  return defineQueue({
    name: "outbox",
    async claim(db, limit, leaseMs, owner = null) {
      const due = db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, "queued"), lte(emailOutbox.runAt, sql`now()`)))
        .orderBy(asc(emailOutbox.runAt))
        .limit(limit)
        .for("update", { skipLocked: true });
      const rows: OutboxRow[] = await db
        .update(emailOutbox)
        .set({
          attempts: sql`${emailOutbox.attempts} + 1`,
          runAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
          claimedBy: owner,
        })
        .where(inArray(emailOutbox.id, due))
        .returning({
          id: emailOutbox.id,
          template: emailOutbox.template,
          recipient: emailOutbox.recipient,
          payload: emailOutbox.payload,
          attempts: emailOutbox.attempts,
          suppressed: options.suppressed
            ? sql<boolean>`${options.suppressed(sql`${emailOutbox.recipient}`)}`
            : sql<boolean>`false`,
          marketingSuppressed: isSuppressedSql(sql`${emailOutbox.recipient}`),
        });
      const sending: ClaimedMessage[] = [];
      for (const row of rows) {
        const marketing = registry.message(row.template)?.kind === "marketing";
        if (row.suppressed || (marketing && row.marketingSuppressed)) await cancelled(db, row.id);
        else sending.push(claimed(row));
      }
      return sending;
    },
    async sent(db, ids) {
      await db
        .update(emailOutbox)
        .set({
          status: "sent",
          sentAt: sql`now()`,
          settledAt: sql`now()`,
          lastError: null,
          // Sent messages are never rendered again: nothing personal stays (decision 116).
          payload: {},
        })
        .where(inArray(emailOutbox.id, [...ids]));
    },
    cancelled,
    async failed(db, message, { lastError, final, retryInMs }) {
      await db
        .update(emailOutbox)
        .set(
          final
            ? { status: "failed", lastError, settledAt: sql`now()` }
            : {
                lastError,
                runAt: sql`now() + ${retryInMs} * interval '1 millisecond'`,
                claimedBy: null,
              },
        )
        .where(eq(emailOutbox.id, message.id));
    },
    async releaseDeadClaims(db, isDead) {
      const released = await db
        .update(emailOutbox)
        .set({ runAt: sql`now()`, claimedBy: null })
        .where(
          and(
            eq(emailOutbox.status, "queued"),
            gt(emailOutbox.runAt, sql`now()`),
            isNotNull(emailOutbox.claimedBy),
            isDead(sql`${emailOutbox.claimedBy}`),
          ),
        )
        .returning({ id: emailOutbox.id });
      return released.length;
    },
    async nextDue(db) {
      const [row] = await db
        .select({ at: sql<string | null>`min(${emailOutbox.runAt})` })
        .from(emailOutbox)
        .where(eq(emailOutbox.status, "queued"));
      return row?.at ? new Date(row.at) : undefined;
    },
  });
}

/** Every queue the worker sends from: the outbox first, then the registry's, in its order. */
function queuesOf(options: WorkerOptions): QueueDefinition[] {
  return [outboxQueue(options), ...options.registry.queues];
}

/** One queue's half: claims, sends and settles; shared by the loop and by drains in tests. */
function queueSender(queue: QueueDefinition, options: WorkerOptions) {
  const { db, transport, maxAttempts, retryBaseMs, leaseMs } = { ...defaults, ...options };
  const log = getLogger();
  let sent: string[] = [];
  let flushTimer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    const ids = sent;
    sent = [];
    if (ids.length > 0) {
      // A crash before this statement sends those messages again, with the same Message-ID.
      flushing = flushing
        .then(() => queue.sent(db, ids))
        .catch((error: unknown) => log.error({ err: error }, "marking messages sent failed"));
    }
    return flushing;
  }

  function delivered(id: string) {
    sent.push(id);
    if (sent.length >= SENT_BATCH) void flush();
    else flushTimer ??= setTimeout(() => void flush(), SENT_FLUSH_MS);
  }

  async function failed(message: ClaimedMessage, error: unknown, final: boolean) {
    const retryInMs = retryBaseMs * 2 ** (message.attempts - 1);
    await queue.failed(db, message, {
      lastError: errorText(error).slice(0, 1000),
      final,
      retryInMs,
    });
    log.warn(
      { queue: queue.name, messageId: message.id, attempt: message.attempts, final, err: error },
      final ? "e-mail failed after its last try" : "e-mail send failed; will retry",
    );
  }

  /**
   * Mints the links of a claimed batch: one fresh token per link, their hashes stored by one
   * statement per kind of link for the whole batch (docs/decisions/240). A message whose
   * link's owner is gone (an erased entry, a deleted subscriber) is cancelled: nothing to
   * send. When the database cannot take the tokens, each message's try failed, as a send's.
   */
  async function withLinks(messages: readonly ClaimedMessage[]): Promise<ReadyMessage[]> {
    const ready = messages.map((message) => ({
      message,
      links: {} as Record<string, string>,
      minted: [] as Minted[],
      complete: true,
    }));
    const byLink = new Map<SendLink<string>, { of: (typeof ready)[number]; field: string }[]>();
    for (const of of ready) {
      for (const [field, link] of Object.entries(of.message.links)) {
        const entries = byLink.get(link) ?? [];
        entries.push({ of, field });
        byLink.set(link, entries);
      }
    }
    try {
      for (const [link, entries] of byLink) {
        const tokens = entries.map((entry) => ({ ...entry, ...newToken() }));
        const stored = await db.execute(
          link.store(
            tokens.map(({ of, hash }) => ({
              hash,
              outboxId: of.message.id,
              payload: of.message.payload,
            })),
          ),
        );
        const kept = new Set(rowsOf<{ token_hash: string }>(stored).map((row) => row.token_hash));
        for (const { of, field, token, hash } of tokens) {
          if (!kept.has(hash)) {
            of.complete = false;
            continue;
          }
          of.minted.push({ link, hash });
          of.links[field] = token;
        }
      }
    } catch (error) {
      await Promise.all(
        ready.map(({ message, minted }) =>
          settle(message, async () => {
            await forget(minted);
            await failed(message, error, message.attempts >= maxAttempts);
          }),
        ),
      );
      return [];
    }
    const sending: ReadyMessage[] = [];
    for (const { message, links, minted, complete } of ready) {
      if (complete) sending.push({ message, links, minted });
      else {
        await settle(message, async () => {
          await forget(minted);
          await queue.cancelled(db, message.id);
        });
      }
    }
    return sending;
  }

  /**
   * Records a message's outcome. Never rejects: when the database cannot take the outcome
   * (pool exhausted, connection lost), the claim's lease runs out and the message is tried
   * again, with its Message-ID.
   */
  async function settle(message: ClaimedMessage, record: () => Promise<void>): Promise<void> {
    try {
      await record();
    } catch (error) {
      log.error({ messageId: message.id, err: error }, "recording a message's outcome failed");
    }
  }

  /** Sends one claimed message with its links and records the outcome; never rejects. */
  function send(ready: ReadyMessage): Promise<void> {
    return settle(ready.message, () => sendOrThrow(ready));
  }

  async function sendOrThrow({ message, links, minted }: ReadyMessage): Promise<void> {
    try {
      const rendered = renderContent(message.kind, message.compose(links, options.context));
      await transport.send({
        id: message.id,
        messageId: messageIdFor(message.id, options.messageIdDomain),
        to: message.to,
        ...rendered,
        linkTokens: Object.values(links),
      });
      delivered(message.id);
    } catch (error) {
      // No one received these links.
      await forget(minted);
      // A 5xx answer is final: a hard bounce of this message, kept as a delivery report.
      const answer = smtpAnswerOf(error);
      const rejected = answer !== null && answer.code >= 500;
      if (rejected) await recordSmtpRejection(db, message.id, answer).catch(() => {});
      await failed(message, error, rejected || message.attempts >= maxAttempts);
    }
  }

  async function forget(minted: readonly Minted[]) {
    for (const { link, hash } of minted) {
      await db.execute(link.forget(hash)).catch(() => {});
    }
  }

  return {
    claim: async (limit: number) =>
      withLinks(await queue.claim(db, limit, leaseMs, options.owner?.id() ?? null)),
    send,
    flush,
  };
}

/**
 * In how many ms the next message of any queue and the next job are due (Infinity: none).
 * Jobs are due by the application clock, messages by the database's.
 */
async function nextDue(
  db: Database,
  queues: readonly QueueDefinition[],
  now: Date,
): Promise<{ message: number; job: number }> {
  const message = [Infinity];
  for (const queue of queues) {
    const at = await queue.nextDue(db);
    if (at) message.push(at.getTime() - Date.now());
  }
  return { message: Math.min(...message), job: (await nextJobAt(db)) - now.getTime() };
}

/** When the next job is due by the application clock, in epoch ms (Infinity: none). */
async function nextJobAt(db: Database): Promise<number> {
  const [row] = rowsOf<{ at: string | null }>(
    await db.execute(sql`select min(run_at) as at from ${scheduledJobs}`),
  );
  return row?.at ? new Date(row.at).getTime() : Infinity;
}

/** Creates the registry's recurring jobs that have no row yet, due at once. */
export async function scheduleRecurringJobs(db: Database, registry: Registry, now: Date) {
  const recurring = registry.jobs.filter((job) => job.recurring);
  if (recurring.length === 0) return;
  await db
    .insert(scheduledJobs)
    .values(recurring.map((job) => ({ name: job.name, runAt: now })))
    .onConflictDoNothing();
}

/** Runs one due job, if any: answers whether one ran. */
export async function runDueJob(options: WorkerOptions): Promise<boolean> {
  const { db, registry, leaseMs, retryBaseMs } = { ...defaults, ...options };
  const now = (options.now ?? (() => new Date()))();
  const [claimed] = await db
    .update(scheduledJobs)
    .set({
      attempts: sql`${scheduledJobs.attempts} + 1`,
      runAt: new Date(now.getTime() + leaseMs),
    })
    .where(
      inArray(
        scheduledJobs.name,
        db
          .select({ name: scheduledJobs.name })
          .from(scheduledJobs)
          .where(lte(scheduledJobs.runAt, now))
          .orderBy(asc(scheduledJobs.runAt))
          .limit(1)
          .for("update", { skipLocked: true }),
      ),
    )
    .returning({ name: scheduledJobs.name, attempts: scheduledJobs.attempts });
  if (!claimed) return false;
  const job: JobDefinition | undefined = registry.job(claimed.name);
  if (!job) {
    // A job this version no longer has (renamed or removed).
    await db.delete(scheduledJobs).where(eq(scheduledJobs.name, claimed.name));
    return true;
  }
  try {
    const next = await job.run({ now });
    if (next) {
      await db
        .update(scheduledJobs)
        .set({ runAt: next, attempts: 0, lastError: null })
        .where(eq(scheduledJobs.name, job.name));
    } else {
      await db.delete(scheduledJobs).where(eq(scheduledJobs.name, job.name));
    }
  } catch (error) {
    const delayMs = Math.min(retryBaseMs * 2 ** (claimed.attempts - 1), 3_600_000);
    await db
      .update(scheduledJobs)
      .set({ runAt: new Date(now.getTime() + delayMs), lastError: errorText(error) })
      .where(eq(scheduledJobs.name, job.name));
    getLogger().warn({ job: job.name, err: error }, "job failed; will retry");
  }
  return true;
}

/**
 * Claims and sends up to `limit` due messages of each queue, waiting for every send; returns
 * how many were claimed. The loop below does the same continuously; tests drain with this.
 */
export async function processDueMessages(options: WorkerOptions, limit = 50): Promise<number> {
  let claimed = 0;
  for (const queue of queuesOf(options)) {
    const sender = queueSender(queue, options);
    const messages = await sender.claim(limit);
    await Promise.all(messages.map((message) => sender.send(message)));
    await sender.flush();
    claimed += messages.length;
  }
  return claimed;
}

export interface Worker {
  stop: () => Promise<void>;
}

/** Makes due at once every message a dead worker still holds, in every queue. */
async function releaseDeadClaims(
  db: Database,
  queues: readonly QueueDefinition[],
  owner: ClaimOwner,
): Promise<void> {
  for (const queue of queues) {
    const released = await queue.releaseDeadClaims(db, owner.isDead);
    if (released > 0) {
      getLogger().info({ queue: queue.name, released }, "worker: a dead worker's claims released");
    }
  }
}

export async function startWorker(loopOptions: WorkerLoopOptions): Promise<Worker> {
  const owner = loopOptions.owner ?? (await claimOwner(loopOptions.db));
  const options = { ...loopOptions, owner };
  const { concurrency, idleMs } = { ...defaults, ...options };
  // Up to this many messages are claimed ahead of the sends (docs/decisions/197 and 285): a
  // finished send starts the next one at once, one claim serves several messages, and the
  // next claim runs while a whole pool's worth of sends is still in flight or waiting.
  const claimBatch = concurrency;
  const now = options.now ?? (() => new Date());
  const log = getLogger();
  const queues = queuesOf(options);
  const senders = queues.map((queue) => queueSender(queue, options));
  const inFlight = new Set<Promise<void>>();
  type Sender = (typeof senders)[number];
  const claimedAhead: { sender: Sender; message: Parameters<Sender["send"]>[0] }[] = [];
  let stopped = false;
  let woken = false;
  let wakeUp: (() => void) | undefined;
  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  // Spaced on the monotonic clock: a wall-clock step back must not hold the next round.
  let lastRound = { at: 0, full: true };
  const spaceRounds = async () => {
    const wait = lastRound.at + CLAIM_ROUND_MS - performance.now();
    if (!lastRound.full && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };

  const unlisten = options.listen ? await options.listen(wake) : async () => {};
  await scheduleRecurringJobs(options.db, options.registry, now());
  // A process that starts sends at once what a dead one had claimed. On PostgreSQL a running
  // worker also looks again every few seconds, for one that died beside it (on PGlite no other
  // process runs).
  await releaseDeadClaims(options.db, queues, owner);
  const releaseEveryMs = runsInProcess(options.db) ? Infinity : RELEASE_DEAD_CLAIMS_MS;
  let releasedAt = performance.now();

  // Jobs run one at a time beside the sends, looked for only once one is due (by the last
  // reading of their table); once some ran, the loop looks again at when the next is due.
  let jobRunning: Promise<void> | undefined;
  let jobsDueAt = 0;
  const runJobs = () => {
    if (now().getTime() < jobsDueAt) return;
    jobRunning ??= (async () => {
      let ran = 0;
      try {
        while (!stopped && (await runDueJob(options))) ran += 1;
        jobsDueAt = await nextJobAt(options.db);
      } catch (error) {
        log.warn({ err: error }, "running jobs failed");
      } finally {
        jobRunning = undefined;
        if (ran > 0) wake();
      }
    })();
  };

  /** Starts claimed messages while fewer than `concurrency` sends are in flight. */
  const startSends = () => {
    while (inFlight.size < concurrency && claimedAhead.length > 0) {
      const { sender, message } = claimedAhead.shift()!;
      const sending: Promise<void> = sender.send(message).finally(() => {
        inFlight.delete(sending);
        startSends();
        wake();
      });
      inFlight.add(sending);
    }
  };

  /** What the sends in flight and the claimed ones leave of concurrency + claimBatch. */
  const room = () => concurrency + claimBatch - inFlight.size - claimedAhead.length;

  const loop = (async () => {
    while (!stopped) {
      woken = false;
      startSends();
      try {
        runJobs();
        if (performance.now() - releasedAt >= releaseEveryMs) {
          releasedAt = performance.now();
          await releaseDeadClaims(options.db, queues, owner);
        }
        // Enough claimed ahead: a finishing send wakes the loop.
        if (room() < claimBatch && inFlight.size + claimedAhead.length > 0) {
          await sleep(idleMs);
          continue;
        }
        await spaceRounds();
        lastRound = { at: performance.now(), full: false };
        // The outbox first (a confirmation never waits behind a campaign), then each queue
        // with the room left.
        let left = room();
        for (const sender of senders) {
          if (left <= 0) break;
          const claimed = await sender.claim(left);
          for (const message of claimed) claimedAhead.push({ sender, message });
          startSends();
          left -= claimed.length;
        }
        lastRound.full = left === 0;
        if (left === 0) continue;
        // The queues are empty for now: the sends in flight wake the loop as they end.
        if (inFlight.size + claimedAhead.length > 0) {
          await sleep(idleMs);
          continue;
        }
        const due = await nextDue(options.db, queues, now());
        jobsDueAt = now().getTime() + due.job;
        // A row due now but locked by another worker's claim: look again shortly.
        await sleep(Math.max(5, Math.min(due.message, due.job, idleMs, releaseEveryMs)));
      } catch (error) {
        log.warn({ err: error }, "worker: claiming failed; trying again shortly");
        await sleep(1_000);
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
      // What was claimed ahead is sent too, `concurrency` at a time.
      while (inFlight.size > 0) await Promise.race(inFlight);
      await Promise.all([...inFlight, jobRunning]);
      await Promise.all(senders.map((sender) => sender.flush()));
      await unlisten();
      if (!loopOptions.owner) await owner.close();
      options.transport.close();
    },
  };
}

// The one way a message enters the queue (docs/decisions/113): enqueue(tx, ...jobs) for code
// holding a transaction, and the same rows as SQL fragments for a statement that writes its
// change and its message at once (the sign-up's single prepared statement, decision 109),
// followed by wakeWorkers(). Names and payload keys travel as bound parameters, never as
// literals in SQL text.
import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { emailOutbox } from "../../../db/schema.ts";
import { getDb, runsInProcess, type Database, type Executor } from "../db/db.server.ts";
import { insertRowsSql } from "../db/rows.ts";
import { getLogger } from "../http/logger.server.ts";
import { rateLimitHitSql } from "../http/rate-limit.server.ts";
import type { MessageDefinition, MessageJob } from "./registry.ts";

/**
 * The channel workers LISTEN on. A notification is delivered at its transaction's commit,
 * so a worker it wakes sees the messages queued with it.
 */
export const WAKE_CHANNEL = "email_outbox_queued";

/** The notification, for a transaction that queues messages. */
export const wakeSql = sql`select pg_notify(${WAKE_CHANNEL}, '')`;

/**
 * Queues messages in the caller's transaction; the workers are woken at its commit, or just
 * after it for a transaction opened by withTransactionWakingAfter.
 */
export async function enqueue(tx: Executor, ...jobs: readonly MessageJob[]): Promise<void> {
  if (jobs.length === 0) return;
  // One JSON parameter, however many messages (a statement's 20,000: docs/decisions/470).
  await tx.execute(
    insertRowsSql(
      emailOutbox,
      jobs.map((job) => ({ template: job.name, recipient: job.to, payload: job.payload })),
    ),
  );
  const wakesAfter = wakingAfterCommit.get(tx);
  if (wakesAfter) wakesAfter.queued = true;
  else await tx.execute(wakeSql);
}

const wakingAfterCommit = new WeakMap<Executor, { queued: boolean }>();

/**
 * One transaction, for a move that many callers make at once (a PSP's webhook at hundreds a
 * second): the messages it queues wake the workers by wakeWorkers after its commit, not by a
 * `pg_notify` in it, whose lock PostgreSQL holds across every notifying commit's WAL flush
 * (docs/decisions/195, 410). A savepoint inside it notifies as usual.
 */
export async function withTransactionWakingAfter<T>(
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  const db = await getDb();
  const state = { queued: false };
  const result = await db.transaction((tx) => {
    wakingAfterCommit.set(tx, state);
    return work(tx);
  });
  if (state.queued) wakeWorkers(db);
  return result;
}

// PostgreSQL commits the transactions that notify one at a time (one lock, held across the
// WAL flush: docs/decisions/195), so the statements that queue at a visitor's pace (the
// sign-up) do not notify themselves: wakeWorkers sends one notification at a time per
// database, and another after it when more statements committed meanwhile.
const waking = new WeakMap<Database, { again: boolean }>();

// The embedded database's only worker runs in this process (docs/decisions/294): it is woken
// by a call, not by a `pg_notify` statement, which cost PGlite about 1 ms of this thread per
// sign-up.
const inProcessWorkers = new WeakMap<Database, Set<() => void>>();

/**
 * Registers a worker of this process to wake after wakeWorkers(db) on the embedded database;
 * answers how to unregister. Its LISTEN still hears what enqueue() notifies.
 */
export function onWakeInProcess(db: Database, wake: () => void): () => void {
  const workers = inProcessWorkers.get(db) ?? new Set();
  inProcessWorkers.set(db, workers);
  workers.add(wake);
  return () => workers.delete(wake);
}

/**
 * Wakes the workers after a statement that queued messages (insertMessagesSql) committed;
 * never inside a transaction. Every call is followed by a notification sent after it.
 */
export function wakeWorkers(db: Database): void {
  if (runsInProcess(db)) {
    for (const wake of inProcessWorkers.get(db) ?? []) wake();
    return;
  }
  const current = waking.get(db);
  if (current) {
    current.again = true;
    return;
  }
  const state = { again: false };
  waking.set(db, state);
  void (async () => {
    do {
      state.again = false;
      try {
        await db.execute(wakeSql);
      } catch (error) {
        // The database closing or gone: the workers' idle poll is the net.
        getLogger().warn({ err: error }, "waking the workers failed");
      }
    } while (state.again);
    waking.delete(db);
  })();
}

/**
 * wakeWorkers a second later, for the forms whose message depends on whether the address is
 * listed (decision 225): the worker's claim, render and send (in this process, and on the
 * embedded database on this very thread) then never land inside the answer, whose time
 * would tell a listed address from an unlisted one. The timer never keeps the process alive.
 */
export function wakeWorkersLater(db: Database): void {
  setTimeout(() => wakeWorkers(db), LISTED_WAKE_DELAY_MS).unref();
}

const LISTED_WAKE_DELAY_MS = 1_000;

type Value = SQL | string;

/**
 * `select name, recipient, payload` of one message, for insertMessagesSql: each value is SQL
 * (a column of the statement's rows) or a string (a parameter).
 */
export function messageSelectSql<F extends string>(
  message: Pick<MessageDefinition<string, F>, "name" | "fields">,
  row: { to: Value; payload: { readonly [K in F]: Value } },
): SQL {
  const pairs = message.fields.map((field) => sql`${field}::text, (${row.payload[field]})::text`);
  return sql`select ${message.name}::text, (${row.to})::text, jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * `insert into the outbox` followed by messageSelectSql rows (joined with union all); once
 * the statement has committed, call wakeWorkers.
 */
export function insertMessagesSql(rows: SQL): SQL {
  return sql`insert into ${emailOutbox} (template, recipient, payload) ${rows}`;
}

/** How many messages of this kind the address was queued within `window` (a throttle). */
export function recentMessagesSql(
  message: Pick<MessageDefinition, "name">,
  recipient: Value,
  window: "1 day",
): SQL {
  return sql`(select count(*) from ${emailOutbox} where recipient = (${recipient})::text
    and template = ${message.name}::text and created_at > now() - ${window}::interval)`;
}

const DAY_MS = 86_400_000;

/** The rate_limits key of the requests for links of this kind to an address. */
export function linkRequestKey(message: Pick<MessageDefinition, "name">, recipient: string) {
  return `link:${message.name}:${createHash("sha256").update(recipient).digest("hex")}`;
}

/**
 * The per-address cap of a form that e-mails a link (issue 25, class 1; docs/decisions/225):
 * `cte` (`link_requests`) counts this request for the address in rate_limits, keyed by the
 * message's name and the address's SHA-256 (never the address), for a day, whether or not
 * the address is listed, so both paths write the same row; `within` is true while the
 * address has had at most `perDay` requests, and gates the message.
 */
export function linkRequestCap(
  message: Pick<MessageDefinition, "name">,
  recipient: string,
  perDay: number,
): { cte: SQL; within: SQL } {
  return {
    cte: sql`link_requests as (${rateLimitHitSql(linkRequestKey(message, recipient), perDay, DAY_MS)})`,
    within: sql`(select count from link_requests) <= ${perDay}`,
  };
}

// The one way a message enters the queue (docs/decisions/113): enqueue(tx, ...jobs) for code
// holding a transaction, and the same rows as SQL fragments for a statement that writes its
// change and its message at once (the sign-up's single prepared statement, decision 109).
// Names and payload keys travel as bound parameters, never as literals in SQL text.
import { sql, type SQL } from "drizzle-orm";
import { emailOutbox } from "../../../db/schema.ts";
import type { Executor } from "../db/db.server.ts";
import type { MessageDefinition, MessageJob } from "./registry.ts";

/** Queues messages in the caller's transaction; a trigger wakes the workers at commit. */
export async function enqueue(tx: Executor, ...jobs: readonly MessageJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await tx
    .insert(emailOutbox)
    .values(jobs.map((job) => ({ template: job.name, recipient: job.to, payload: job.payload })));
}

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

/** `insert into the outbox` followed by messageSelectSql rows (joined with union all). */
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

/**
 * The channel workers LISTEN on: a trigger on the outbox NOTIFYs it at the commit of every
 * statement that queues messages (the migration that creates it names it too).
 */
export const WAKE_CHANNEL = "email_outbox_queued";

/**
 * Wakes the workers at commit, for work written elsewhere than the outbox (a campaign's
 * messages, docs/decisions/190).
 */
export async function wakeWorkers(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_notify(${WAKE_CHANNEL}, '')`);
}

// The ledger of money (docs/decisions/331): every money event recorded once, keyed by its
// source and the source's own id. recordMoneyEvent only records; the pay move
// (pay.server.ts, receiveMoney) records and applies in one transaction, which is what every
// source of money calls: the statement import, Mercado Pago, API Pix, staff by hand.
import { type AnyColumn, and, asc, eq, sql } from "drizzle-orm";
import { moneyEvents } from "../../../db/schema.ts";
import type { Executor } from "../../platform/db/db.server.ts";
import { BATCH_SIZE, insertRowsSql, returningAll, rowsFromDriver } from "../../platform/db/rows.ts";
import { enqueue } from "../../platform/jobs/enqueue.server.ts";
import { moneySourceLabels } from "../../content/sales.ts";
import { formatBrl } from "../orders/format.ts";
import type { PaymentMethod } from "../orders/model.ts";
import { staffAddress } from "../orders/order-mail.server.ts";
import { staffMoneyWaitingMessage } from "./messages.tsx";
import { incomingMoneyKinds, type MoneyKind, type MoneySource } from "./model.ts";

export type MoneyEventRow = typeof moneyEvents.$inferSelect;

export interface MoneyEventInput {
  source: MoneySource;
  /** The source's own id: a statement credit's FITID key, a provider's payment id. */
  sourceId: string;
  kind: MoneyKind;
  /** Integer cents, never negative: the kind says which way the money went. */
  amountCents: number;
  /** ISO 4217, as the source says it ("BRL"). */
  currency: string;
  /** When the money was received, by the source's clock (the bank's date, the approval). */
  receivedAt: Date;
  /** Who told us, in words staff read ("extrato importado por ana@…"). */
  origin: string;
  method?: PaymentMethod | null;
  /** The order or charge reference the money names (AFX…), if any. */
  reference?: string | null;
  description?: string | null;
}

/** A column's bare name, as SET and ON CONFLICT write it. */
const column = (c: AnyColumn) => sql.identifier(c.name);

/** The row an input is recorded as, checked: money in starts waiting, anything else is noted. */
function eventValues(input: MoneyEventInput, now: Date): typeof moneyEvents.$inferInsert {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 0) {
    throw new Error(`money event amount must be integer cents >= 0, got ${input.amountCents}`);
  }
  const incoming = (incomingMoneyKinds as readonly MoneyKind[]).includes(input.kind);
  return {
    ...input,
    method: input.method ?? null,
    reference: input.reference ?? null,
    description: input.description ?? null,
    currency: input.currency.toUpperCase(),
    state: incoming ? "waiting" : "noted",
    recordedAt: now,
  };
}

/**
 * Records one money event, once: the same (source, source id) again returns the row already
 * recorded and `fresh: false`, whatever else it says. Money in starts waiting; the pay move
 * applies it or gives the reason it waits.
 */
export async function recordMoneyEvent(
  tx: Executor,
  input: MoneyEventInput,
  now: Date,
): Promise<{ event: MoneyEventRow; fresh: boolean }> {
  const [inserted] = await tx
    .insert(moneyEvents)
    .values(eventValues(input, now))
    .onConflictDoNothing({ target: [moneyEvents.source, moneyEvents.sourceId] })
    .returning();
  if (inserted) return { event: inserted, fresh: true };
  const [existing] = await tx
    .select()
    .from(moneyEvents)
    .where(and(eq(moneyEvents.source, input.source), eq(moneyEvents.sourceId, input.sourceId)));
  if (!existing) throw new Error("money event neither inserted nor found");
  return { event: existing, fresh: false };
}

/**
 * Records many money events, each once, a thousand to a statement: the row of each input this
 * call recorded, or null for one already recorded (by an earlier call, or earlier in `inputs`),
 * as `recordMoneyEvent` would answer `fresh: false` one at a time (docs/decisions/470).
 */
export async function recordMoneyEvents(
  tx: Executor,
  inputs: readonly MoneyEventInput[],
  now: Date,
): Promise<(MoneyEventRow | null)[]> {
  const keyOf = (event: Pick<MoneyEventInput, "source" | "sourceId">) =>
    `${event.source}\u0000${event.sourceId}`;
  const values = inputs.map((input) => eventValues(input, now));
  const recorded = new Map<string, MoneyEventRow>();
  for (let i = 0; i < values.length; i += BATCH_SIZE) {
    const rows = rowsFromDriver(
      moneyEvents,
      await tx.execute(sql`${insertRowsSql(moneyEvents, values.slice(i, i + BATCH_SIZE))}
        on conflict (${column(moneyEvents.source)}, ${column(moneyEvents.sourceId)}) do nothing
        ${returningAll(moneyEvents)}`),
    );
    for (const row of rows) recorded.set(keyOf(row), row);
  }
  // The first input of a key is the one recorded: the database kept the first of a statement.
  return inputs.map((input) => {
    const key = keyOf(input);
    const row = recorded.get(key);
    if (!row) return null;
    recorded.delete(key);
    return row;
  });
}

/**
 * Leaves money waiting with its reason, a thousand events to a statement; staff are told, in
 * one e-mail, in the same transaction.
 */
export async function leaveWaiting(
  tx: Executor,
  waiting: readonly { event: MoneyEventRow; reason: string }[],
): Promise<void> {
  if (waiting.length === 0) return;
  for (let i = 0; i < waiting.length; i += BATCH_SIZE) {
    const rows = waiting
      .slice(i, i + BATCH_SIZE)
      .map(({ event, reason }) => ({ id: event.id, reason }));
    await tx.execute(sql`
      update ${moneyEvents}
         set ${column(moneyEvents.state)} = 'waiting', ${column(moneyEvents.waitingReason)} = v.reason,
             ${column(moneyEvents.orderId)} = null, ${column(moneyEvents.chargeId)} = null
        from json_to_recordset(${JSON.stringify(rows)}::json) as v(id uuid, reason text)
       where ${moneyEvents.id} = v.id`);
  }
  const lines = waiting.map(
    ({ event, reason }) =>
      `${moneySourceLabels[event.source]} ${event.sourceId}: ${
        event.currency === "BRL"
          ? formatBrl(event.amountCents)
          : `${event.amountCents} ${event.currency}`
      }${event.reference ? ` (${event.reference})` : ""}. ${reason}`,
  );
  await enqueue(
    tx,
    staffMoneyWaitingMessage.to(staffAddress(), {
      count: String(waiting.length),
      lines: lines.join("; "),
    }),
  );
}

/** Marks an event applied to its one order or charge. */
export async function markApplied(
  tx: Executor,
  eventId: string,
  target: { orderId: string } | { chargeId: string },
  resolvedBy: string | null,
  now: Date,
): Promise<void> {
  await tx
    .update(moneyEvents)
    .set({
      state: "applied",
      waitingReason: null,
      orderId: "orderId" in target ? target.orderId : null,
      chargeId: "chargeId" in target ? target.chargeId : null,
      ...(resolvedBy ? { resolvedBy, resolvedAt: now } : {}),
    })
    .where(eq(moneyEvents.id, eventId));
}

/**
 * Marks events applied, each to its one order or charge, a thousand to a statement: what
 * `markApplied` does one at a time, for a move that applied them together.
 */
export async function markAllApplied(
  tx: Executor,
  applied: readonly { eventId: string; target: { orderId: string } | { chargeId: string } }[],
): Promise<void> {
  for (let i = 0; i < applied.length; i += BATCH_SIZE) {
    const rows = applied.slice(i, i + BATCH_SIZE).map(({ eventId, target }) => ({
      id: eventId,
      order_id: "orderId" in target ? target.orderId : null,
      charge_id: "chargeId" in target ? target.chargeId : null,
    }));
    await tx.execute(sql`
      update ${moneyEvents}
         set ${column(moneyEvents.state)} = 'applied', ${column(moneyEvents.waitingReason)} = null,
             ${column(moneyEvents.orderId)} = v.order_id, ${column(moneyEvents.chargeId)} = v.charge_id
        from json_to_recordset(${JSON.stringify(rows)}::json)
             as v(id uuid, order_id uuid, charge_id uuid)
       where ${moneyEvents.id} = v.id`);
  }
}

/** "Pagamentos a resolver": every event waiting for staff, oldest money first. */
export async function waitingMoney(tx: Executor): Promise<MoneyEventRow[]> {
  return tx
    .select()
    .from(moneyEvents)
    .where(eq(moneyEvents.state, "waiting"))
    .orderBy(asc(moneyEvents.receivedAt), asc(moneyEvents.id));
}

// The ledger of money (docs/decisions/331): every money event recorded once, keyed by its
// source and the source's own id. recordMoneyEvent only records; the pay move
// (pay.server.ts, receiveMoney) records and applies in one transaction, which is what every
// source of money calls: the statement import, Mercado Pago, API Pix, staff by hand.
import { and, asc, eq } from "drizzle-orm";
import { moneyEvents } from "../../../db/schema.ts";
import type { Executor } from "../../platform/db/db.server.ts";
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
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 0) {
    throw new Error(`money event amount must be integer cents >= 0, got ${input.amountCents}`);
  }
  const incoming = (incomingMoneyKinds as readonly MoneyKind[]).includes(input.kind);
  const [inserted] = await tx
    .insert(moneyEvents)
    .values({
      ...input,
      method: input.method ?? null,
      reference: input.reference ?? null,
      description: input.description ?? null,
      currency: input.currency.toUpperCase(),
      state: incoming ? "waiting" : "noted",
      recordedAt: now,
    })
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

/** Leaves money waiting with its reason; staff are told in the same transaction. */
export async function leaveWaiting(
  tx: Executor,
  waiting: readonly { event: MoneyEventRow; reason: string }[],
): Promise<void> {
  if (waiting.length === 0) return;
  for (const { event, reason } of waiting) {
    await tx
      .update(moneyEvents)
      .set({ state: "waiting", waitingReason: reason, orderId: null, chargeId: null })
      .where(eq(moneyEvents.id, event.id));
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

/** "Pagamentos a resolver": every event waiting for staff, oldest money first. */
export async function waitingMoney(tx: Executor): Promise<MoneyEventRow[]> {
  return tx
    .select()
    .from(moneyEvents)
    .where(eq(moneyEvents.state, "waiting"))
    .orderBy(asc(moneyEvents.receivedAt), asc(moneyEvents.id));
}

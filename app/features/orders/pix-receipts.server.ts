// Every Pix the PSP reports, by webhook or by polling, in any order and any number of times
// (docs/decisions/353, 368): recorded once in the ledger of money by its endToEndId, checked
// against its charge, and applied through the sale's pay move, or left waiting for staff
// ("a resolver") with the reason. The ledger is the one record: never lost, never twice.
import { and, eq, inArray } from "drizzle-orm";
import { orders, pixCharges, pixRecurringCharges } from "../../../db/schema.ts";
import type { Executor } from "../../platform/db/db.server.ts";
import { inBatches } from "../../platform/db/rows.ts";
import { withTransactionWakingAfter } from "../../platform/jobs/enqueue.server.ts";
import type { ReceivedPix } from "../../platform/payments/api-pix.server.ts";
import { pixUnresolvedReasonLabels } from "../../content/pix.ts";
import type { PixReceiptSource, PixUnresolvedReason } from "./model.ts";
import { parseDecimal } from "./money.ts";
import {
  leaveWaiting,
  recordMoneyEvent,
  recordMoneyEvents,
  type MoneyEventInput,
} from "../sales/ledger.server.ts";
import {
  applyMoneyInBulk,
  receiveMoney,
  targetOfReference,
  type BulkItem,
  type PayTarget,
  type Settlement,
} from "../sales/pay.server.ts";
import { API_PIX_ACTOR } from "../sales/model.ts";
import { lastPayableInstant } from "../sales/pix-automatico.ts";
import { dueChargeOf } from "../sales/renewal-due-charges.server.ts";
import { settlePixRefunds } from "../sales/pix-refunds.server.ts";

export type PixOutcome = "applied" | "repeat" | PixUnresolvedReason;

interface Expected {
  target: PayTarget;
  /**
   * The amounts the charge takes at the Pix's time (a due charge: with fine and interest);
   * null leaves the check to the pay move.
   */
  accepts: ((cents: number, paidAt: Date) => boolean) | null;
  expected: string;
  payableUntil: Date | null;
}

/**
 * What a txid names: an order's own charge, a renewal's Pix Automático charge (payable
 * until its retries are over), a renewal's due-date charge, or the static code's reference
 * (an order's or a renewal's). Null when it names nothing.
 */
async function expectedOf(tx: Executor, txid: string | undefined): Promise<Expected | null> {
  if (!txid) return null;
  const [recurring] = await tx
    .select({
      chargeId: pixRecurringCharges.chargeId,
      amountBrlCents: pixRecurringCharges.amountBrlCents,
      dueDate: pixRecurringCharges.dueDate,
    })
    .from(pixRecurringCharges)
    .where(eq(pixRecurringCharges.txid, txid));
  if (recurring) {
    return {
      target: { chargeId: recurring.chargeId },
      accepts: (cents) => cents === recurring.amountBrlCents,
      expected: `${recurring.amountBrlCents} centavos`,
      payableUntil: lastPayableInstant(recurring.dueDate),
    };
  }
  const [charge] = await tx
    .select({
      orderId: pixCharges.orderId,
      amountBrlCents: pixCharges.amountBrlCents,
      expiresAt: pixCharges.expiresAt,
    })
    .from(pixCharges)
    .where(eq(pixCharges.txid, txid));
  if (charge) {
    return {
      target: { orderId: charge.orderId },
      accepts: (cents) => cents === charge.amountBrlCents,
      expected: `${charge.amountBrlCents} centavos`,
      payableUntil: charge.expiresAt,
    };
  }
  const due = await dueChargeOf(tx, txid);
  if (due) return due;
  const target = await targetOfReference(tx, txid);
  if (!target) return null;
  if ("orderId" in target) {
    const [order] = await tx
      .select({ total: orders.totalBrlCents, deadline: orders.deadline })
      .from(orders)
      .where(eq(orders.id, target.orderId));
    return {
      target,
      accepts: (cents) => cents === order?.total,
      expected: `${order?.total ?? 0} centavos`,
      payableUntil: order?.deadline ?? null,
    };
  }
  // A renewal's static code: the pay move checks its amount.
  return { target, accepts: null, expected: "", payableUntil: null };
}

/** The ledger line a Pix the PSP reported is recorded as. */
function eventOf(pix: ReceivedPix, source: PixReceiptSource): MoneyEventInput {
  return {
    source: "api-pix",
    sourceId: pix.endToEndId,
    kind: "pix-received",
    method: "pix",
    amountCents: parseDecimal(pix.valor, 2) ?? 0,
    currency: "BRL",
    receivedAt: new Date(pix.horario),
    origin: `${API_PIX_ACTOR} (${source})`,
    reference: pix.txid ?? null,
  };
}

/** How the pay move writes a Pix it applies. */
const settlementOf = (pix: ReceivedPix, amountChecked: boolean): Settlement => ({
  actor: API_PIX_ACTOR,
  why: "PIX confirmado pelo PSP",
  paymentReference: pix.endToEndId,
  amountChecked,
});

/**
 * Applies one confirmed Pix, whatever it is (applyPlainPix applies the common ones of a batch
 * together, with the same outcomes). Two deliveries of the same Pix at once wait on each other on the ledger's unique
 * (source, endToEndId) and the second finds the first's row.
 */
export async function applyConfirmedPix(
  pix: ReceivedPix,
  source: PixReceiptSource,
  now: Date,
): Promise<PixOutcome> {
  const input = eventOf(pix, source);
  const amountBrlCents = input.amountCents;
  const paidAt = input.receivedAt;
  const outcome = await withTransactionWakingAfter(async (tx): Promise<PixOutcome> => {
    const wait = async (reason: PixUnresolvedReason, detail: string) => {
      const { event, fresh } = await recordMoneyEvent(tx, input, now);
      if (!fresh) return repeated(tx, pix, event, amountBrlCents, now);
      await leaveWaiting(tx, [
        { event, reason: `${pixUnresolvedReasonLabels[reason]}: ${detail}` },
      ]);
      return reason;
    };
    const expected = await expectedOf(tx, pix.txid);
    if (!expected) return wait("unknown-txid", `txid ${pix.txid ?? "ausente"}`);
    if (expected.accepts && !expected.accepts(amountBrlCents, paidAt)) {
      return wait("wrong-amount", `pago ${pix.valor}, cobrado ${expected.expected}`);
    }
    // PSPs settle a charge paid after its expiry anyway: the money is there, staff decide.
    if (expected.payableUntil && paidAt > expected.payableUntil) {
      return wait("paid-after-expiry", `pago em ${pix.horario}`);
    }
    const received = await receiveMoney(
      tx,
      input,
      settlementOf(pix, expected.accepts !== null),
      now,
      expected.target,
    );
    if (received.outcome === "applied") return "applied";
    if (received.outcome === "duplicate") {
      return repeated(tx, pix, received.event, amountBrlCents, now);
    }
    return "orderId" in expected.target && (await orderPaid(tx, expected.target.orderId))
      ? "already-paid"
      : "order-not-payable";
  });
  if (pix.devolucoes?.length) await settlePixRefunds(pix.devolucoes, now);
  return outcome;
}

async function orderPaid(tx: Executor, orderId: string): Promise<boolean> {
  const [order] = await tx
    .select({ state: orders.state })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order?.state === "paid";
}

/**
 * A Pix seen before: nothing to do, unless the PSP now says something else about it; then
 * that report waits for staff beside the first, which stays as it was.
 */
async function repeated(
  tx: Executor,
  pix: ReceivedPix,
  known: { reference: string | null; amountCents: number },
  amountBrlCents: number,
  now: Date,
): Promise<PixOutcome> {
  if (known.reference === (pix.txid ?? null) && known.amountCents === amountBrlCents) {
    return "repeat";
  }
  const { event, fresh } = await recordMoneyEvent(
    tx,
    {
      source: "api-pix",
      sourceId: `${pix.endToEndId} ${pix.txid ?? "-"} ${pix.valor}`,
      kind: "pix-received",
      method: "pix",
      amountCents: amountBrlCents,
      currency: "BRL",
      receivedAt: new Date(pix.horario),
      origin: API_PIX_ACTOR,
      reference: pix.txid ?? null,
      description: `${pixUnresolvedReasonLabels["conflicting-repeat"]}: txid ${pix.txid ?? "ausente"}, valor ${pix.valor}`,
    },
    now,
  );
  if (fresh) await leaveWaiting(tx, [{ event, reason: event.description ?? "" }]);
  return "conflicting-repeat";
}

/**
 * The common Pix of many (the webhook's stored ones, docs/decisions/464), applied together:
 * one of an order's own charge, for its amount, within its expiry, seen for the first time. They
 * are recorded and applied in one transaction through the set-based pay move (decision 470),
 * each with the outcome `applyConfirmedPix` would give it. The others (a renewal's, a due
 * charge's, a repeat, a wrong amount, one with refunds) are left undefined, for
 * `applyConfirmedPix` one by one. Throws when the transaction fails: then it wrote nothing.
 */
export async function applyPlainPix(
  items: readonly ReceivedPix[],
  source: PixReceiptSource,
  now: Date,
): Promise<(PixOutcome | undefined)[]> {
  const outcomes: (PixOutcome | undefined)[] = items.map(() => undefined);
  const txids = [...new Set(items.flatMap((pix) => (pix.txid ? [pix.txid] : [])))];
  if (txids.length === 0) return outcomes;
  await withTransactionWakingAfter(async (tx) => {
    const recurring = new Set(
      (
        await tx
          .select({ txid: pixRecurringCharges.txid })
          .from(pixRecurringCharges)
          .where(inArray(pixRecurringCharges.txid, txids))
      ).map((row) => row.txid),
    );
    const charges = new Map(
      (
        await tx
          .select({
            txid: pixCharges.txid,
            orderId: pixCharges.orderId,
            amountBrlCents: pixCharges.amountBrlCents,
            expiresAt: pixCharges.expiresAt,
          })
          .from(pixCharges)
          .where(inArray(pixCharges.txid, txids))
      ).map((row) => [row.txid, row]),
    );
    const plain = items.flatMap((pix, index) => {
      const charge = pix.txid && !recurring.has(pix.txid) ? charges.get(pix.txid) : undefined;
      const input = eventOf(pix, source);
      const fits =
        charge &&
        !pix.devolucoes?.length &&
        input.amountCents === charge.amountBrlCents &&
        input.receivedAt <= charge.expiresAt;
      return fits ? [{ index, pix, input, orderId: charge.orderId }] : [];
    });
    const events = await recordMoneyEvents(
      tx,
      plain.map(({ input }) => input),
      now,
    );
    // A Pix recorded before (or twice in this batch) is a repeat: left to applyConfirmedPix.
    const fresh = plain.flatMap((item, i) => {
      const event = events[i];
      return event ? [{ ...item, event }] : [];
    });
    const bulk: BulkItem[] = fresh.map(({ pix, event, orderId }) => ({
      event,
      target: { orderId },
      settlement: settlementOf(pix, true),
    }));
    const applied = await applyMoneyInBulk(tx, bulk, now);
    const waiting = fresh.flatMap((item, i) => {
      const result = applied[i]!;
      return result.ok ? [] : [{ ...item, reason: result.reason }];
    });
    await leaveWaiting(tx, waiting);
    const paid = new Set(
      (
        await inBatches(
          waiting.map(({ orderId }) => orderId),
          (batch) =>
            tx
              .select({ id: orders.id })
              .from(orders)
              .where(and(inArray(orders.id, batch), eq(orders.state, "paid"))),
        )
      ).map((order) => order.id),
    );
    fresh.forEach(({ index, orderId }, i) => {
      if (applied[i]!.ok) outcomes[index] = "applied";
      else outcomes[index] = paid.has(orderId) ? "already-paid" : "order-not-payable";
    });
  });
  return outcomes;
}

/** Every Pix of a notification or a poll, each on its own (one failing leaves the others). */
export async function receivePix(
  items: readonly ReceivedPix[],
  source: PixReceiptSource,
  now: Date,
): Promise<PixOutcome[]> {
  const outcomes: PixOutcome[] = [];
  for (const pix of items) outcomes.push(await applyConfirmedPix(pix, source, now));
  return outcomes;
}

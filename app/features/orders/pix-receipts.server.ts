// Every Pix the PSP reports, by webhook or by polling, in any order and any number of times
// (docs/decisions/353): recorded once by its endToEndId, checked against its charge, and
// applied to its order, or left for staff ("a resolver") with the reason. Never lost, never
// applied twice.
import { and, eq } from "drizzle-orm";
import {
  orders,
  pixCharges,
  pixReceipts,
  pixRecurringCharges,
  subscriptionCharges,
  subscriptions,
} from "../../../db/schema.ts";
import { withTransaction, type Executor } from "../../platform/db/db.server.ts";
import type { ReceivedPix } from "../../platform/payments/api-pix.server.ts";
import type { PixReceiptSource, PixUnresolvedReason } from "./model.ts";
import { parseDecimal } from "./money.ts";
import { lastPayableInstant } from "../sales/pix-automatico.ts";
import { receiveMoney } from "../sales/pay.server.ts";

/** The actor written in the order's history for a Pix the PSP confirmed. */
export const PIX_ACTOR = "API Pix";

export type PixOutcome = "applied" | "repeat" | PixUnresolvedReason;

/**
 * What a txid names: an order's own charge, a renewal's Pix Automático charge (its renewal,
 * payable until its retries are over), or the static code's order (the order's reference).
 */
async function chargeOf(
  tx: Executor,
  txid: string | undefined,
): Promise<{
  orderId: string;
  amountBrlCents: number;
  expiresAt: Date;
  renewalId?: string;
} | null> {
  if (!txid) return null;
  const [recurring] = await tx
    .select({
      orderId: subscriptions.orderId,
      amountBrlCents: pixRecurringCharges.amountBrlCents,
      dueDate: pixRecurringCharges.dueDate,
      renewalId: pixRecurringCharges.chargeId,
    })
    .from(pixRecurringCharges)
    .innerJoin(subscriptionCharges, eq(subscriptionCharges.id, pixRecurringCharges.chargeId))
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
    .where(eq(pixRecurringCharges.txid, txid));
  if (recurring) {
    const { dueDate, ...rest } = recurring;
    return { ...rest, expiresAt: lastPayableInstant(dueDate) };
  }
  const [charge] = await tx
    .select({
      orderId: pixCharges.orderId,
      amountBrlCents: pixCharges.amountBrlCents,
      expiresAt: pixCharges.expiresAt,
    })
    .from(pixCharges)
    .where(eq(pixCharges.txid, txid));
  if (charge) return charge;
  const [order] = await tx
    .select({
      orderId: orders.id,
      amountBrlCents: orders.totalBrlCents,
      expiresAt: orders.deadline,
    })
    .from(orders)
    .where(eq(orders.reference, txid));
  return order ? { ...order, amountBrlCents: order.amountBrlCents ?? 0 } : null;
}

/**
 * Applies one confirmed Pix: the one place money received through the API Pix reaches an
 * order. The receipt's row is written first, so two deliveries of the same Pix at once wait
 * on each other and the second finds the first's row.
 */
export async function applyConfirmedPix(
  pix: ReceivedPix,
  source: PixReceiptSource,
  now: Date,
): Promise<PixOutcome> {
  const amountBrlCents = parseDecimal(pix.valor, 2) ?? 0;
  const paidAt = new Date(pix.horario);
  return withTransaction(async (tx) => {
    const inserted = await tx
      .insert(pixReceipts)
      .values({
        endToEndId: pix.endToEndId,
        txid: pix.txid ?? null,
        amountBrlCents,
        paidAt,
        source,
        receivedAt: now,
        outcome: "unresolved",
        reason: "unknown-txid",
      })
      .onConflictDoNothing()
      .returning({ endToEndId: pixReceipts.endToEndId });
    if (inserted.length === 0) return repeated(tx, pix, amountBrlCents);
    const settle = async (
      outcome: PixOutcome,
      orderId: string | null,
      detail: string | null = null,
    ): Promise<PixOutcome> => {
      await tx
        .update(pixReceipts)
        .set(
          outcome === "applied"
            ? { outcome: "applied", reason: null, orderId }
            : { outcome: "unresolved", reason: outcome as PixUnresolvedReason, orderId, detail },
        )
        .where(eq(pixReceipts.endToEndId, pix.endToEndId));
      return outcome;
    };
    const charge = await chargeOf(tx, pix.txid);
    if (!charge) return settle("unknown-txid", null, `txid ${pix.txid ?? "ausente"}`);
    if (amountBrlCents !== charge.amountBrlCents) {
      return settle(
        "wrong-amount",
        charge.orderId,
        `pago ${pix.valor}, cobrado ${charge.amountBrlCents} centavos`,
      );
    }
    // PSPs settle a charge paid after its expiry anyway: the money is there, staff decide.
    if (paidAt > charge.expiresAt) {
      return settle("paid-after-expiry", charge.orderId, `pago em ${pix.horario}`);
    }
    const received = await receiveMoney(
      tx,
      {
        source: "api-pix",
        sourceId: pix.endToEndId,
        kind: "credit",
        method: "pix",
        amountCents: amountBrlCents,
        currency: "BRL",
        receivedAt: paidAt,
        origin: `${PIX_ACTOR} (${source})`,
        reference: pix.txid ?? null,
      },
      { actor: PIX_ACTOR, why: "PIX confirmado pelo PSP", paymentReference: pix.endToEndId },
      now,
      charge.renewalId ? { chargeId: charge.renewalId } : { orderId: charge.orderId },
    );
    if (received.outcome === "applied") return settle("applied", charge.orderId);
    if (received.outcome === "duplicate") return settle("already-paid", charge.orderId);
    const [order] = await tx
      .select({ state: orders.state })
      .from(orders)
      .where(eq(orders.id, charge.orderId));
    const [renewal] = charge.renewalId
      ? await tx
          .select({ state: subscriptionCharges.state })
          .from(subscriptionCharges)
          .where(eq(subscriptionCharges.id, charge.renewalId))
      : [];
    const paid = renewal ? renewal.state === "paid" : order?.state === "paid";
    const reason = received.outcome === "waiting" ? received.reason : null;
    return settle(paid ? "already-paid" : "order-not-payable", charge.orderId, reason);
  });
}

/** A Pix seen before: nothing to do, unless the PSP now says something else about it. */
async function repeated(tx: Executor, pix: ReceivedPix, amountBrlCents: number) {
  const [known] = await tx
    .select()
    .from(pixReceipts)
    .where(eq(pixReceipts.endToEndId, pix.endToEndId));
  if (!known || (known.txid === (pix.txid ?? null) && known.amountBrlCents === amountBrlCents)) {
    return "repeat" as const;
  }
  await tx
    .update(pixReceipts)
    .set({
      outcome: "unresolved",
      reason: "conflicting-repeat",
      detail: `repetido com txid ${pix.txid ?? "ausente"} e valor ${pix.valor}`,
    })
    .where(and(eq(pixReceipts.endToEndId, pix.endToEndId)));
  return "conflicting-repeat" as const;
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

// The cancel move (docs/decisions/330): staff cancel an order awaiting payment (its spot is
// freed), or a customer cancels a subscription at any time without fees (SPEC section 9).
import { and, eq } from "drizzle-orm";
import { subscriptionCharges, subscriptions } from "../../../db/schema.ts";
import { getDb, withTransaction, type Executor } from "../../platform/db/db.server.ts";
import {
  addDays,
  cancellationEffect,
  formatLocalDate,
  localDate,
  type LocalDate,
} from "../subscriptions/calendar.ts";
import { subscriptionCancelledMessage } from "../subscriptions/messages.tsx";
import { auditSubscriptions, notifyCustomer } from "../subscriptions/subscriptions.server.ts";
import { closeOrderIn } from "./close-order.server.ts";
import { endSubscriptionIn } from "./end.server.ts";
import { lockSaleOf } from "./locks.server.ts";
import { requestMandateCancellationLocked } from "./pix-mandates.server.ts";
import { transition } from "./transitions.ts";

/** Staff cancel an order awaiting payment: the spot is free at once. */
export function cancelOrder(orderId: string, actor: string, reason: string, now: Date) {
  return withTransaction((tx) => closeOrderIn(tx, orderId, "cancel", actor, reason, now));
}

export type CancelOutcome =
  | { outcome: "cancelled"; lastServedDay: LocalDate }
  | { outcome: "ended" }
  | { outcome: "already-cancelled"; lastServedDay: LocalDate }
  | { outcome: "already-ended" }
  | { outcome: "not-found" };

/**
 * Cancel at any time, without fees (SPEC section 9): service stays to the end of the paid
 * cycle, no charge is issued after it, and an e-mail confirms the last day. With nothing paid
 * left (past due, suspended) it ends at once.
 */
export async function cancelSubscription(
  id: string,
  actor: string,
  now: Date,
): Promise<CancelOutcome> {
  const db = await getDb();
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) return { outcome: "not-found" };
  if (row.state === "ended" || row.state === "refunded") return { outcome: "already-ended" };
  if (row.state === "cancelled") {
    return { outcome: "already-cancelled", lastServedDay: addDays(row.paidThrough, -1) };
  }
  const effect = cancellationEffect(row.paidThrough, now);
  const confirm = async (tx: Executor, lastDay: LocalDate) =>
    notifyCustomer(tx, row.orderId, (name, to) =>
      subscriptionCancelledMessage.to(to, {
        name,
        robotName: row.robotName,
        lastDay: formatLocalDate(lastDay),
      }),
    );
  if (effect.kind === "now") {
    const ended = await withTransaction(async (tx) => {
      const done = await endSubscriptionIn(
        tx,
        id,
        "cancel",
        actor,
        "cancelada sem ciclo pago em curso",
        now,
      );
      if (done) await confirm(tx, localDate(now));
      return done;
    });
    return ended ? { outcome: "ended" } : cancelSubscription(id, actor, now);
  }
  const cancelled = await withTransaction(async (tx): Promise<CancelOutcome | null> => {
    await lockSaleOf(tx, { subscriptionIds: [id] });
    const [locked] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id));
    if (!locked) return { outcome: "not-found" };
    // Moved meanwhile (a cycle paid, cancelled or ended by another request): decide again.
    if (locked.state !== row.state || locked.paidThrough !== row.paidThrough) return null;
    const step = transition("subscription", "cancel", locked.state);
    if (!step.ok || step.to !== "cancelled") return null;
    await tx
      .update(subscriptions)
      .set({ state: "cancelled", cancelledAt: now, cancelledBy: actor })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.state, locked.state)));
    await tx
      .update(subscriptionCharges)
      .set({ state: "void", voidedAt: now })
      .where(
        and(eq(subscriptionCharges.subscriptionId, id), eq(subscriptionCharges.state, "open")),
      );
    await requestMandateCancellationLocked(tx, id, now);
    await auditSubscriptions(tx, [
      {
        subscriptionId: id,
        actor,
        at: now,
        fromState: locked.state,
        toState: "cancelled",
        reason: `cancelada; serviço até ${formatLocalDate(effect.lastServedDay)}`,
      },
    ]);
    await confirm(tx, effect.lastServedDay);
    return { outcome: "cancelled", lastServedDay: effect.lastServedDay };
  });
  return cancelled ?? cancelSubscription(id, actor, now);
}

// What orders do to subscriptions, inside the orders' own transactions (docs/decisions/172):
// paying an order starts its subscription (cycle 1, anchored on the payment date), refunding a
// paid order ends it. Imports no orders module, so orders.server.ts can call it.
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { orders, subscriptionEvents, subscriptions } from "../../../db/schema.ts";
import type { Executor } from "../../platform/db/db.server.ts";
import { insertRowsSql, rowsOf } from "../../platform/db/rows.ts";
import { localDate, monthsAfter } from "./calendar.ts";
import { liveSubscriptionStates } from "./model.ts";

/** Starts the subscription of each order just paid (the caller holds the orders locked). */
export async function startSubscriptionsLocked(
  tx: Executor,
  orderIds: readonly string[],
  actor: string,
  paidAt: Date,
): Promise<void> {
  if (orderIds.length === 0) return;
  const paid = await tx
    .select({
      id: orders.id,
      robotName: orders.robotName,
      partnerBroker: orders.partnerBroker,
      priceUsdCents: orders.priceUsdCents,
      earlyDiscountBp: orders.earlyDiscountBp,
      earlyDiscountMonths: orders.earlyDiscountMonths,
    })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
  const anchorDate = localDate(paidAt);
  if (paid.length === 0) return;
  // One JSON parameter a thousand orders (docs/decisions/470).
  const started = rowsOf<{ id: string }>(
    await tx.execute(sql`${insertRowsSql(
      subscriptions,
      paid.map((order) => ({
        orderId: order.id,
        robotName: order.robotName,
        partnerBroker: order.partnerBroker,
        priceUsdCents: order.priceUsdCents,
        earlyDiscountBp: order.earlyDiscountBp,
        earlyDiscountMonths: order.earlyDiscountMonths,
        anchorDate,
        anchorCycle: 1,
        paidCycle: 1,
        paidThrough: monthsAfter(anchorDate, 1),
        firstPaidAt: paidAt,
        createdAt: paidAt,
      })),
    )} on conflict (${sql.identifier(subscriptions.orderId.name)}) do nothing
      returning ${sql.identifier(subscriptions.id.name)} as "id"`),
  );
  if (started.length === 0) return;
  await tx.execute(
    insertRowsSql(
      subscriptionEvents,
      started.map(({ id }) => ({
        subscriptionId: id,
        actor,
        at: paidAt,
        fromState: null,
        toState: "active" as const,
        reason: "primeiro pagamento",
      })),
    ),
  );
}

/**
 * Staff refunded the first order from /admin/pedidos: its subscription ends at once, as a
 * refund recorded from /admin/assinaturas would end it (the order's invitation, and with it
 * the spot, is freed by the caller).
 */
export async function endSubscriptionOfRefundedOrderLocked(
  tx: Executor,
  orderId: string,
  actor: string,
  reason: string,
  now: Date,
): Promise<void> {
  const [subscription] = await tx
    .select({ id: subscriptions.id, state: subscriptions.state })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.orderId, orderId),
        notInArray(subscriptions.state, ["ended", "refunded"]),
      ),
    )
    .for("update");
  if (
    !subscription ||
    !(liveSubscriptionStates as readonly string[]).includes(subscription.state)
  ) {
    return;
  }
  await tx
    .update(subscriptions)
    .set({ state: "refunded", endedAt: now, refundedBy: actor, refundReference: reason })
    .where(eq(subscriptions.id, subscription.id));
  await tx.insert(subscriptionEvents).values({
    subscriptionId: subscription.id,
    actor,
    at: now,
    fromState: subscription.state,
    toState: "refunded",
    reason: `pedido reembolsado: ${reason}`,
  });
}

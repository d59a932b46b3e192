// Closing an order that holds a spot (expired, cancelled, refunded), shared by the expire,
// cancel and refund moves: its invitation ends too, so the spot is free, and the next person
// is invited where the robot says so.
import { and, eq } from "drizzle-orm";
import { invitations, orders, robots } from "../../../db/schema.ts";
import type { Executor } from "../../platform/db/db.server.ts";
import { inviteNextOf } from "../invitations/invitations.server.ts";
import { queueOrderExpired } from "../orders/order-mail.server.ts";
import { auditOrders, SYSTEM_ACTOR, type OrderRow } from "../orders/orders.server.ts";
import { lockSaleOf } from "./locks.server.ts";
import { transition } from "./transitions.ts";
import { requestOrderMandateCancellationLocked } from "./order-mandates.server.ts";

export type CloseOutcome =
  | { outcome: "closed"; order: OrderRow }
  | { outcome: "wrong-state"; state: OrderRow["state"]; message: string }
  | { outcome: "not-found" };

/**
 * Moves one order by `move` (its table says from which states), inside the caller's
 * transaction, under the sale's locks. `onlyIfDue`: the expiry sweep's check that the
 * deadline has passed, made under the lock.
 */
export async function closeOrderIn(
  tx: Executor,
  orderId: string,
  move: "expire" | "cancel" | "refund",
  actor: string,
  reason: string,
  now: Date,
  onlyIfDue = false,
): Promise<CloseOutcome> {
  await lockSaleOf(tx, { orderIds: [orderId] });
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { outcome: "not-found" };
  const step = transition("order", move, order.state);
  if (!step.ok) return { outcome: "wrong-state", state: order.state, message: step.message };
  if (onlyIfDue && order.deadline > now) {
    return { outcome: "wrong-state", state: order.state, message: "" };
  }
  await tx
    .update(orders)
    .set({ state: step.to, closedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.state, step.from)));
  if (step.to === "expired") await queueOrderExpired(tx, order.id);
  // Unpaid: a mandate asked for with its first payment (Jornada 3) is withdrawn at the PSP.
  if (move !== "refund") await requestOrderMandateCancellationLocked(tx, order.id, now);
  await auditOrders(tx, [
    { orderId: order.id, actor, at: now, fromState: order.state, toState: step.to, reason },
  ]);
  if (order.invitationId) {
    const freed = transition("invitation", move, "accepted");
    if (freed.ok) {
      await tx
        .update(invitations)
        .set(
          freed.to === "expired"
            ? { status: "expired", expiredAt: now }
            : { status: "revoked", revokedAt: now, revokedBy: actor },
        )
        .where(and(eq(invitations.id, order.invitationId), eq(invitations.status, freed.from)));
    }
  }
  await inviteNextWhereDue(tx, order.robotId, now);
  return { outcome: "closed", order: { ...order, state: step.to, closedAt: now } };
}

/** A spot was freed: the robot's next person is invited where the robot says so. */
export async function inviteNextWhereDue(tx: Executor, robotId: string | null, now: Date) {
  if (!robotId) return;
  const [robot] = await tx
    .select({ autoInvite: robots.autoInvite })
    .from(robots)
    .where(eq(robots.id, robotId));
  if (robot?.autoInvite) await inviteNextOf(tx, robotId, 1, SYSTEM_ACTOR, now);
}

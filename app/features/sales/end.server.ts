// The end move (docs/decisions/330): a subscription ends now (cancelled at the end of its
// paid cycle, cancelled with nothing paid left, or refunded): open charges are voided, the
// order's invitation is released so the spot is free, the robot is listed to switch off, and
// the robot's next person is invited where it says so. A charge paid after that is not applied: its money waits for staff.
import { and, eq, lte } from "drizzle-orm";
import { invitations, orders, subscriptionCharges, subscriptions } from "../../../db/schema.ts";
import { withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { SYSTEM_ACTOR } from "../orders/orders.server.ts";
import { formatLocalDate, localDate, type LocalDate } from "../subscriptions/calendar.ts";
import { subscriptionEndedMessage } from "../subscriptions/messages.tsx";
import {
  auditSubscriptions,
  BATCH,
  notifyCustomer,
  type SubscriptionRow,
} from "../subscriptions/subscriptions.server.ts";
import { refundCopy, robotSwitchCopy } from "../../content/sales.ts";
import { inviteNextWhereDue } from "./close-order.server.ts";
import { lockSaleOf } from "./locks.server.ts";
import { robotToSwitch } from "./robot-switches.server.ts";
import { requestMandateCancellationLocked } from "./pix-mandates.server.ts";
import { transition } from "./transitions.ts";

const switchOffReason = {
  cancel: robotSwitchCopy.cancelledNow,
  end: robotSwitchCopy.ended,
  refund: refundCopy.switchOff,
  erase: robotSwitchCopy.erased,
} as const;

/**
 * Ends one subscription by `move` inside the caller's transaction, under the sale's locks;
 * `dueBy`: only if its paid cycle ends by then (checked under the lock). Returns the row as
 * it was, or null when the move does not apply.
 */
export async function endSubscriptionIn(
  tx: Executor,
  id: string,
  move: "cancel" | "end" | "refund" | "erase",
  actor: string,
  reason: string,
  now: Date,
  dueBy?: LocalDate,
): Promise<SubscriptionRow | null> {
  await lockSaleOf(tx, { subscriptionIds: [id] });
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) return null;
  const step = transition("subscription", move, row.state);
  if (!step.ok || (step.to !== "ended" && step.to !== "refunded")) return null;
  if (dueBy !== undefined && row.paidThrough > dueBy) return null;
  await tx
    .update(subscriptions)
    .set({ state: step.to, endedAt: now })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.state, step.from)));
  const voided = transition("charge", move, "open");
  if (voided.ok) {
    await tx
      .update(subscriptionCharges)
      .set({ state: voided.to, voidedAt: now })
      .where(
        and(eq(subscriptionCharges.subscriptionId, id), eq(subscriptionCharges.state, voided.from)),
      );
  }
  await requestMandateCancellationLocked(tx, id, now);
  await auditSubscriptions(tx, [
    { subscriptionId: id, actor, at: now, fromState: row.state, toState: step.to, reason },
  ]);
  const [order] = await tx
    .select({ robotId: orders.robotId, invitationId: orders.invitationId })
    .from(orders)
    .where(eq(orders.id, row.orderId));
  const freed = transition("invitation", move === "cancel" ? "end" : move, "accepted");
  if (order?.invitationId && freed.ok) {
    await tx
      .update(invitations)
      .set({ status: "revoked", revokedAt: now, revokedBy: actor })
      .where(and(eq(invitations.id, order.invitationId), eq(invitations.status, freed.from)));
  }
  // A subscription already ended (refunded afterwards) had its robot listed when it ended.
  if (row.state !== "ended") {
    await robotToSwitch(
      tx,
      { orderId: row.orderId, action: "off", reason: switchOffReason[move] },
      now,
    );
  }
  await inviteNextWhereDue(tx, order?.robotId ?? null, now);
  return row;
}

/** Cancelled subscriptions whose paid cycle is over end, with an e-mail; returns how many. */
export async function endDueSubscriptions(now: Date): Promise<number> {
  const today = localDate(now);
  let ended = 0;
  for (;;) {
    const ids = await withTransaction((tx) =>
      tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.state, "cancelled"), lte(subscriptions.paidThrough, today)))
        .limit(BATCH),
    );
    let moved = 0;
    for (const { id } of ids) {
      const row = await withTransaction(async (tx) => {
        const done = await endSubscriptionIn(
          tx,
          id,
          "end",
          SYSTEM_ACTOR,
          "fim do ciclo pago após o cancelamento",
          now,
          today,
        );
        if (done) {
          await notifyCustomer(tx, done.orderId, (name, to) =>
            subscriptionEndedMessage.to(to, {
              name,
              robotName: done.robotName,
              day: formatLocalDate(today),
            }),
          );
        }
        return done;
      });
      if (row) moved += 1;
    }
    ended += moved;
    if (ids.length < BATCH || moved === 0) break;
  }
  return ended;
}

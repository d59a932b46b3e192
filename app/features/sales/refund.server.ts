// The refund move, the one path of every screen (docs/decisions/332): /admin/pedidos,
// /admin/assinaturas and "Pagamentos a resolver" all call refundSale. It ends the
// subscription, voids its open charges, refunds the order, frees the spot, destroys the
// sealed trading password, records the money sent in the ledger (through the API Pix's
// devolucao when the money came that way), lists the robot to switch
// off, and tells the customer what was refunded, how and when. Within the 7-day guarantee
// (CDC art. 49) it covers everything paid, setup included; after it, what staff enter, never
// more than was paid. A later payment never revives the sale (pay.server.ts).
import { and, eq } from "drizzle-orm";
import {
  orders,
  orderSetups,
  payments,
  subscriptionCharges,
  subscriptions,
  waitlist,
} from "../../../db/schema.ts";
import { withTransaction } from "../../platform/db/db.server.ts";
import { orderStateLabels } from "../../content/orders.ts";
import { pixRefundCopy, refundCopy } from "../../content/sales.ts";
import { formatDateTime } from "../admin/date-time.ts";
import { formatBrl } from "../orders/format.ts";
import { guarantee } from "../subscriptions/calendar.ts";
import { notifyCustomer } from "../subscriptions/subscriptions.server.ts";
import { closeOrderIn } from "./close-order.server.ts";
import { endSubscriptionIn } from "./end.server.ts";
import { recordMoneyEvent } from "./ledger.server.ts";
import { lockSaleOf } from "./locks.server.ts";
import { queuePixRefundsLocked } from "./pix-refunds.server.ts";
import { saleRefundedMessage } from "./messages.tsx";
import type { RefundDestination } from "./model.ts";
import { robotToSwitch } from "./robot-switches.server.ts";
import { transition } from "./transitions.ts";

export interface RefundInput {
  destination: RefundDestination;
  /** Where the money goes when it is a PIX. */
  pixKey?: string | null;
  /** The transfer's or the card refund's receipt, as staff copy it. */
  reference: string;
  /** After the guarantee: the cents staff refund (at most what was paid). */
  amountCents?: number | null;
}

export type RefundOutcome =
  | { outcome: "refunded"; amountCents: number; withinGuarantee: boolean }
  | { outcome: "refused"; message: string }
  | { outcome: "not-found" };

/** What a sale has been paid: the first order and every paid renewal, in cents. */
export async function paidSoFar(
  tx: Parameters<Parameters<typeof withTransaction>[0]>[0],
  orderId: string,
) {
  const [first] = await tx
    .select({ cents: payments.amountBrlCents })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  const [order] = await tx
    .select({ total: orders.totalBrlCents })
    .from(orders)
    .where(eq(orders.id, orderId));
  const renewals = await tx
    .select({ cents: subscriptionCharges.paymentAmountBrlCents })
    .from(subscriptionCharges)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
    .where(and(eq(subscriptions.orderId, orderId), eq(subscriptionCharges.state, "paid")));
  return (
    (first?.cents ?? order?.total ?? 0) + renewals.reduce((sum, row) => sum + (row.cents ?? 0), 0)
  );
}

/** The one refund of a sale, named by its order or its subscription. */
export async function refundSale(
  start: { orderId: string } | { subscriptionId: string },
  refund: RefundInput,
  actor: string,
  now: Date,
): Promise<RefundOutcome> {
  return withTransaction(async (tx): Promise<RefundOutcome> => {
    let orderId = "orderId" in start ? start.orderId : null;
    if (!orderId && "subscriptionId" in start) {
      const [row] = await tx
        .select({ orderId: subscriptions.orderId })
        .from(subscriptions)
        .where(eq(subscriptions.id, start.subscriptionId));
      orderId = row?.orderId ?? null;
    }
    if (!orderId) return { outcome: "not-found" };
    await lockSaleOf(tx, { orderIds: [orderId] });
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order) return { outcome: "not-found" };
    const step = transition("order", "refund", order.state);
    if (!step.ok) return { outcome: "refused", message: step.message };
    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, orderId));
    if (subscription) {
      const ends = transition("subscription", "refund", subscription.state);
      if (!ends.ok) return { outcome: "refused", message: ends.message };
    }
    const paid = await paidSoFar(tx, orderId);
    const firstPaidAt = subscription?.firstPaidAt ?? order.paidAt ?? now;
    const withinGuarantee = guarantee(firstPaidAt, now).allowed;
    const amountCents = withinGuarantee ? paid : refund.amountCents;
    if (
      amountCents === null ||
      amountCents === undefined ||
      !Number.isSafeInteger(amountCents) ||
      amountCents < 0 ||
      amountCents > paid
    ) {
      return { outcome: "refused", message: refundCopy.amountTooLarge(formatBrl(paid)) };
    }
    const how =
      refund.destination === "pix" ? refundCopy.byPix(refund.pixKey ?? "") : refundCopy.byCard;
    const reason = `${refundCopy.auditReason(formatBrl(amountCents), how)} ${refund.reference}`;
    if (subscription) {
      await endSubscriptionIn(tx, subscription.id, "refund", actor, reason, now);
      await tx
        .update(subscriptions)
        .set({
          refundMethod: refund.destination,
          refundReference: refund.reference,
          refundedBy: actor,
        })
        .where(eq(subscriptions.id, subscription.id));
    }
    const closed = await closeOrderIn(tx, orderId, "refund", actor, reason, now);
    if (closed.outcome !== "closed") {
      return {
        outcome: "refused",
        message: closed.outcome === "wrong-state" ? closed.message : orderStateLabels.refunded,
      };
    }
    // The robot stops: its trading password is destroyed, and staff are told to switch it off.
    await tx
      .update(orderSetups)
      .set({ credentialSealed: null })
      .where(eq(orderSetups.orderId, orderId));
    // endSubscriptionIn listed the robot of a subscription; an order without one here.
    if (!subscription) {
      await robotToSwitch(tx, { orderId, action: "off", reason: refundCopy.switchOff }, now);
    }
    // Money that came through the API Pix goes back through it (devolucao, sent by the
    // worker); what is left is refunded by hand, as staff recorded (docs/decisions/366).
    const byPsp =
      refund.destination === "pix"
        ? await queuePixRefundsLocked(tx, order, amountCents, actor, now)
        : 0;
    if (amountCents - byPsp > 0 || byPsp === 0) {
      await recordMoneyEvent(
        tx,
        {
          source: "staff",
          sourceId: `reembolso ${order.reference}`,
          kind: "refund-sent",
          method: refund.destination === "card" ? "card" : "pix",
          amountCents: amountCents - byPsp,
          currency: "BRL",
          receivedAt: now,
          origin: `enviado por ${actor}`,
          reference: order.reference,
          description: `${how}; ${refund.reference}`,
        },
        now,
      );
    }
    const howSent =
      byPsp === 0
        ? how
        : byPsp === amountCents
          ? pixRefundCopy.byPsp(formatBrl(byPsp))
          : `${pixRefundCopy.byPsp(formatBrl(byPsp))}; ${formatBrl(amountCents - byPsp)} por ${how}`;
    await notifyCustomer(tx, orderId, (name, to) =>
      saleRefundedMessage.to(to, {
        name,
        robotName: order.robotName,
        amount: formatBrl(amountCents),
        what: withinGuarantee ? refundCopy.whatAll : refundCopy.whatPart,
        how: howSent,
        when: formatDateTime(now),
      }),
    );
    return { outcome: "refunded", amountCents, withinGuarantee };
  });
}

/** /admin/pedidos names the order. */
export function refundOrder(
  orderId: string,
  refund: RefundInput,
  actor: string,
  now: Date,
): Promise<RefundOutcome> {
  return refundSale({ orderId }, refund, actor, now);
}

/** /admin/assinaturas names the subscription. */
export function recordRefund(
  subscriptionId: string,
  refund: RefundInput,
  actor: string,
  now: Date,
): Promise<RefundOutcome> {
  return refundSale({ subscriptionId }, refund, actor, now);
}

export type RefundQuote =
  | {
      refundable: true;
      orderId: string;
      reference: string;
      robotName: string;
      personName: string | null;
      paidCents: number;
      withinGuarantee: boolean;
    }
  | { refundable: false; reference: string; robotName: string; state: string }
  | null;

/** What the refund page shows before staff confirm: what was paid and what the refund covers. */
export async function refundQuote(orderId: string, now: Date): Promise<RefundQuote> {
  return withTransaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order) return null;
    const step = transition("order", "refund", order.state);
    if (!step.ok) {
      return {
        refundable: false,
        reference: order.reference,
        robotName: order.robotName,
        state: orderStateLabels[order.state],
      };
    }
    const [subscription] = await tx
      .select({ firstPaidAt: subscriptions.firstPaidAt })
      .from(subscriptions)
      .where(eq(subscriptions.orderId, orderId));
    const [person] = order.waitlistId
      ? await tx
          .select({ name: waitlist.name })
          .from(waitlist)
          .where(eq(waitlist.id, order.waitlistId))
      : [];
    return {
      refundable: true,
      orderId,
      reference: order.reference,
      robotName: order.robotName,
      personName: person?.name ?? null,
      paidCents: await paidSoFar(tx, orderId),
      withinGuarantee: guarantee(subscription?.firstPaidAt ?? order.paidAt ?? now, now).allowed,
    };
  });
}

// The pay move (docs/decisions/330, 331): money that arrives is recorded in the ledger and
// applied to exactly one order or renewal charge, or left waiting for staff with its reason,
// in one transaction. Expiry is judged by when the money was received: an order that expired
// after money reached us in time is reinstated when its spot is still free. A refunded or
// ended subscription is never revived: its charges are void, and the money waits.
import { and, eq, inArray } from "drizzle-orm";
import {
  invitations,
  orders,
  orderSetups,
  payments,
  robots,
  subscriptionCharges,
  subscriptions,
  waitlist,
  waitlistStatusChanges,
} from "../../../db/schema.ts";
import { withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { inBatches, insertRowsSql } from "../../platform/db/rows.ts";
import { receiptCopy } from "../../content/account.ts";
import { orderStateLabels, paymentMethodLabels } from "../../content/orders.ts";
import { paymentReceiptMessage } from "../account/messages.tsx";
import { formatDateTime } from "../admin/date-time.ts";
import { moneySourceLabels, waitingReasons } from "../../content/sales.ts";
import { chargeStateLabels, subscriptionStateLabels } from "../../content/subscriptions.ts";
import { spotsOf } from "../invitations/invitations.server.ts";
import { formatBrl } from "../orders/format.ts";
import { chargeRateLine } from "../orders/rate-line.ts";
import type { OrderState } from "../orders/model.ts";
import { queueOrdersPaid } from "../orders/order-mail.server.ts";
import {
  auditOrders,
  type OrderRow,
  type PaymentInput,
  type PayOutcome,
} from "../orders/orders.server.ts";
import { cycleOf, localDate } from "../subscriptions/calendar.ts";
import { startSubscriptionsLocked } from "../subscriptions/order-hooks.server.ts";
import {
  anchorOf,
  auditSubscriptions,
  notifyCustomer,
  type ChargePayment,
  type PayChargeOutcome,
} from "../subscriptions/subscriptions.server.ts";
import {
  leaveWaiting,
  markAllApplied,
  markApplied,
  recordMoneyEvent,
  type MoneyEventInput,
  type MoneyEventRow,
} from "./ledger.server.ts";
import { lockInOrder, lockSaleOf } from "./locks.server.ts";
import { inheritOrderMandatesLocked } from "./order-mandates.server.ts";
import { reactivatedLocked } from "./reactivate.server.ts";
import { API_PIX_ACTOR } from "./model.ts";
import { movableFrom, transition } from "./transitions.ts";

export type PayTarget = { orderId: string } | { chargeId: string };

/** Who applies the money and how the payment row reads (its reference, the payer's note). */
export interface Settlement {
  actor: string;
  /** The audit row's reason: "extrato importado", "pagamento registrado à mão"… */
  why: string;
  /** What the payment row quotes (a credit's key, "MP 123"); the event's own id otherwise. */
  paymentReference?: string;
  note?: string | null;
  /**
   * The source checked the amount against its own charge (a due-date charge paid late with
   * its fine and interest): the pay move takes what was paid.
   */
  amountChecked?: boolean;
}

export type ReceiveOutcome =
  | { outcome: "applied"; eventId: string; target: PayTarget }
  | { outcome: "waiting"; eventId: string; reason: string }
  | { outcome: "duplicate"; eventId: string; event: MoneyEventRow }
  | { outcome: "noted"; eventId: string };

type Applied = { ok: true; target: PayTarget } | { ok: false; reason: string };

/**
 * The ledger's one entry point for every source of money (statement, Mercado Pago, API Pix,
 * staff): records the event once and, if it is money in, applies it (to `target`, or to the
 * order or charge its reference names) or leaves it waiting with a reason and e-mails staff.
 * Call it inside the transaction that learnt of the money. The same (source, sourceId) again
 * answers "duplicate" and changes nothing.
 */
export async function receiveMoney(
  tx: Executor,
  input: MoneyEventInput,
  settlement: Settlement,
  now: Date,
  target?: PayTarget,
): Promise<ReceiveOutcome> {
  const { event, fresh } = await recordMoneyEvent(tx, input, now);
  if (!fresh) return { outcome: "duplicate", eventId: event.id, event };
  if (event.state === "noted") return { outcome: "noted", eventId: event.id };
  const applied = await applyMoney(tx, event, target ?? null, settlement, now, { fresh: true });
  if (!applied.ok) {
    await leaveWaiting(tx, [{ event, reason: applied.reason }]);
    return { outcome: "waiting", eventId: event.id, reason: applied.reason };
  }
  return { outcome: "applied", eventId: event.id, target: applied.target };
}

/** The order or charge a reference names: charges first (their references are their own). */
export async function targetOfReference(
  tx: Executor,
  reference: string | null | undefined,
): Promise<PayTarget | null> {
  if (!reference) return null;
  const [charge] = await tx
    .select({ id: subscriptionCharges.id })
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.reference, reference));
  if (charge) return { chargeId: charge.id };
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.reference, reference));
  return order ? { orderId: order.id } : null;
}

/**
 * Applies one recorded money event (money in, waiting) to its order or charge, under the
 * sale's locks, or says why it cannot. Writes nothing when it cannot. `fresh`: this
 * transaction inserted the event, so no one else can see it, let alone lock it.
 */
export async function applyMoney(
  tx: Executor,
  event: MoneyEventRow,
  target: PayTarget | null,
  settlement: Settlement,
  now: Date,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<Applied> {
  const resolved = target ?? (await targetOfReference(tx, event.reference));
  if (!resolved)
    return { ok: false, reason: waitingReasons.unknownReference(event.reference ?? "") };
  if (event.currency !== "BRL")
    return { ok: false, reason: waitingReasons.wrongCurrency(event.currency) };
  await lockSaleOf(
    tx,
    "orderId" in resolved ? { orderIds: [resolved.orderId] } : { chargeIds: [resolved.chargeId] },
    {
      moneyEventIds: fresh ? [] : [event.id],
      robots: "orderId" in resolved ? "paying-orders" : "always",
    },
  );
  const payment = paymentOf(event, settlement);
  const checkAmount = checksAmount(event, settlement);
  const refusal =
    "orderId" in resolved
      ? await payOrderLocked(tx, resolved.orderId, event, payment, settlement, checkAmount, now)
      : await payChargeLocked(tx, resolved.chargeId, payment, settlement, checkAmount, now);
  if (refusal) return { ok: false, reason: refusal };
  await markApplied(tx, event.id, resolved, null, now);
  return { ok: true, target: resolved };
}

/** One event of a set applied together: the event, what it pays, how the payment reads. */
export interface BulkItem {
  event: MoneyEventRow;
  target: PayTarget;
  settlement: Settlement;
}

/**
 * Applies many money events this transaction recorded (money in, waiting), each to its order or
 * charge, with the outcome `applyMoney` gives each in turn (docs/decisions/470): the sale's locks
 * taken once in the one order, the orders read a thousand to a statement, each checked by the
 * order's pay move, and those a plain payment pays (an order awaiting payment, the amount
 * right, named by no other item) paid together. The rest (an expired order reinstated, a
 * renewal charge, an order two items name, money not in reais) go through `applyMoney` one by
 * one, in their order, after them: none of them touches an order paid together. Writes nothing
 * for an item that cannot be applied: the caller leaves it waiting with its reason.
 */
export async function applyMoneyInBulk(
  tx: Executor,
  items: readonly BulkItem[],
  now: Date,
): Promise<Applied[]> {
  const orderIds = items.flatMap(({ target }) => ("orderId" in target ? [target.orderId] : []));
  await lockSaleOf(tx, {
    orderIds,
    chargeIds: items.flatMap(({ target }) => ("chargeId" in target ? [target.chargeId] : [])),
  });
  const named = new Map<string, number>();
  for (const id of orderIds) named.set(id, (named.get(id) ?? 0) + 1);
  const plain = (item: BulkItem): item is BulkItem & { target: { orderId: string } } =>
    "orderId" in item.target &&
    named.get(item.target.orderId) === 1 &&
    item.event.currency === "BRL";
  const candidates = items.filter(plain);
  const rows = new Map(
    (
      await inBatches(
        candidates.map(({ target }) => target.orderId),
        (batch) => tx.select().from(orders).where(inArray(orders.id, batch)),
      )
    ).map((row) => [row.id, row]),
  );
  const results: (Applied | undefined)[] = items.map(() => undefined);
  const together = new Map<string, { index: number; order: OrderRow; payment: PaymentInput }[]>();
  items.forEach((item, index) => {
    if (!plain(item)) return;
    const payment = paymentOf(item.event, item.settlement);
    const verdict = orderVerdict(
      rows.get(item.target.orderId),
      payment,
      checksAmount(item.event, item.settlement),
    );
    if (!verdict.ok) results[index] = { ok: false, reason: verdict.reason };
    else if (!verdict.reinstates) {
      // payOrdersLocked writes one actor and reason for its orders.
      const key = JSON.stringify([item.settlement.actor, item.settlement.why]);
      const list = together.get(key) ?? [];
      list.push({ index, order: verdict.order, payment });
      together.set(key, list);
    }
  });
  for (const list of together.values()) {
    const { settlement } = items[list[0]!.index]!;
    await payOrdersLocked(tx, list, settlement.actor, now, settlement.why);
    await markAllApplied(
      tx,
      list.map(({ index }) => ({ eventId: items[index]!.event.id, target: items[index]!.target })),
    );
    for (const { index } of list) results[index] = { ok: true, target: items[index]!.target };
  }
  for (const [index, item] of items.entries()) {
    if (results[index]) continue;
    results[index] = await applyMoney(tx, item.event, item.target, item.settlement, now);
  }
  return results as Applied[];
}

/** The payment row an applied event writes. */
function paymentOf(event: MoneyEventRow, settlement: Settlement): PaymentInput {
  return {
    method: event.method ?? "pix",
    reference:
      settlement.paymentReference ?? `${moneySourceLabels[event.source]} ${event.sourceId}`,
    note: settlement.note ?? null,
    creditKey: event.source === "statement" ? event.sourceId : null,
    amountBrlCents: event.amountCents,
  };
}

/** Staff's own amount is taken as it is; a source's is checked unless it checked it itself. */
const checksAmount = (event: MoneyEventRow, settlement: Settlement) =>
  event.source !== "staff" && !settlement.amountChecked;

/**
 * Whether money may pay an order as it stands (the order's pay move, the amount): why not, or
 * whether the payment reinstates it (it expired: the money's date and the spot decide).
 */
function orderVerdict(
  order: OrderRow | undefined,
  payment: PaymentInput,
  checkAmount: boolean,
): { ok: false; reason: string } | { ok: true; order: OrderRow; reinstates: boolean } {
  if (!order) return { ok: false, reason: waitingReasons.unknownReference("") };
  const move = transition("order", "pay", order.state);
  if (!move.ok)
    return { ok: false, reason: waitingReasons.orderClosed(orderStateLabels[order.state]) };
  if (checkAmount && order.totalBrlCents !== payment.amountBrlCents) {
    return {
      ok: false,
      reason: waitingReasons.wrongAmount(
        formatBrl(payment.amountBrlCents ?? 0),
        order.totalBrlCents === null ? "—" : formatBrl(order.totalBrlCents),
      ),
    };
  }
  return { ok: true, order, reinstates: order.state === "expired" };
}

/** Pays one locked order, reinstating it if it expired after the money arrived in time. */
async function payOrderLocked(
  tx: Executor,
  orderId: string,
  event: Pick<MoneyEventRow, "receivedAt">,
  payment: PaymentInput,
  settlement: Settlement,
  checkAmount: boolean,
  now: Date,
): Promise<string | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const verdict = orderVerdict(row, payment, checkAmount);
  if (!verdict.ok) return verdict.reason;
  const { order } = verdict;
  if (verdict.reinstates) {
    if (event.receivedAt > order.deadline) return waitingReasons.receivedAfterDeadline;
    // Held already unless the order expired between lockSaleOf's read and its lock: then
    // the robot comes after the order, once, and PostgreSQL's deadlock check is the net (the
    // source retries: a webhook answers 503).
    if (order.robotId) await lockInOrder(tx, { robotIds: [order.robotId] });
    const reinstated = await reinstateSpot(tx, order, now);
    if (!reinstated) return waitingReasons.spotTaken;
  }
  await payOrdersLocked(tx, [{ order, payment }], settlement.actor, now, settlement.why);
  return null;
}

/**
 * An order that expired while its money was on its way takes its spot back, if the robot
 * still has one free: its invitation is accepted again (the robot is locked by the caller).
 */
async function reinstateSpot(tx: Executor, order: OrderRow, now: Date): Promise<boolean> {
  if (!order.invitationId) return false;
  if (order.robotId) {
    const [robot] = await tx
      .select({ id: robots.id, capacity: robots.capacity })
      .from(robots)
      .where(eq(robots.id, order.robotId));
    if (robot) {
      const { free } = await spotsOf(tx, robot, now);
      if (free !== null && free < 1) return false;
    }
  }
  const back = transition("invitation", "pay", "expired");
  if (!back.ok) return false;
  const [invitation] = await tx
    .update(invitations)
    .set({ status: back.to, expiredAt: null })
    .where(and(eq(invitations.id, order.invitationId), eq(invitations.status, back.from)))
    .returning({ id: invitations.id });
  return invitation !== undefined;
}

/**
 * Marks orders paid; the caller holds their rows locked and checked the move. The person's
 * waiting-list entry becomes "Convertido" (DESIGN 16), setup opens and the subscription
 * starts.
 */
export async function payOrdersLocked(
  tx: Executor,
  items: {
    order: Pick<OrderRow, "id" | "waitlistId" | "totalBrlCents" | "state">;
    payment: PaymentInput;
  }[],
  actor: string,
  now: Date,
  why: string,
): Promise<void> {
  const from = movableFrom("order", "pay");
  for (let i = 0; i < items.length; i += 1000) {
    const chunk = items.slice(i, i + 1000);
    const ids = chunk.map((item) => item.order.id);
    await tx
      .update(orders)
      .set({ state: "paid", paidAt: now, closedAt: null })
      .where(and(inArray(orders.id, ids), inArray(orders.state, from)));
    await tx.execute(
      insertRowsSql(
        payments,
        chunk.map(({ order, payment }) => ({
          orderId: order.id,
          method: payment.method,
          amountBrlCents: payment.amountBrlCents ?? order.totalBrlCents,
          reference: payment.reference,
          note: payment.note ?? null,
          creditKey: payment.creditKey ?? null,
          recordedBy: actor,
          recordedAt: now,
        })),
      ),
    );
    await tx.execute(
      insertRowsSql(
        orderSetups,
        chunk.map(({ order }) => ({ orderId: order.id })),
      ),
    );
    await startSubscriptionsLocked(tx, ids, actor, now);
    await inheritOrderMandatesLocked(tx, ids, actor === API_PIX_ACTOR, now);
    const people = chunk.flatMap(({ order }) => (order.waitlistId ? [order.waitlistId] : []));
    if (people.length > 0) {
      const converted = await tx
        .update(waitlist)
        .set({ status: "converted" })
        .where(
          and(inArray(waitlist.id, people), inArray(waitlist.status, ["pending", "contacted"])),
        )
        .returning({ id: waitlist.id });
      if (converted.length > 0) {
        await tx.execute(
          insertRowsSql(
            waitlistStatusChanges,
            converted.map(({ id }) => ({
              entryId: id,
              status: "converted" as const,
              changedBy: actor,
            })),
          ),
        );
      }
    }
    await queueOrdersPaid(
      tx,
      chunk.map(({ order, payment }) => ({
        orderId: order.id,
        amountBrlCents: payment.amountBrlCents ?? order.totalBrlCents,
        method: payment.method,
        reference: payment.reference,
        paidAt: now,
      })),
    );
    await auditOrders(
      tx,
      chunk.map(({ order, payment }) => ({
        orderId: order.id,
        actor,
        at: now,
        fromState: order.state as OrderState,
        toState: "paid" as const,
        reason: `${why}: ${payment.method} ${payment.reference}${payment.note ? ` (${payment.note})` : ""}${order.state === "expired" ? " (dinheiro recebido no prazo; pedido reativado)" : ""}`,
      })),
    );
  }
}

/**
 * Records a cycle's payment on a locked charge. Within the grace period the cycle keeps its
 * dates; a suspended subscription is reactivated and restarts on the payment date
 * (docs/decisions/170). Returns why it cannot, or null.
 */
async function payChargeLocked(
  tx: Executor,
  chargeId: string,
  payment: ChargePayment,
  settlement: Settlement,
  checkAmount: boolean,
  now: Date,
): Promise<string | null> {
  const [charge] = await tx
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.id, chargeId));
  if (!charge) return waitingReasons.unknownReference("");
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, charge.subscriptionId));
  if (!subscription) return waitingReasons.unknownReference(charge.reference);
  const chargeMove = transition("charge", "pay", charge.state);
  if (!chargeMove.ok) return waitingReasons.chargeClosed(chargeStateLabels[charge.state]);
  const suspended = subscription.state === "suspended";
  const move = transition("subscription", suspended ? "reactivate" : "pay", subscription.state);
  if (!move.ok) return waitingReasons.subscriptionOver(subscriptionStateLabels[subscription.state]);
  if (charge.cycle !== subscription.paidCycle + 1) return waitingReasons.notNextCycle;
  if (checkAmount && payment.amountBrlCents !== charge.totalBrlCents) {
    return waitingReasons.wrongAmount(
      formatBrl(payment.amountBrlCents ?? 0),
      formatBrl(charge.totalBrlCents),
    );
  }
  const anchor = suspended ? { date: localDate(now), cycle: charge.cycle } : anchorOf(subscription);
  const cycle = cycleOf(anchor, charge.cycle);
  await tx
    .update(subscriptionCharges)
    .set({
      state: chargeMove.to,
      paidAt: now,
      paymentMethod: payment.method,
      paymentReference: payment.reference,
      paymentAmountBrlCents: payment.amountBrlCents ?? charge.totalBrlCents,
      paymentRecordedBy: settlement.actor,
    })
    .where(
      and(eq(subscriptionCharges.id, charge.id), eq(subscriptionCharges.state, chargeMove.from)),
    );
  await tx
    .update(subscriptions)
    .set({
      state: move.to,
      anchorDate: anchor.date,
      anchorCycle: anchor.cycle,
      paidCycle: charge.cycle,
      paidThrough: cycle.end,
      suspendedAt: null,
    })
    .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.state, move.from)));
  await auditSubscriptions(tx, [
    {
      subscriptionId: subscription.id,
      actor: settlement.actor,
      at: now,
      fromState: subscription.state,
      toState: move.to,
      reason: `ciclo ${charge.cycle} pago: ${payment.method} ${payment.reference}${suspended ? " (reativada)" : ""}`,
    },
  ]);
  if (suspended) await reactivatedLocked(tx, subscription, cycle.end, now);
  await notifyCustomer(tx, subscription.orderId, (name, to) =>
    paymentReceiptMessage.to(to, {
      name,
      service: receiptCopy.service(subscription.robotName, charge.cycle),
      amount: formatBrl(payment.amountBrlCents ?? charge.totalBrlCents),
      rate: chargeRateLine(charge),
      method: paymentMethodLabels[payment.method],
      paymentReference: payment.reference,
      reference: charge.reference,
      paidAt: formatDateTime(now),
    }),
  );
  return null;
}

/** Staff mark one order paid by hand. Paying twice or paying a closed order changes nothing. */
export async function markOrderPaid(
  orderId: string,
  payment: PaymentInput,
  actor: string,
  now: Date,
): Promise<{ outcome: PayOutcome; state?: OrderState }> {
  return withTransaction(async (tx) => {
    await lockSaleOf(tx, { orderIds: [orderId] });
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order) return { outcome: "not-found" };
    if (order.state === "paid") return { outcome: "already-paid", state: order.state };
    // By hand only an order awaiting payment: late money goes through "Pagamentos a resolver".
    if (order.state !== "awaiting-payment") return { outcome: "not-payable", state: order.state };
    const received = await receiveMoney(
      tx,
      {
        source: "staff",
        sourceId: `pedido ${order.reference}`,
        kind: "credit",
        method: payment.method,
        amountCents: payment.amountBrlCents ?? order.totalBrlCents ?? 0,
        currency: "BRL",
        receivedAt: now,
        origin: `registrado por ${actor}`,
        reference: order.reference,
        description: payment.note ?? null,
      },
      {
        actor,
        why: "pagamento registrado à mão",
        paymentReference: payment.reference,
        note: payment.note,
      },
      now,
      { orderId },
    );
    if (received.outcome !== "applied")
      throw new Error(`hand payment not applied: ${received.outcome}`);
    return { outcome: "paid" };
  });
}

/**
 * Staff record a cycle's payment by hand (the charge's reference). A charge paid twice, or
 * voided, changes nothing.
 */
export async function payCharge(
  chargeReference: string,
  payment: ChargePayment,
  actor: string,
  now: Date,
): Promise<PayChargeOutcome> {
  return withTransaction(async (tx) => {
    const [found] = await tx
      .select({ id: subscriptionCharges.id })
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.reference, chargeReference));
    if (!found) return "not-found";
    await lockSaleOf(tx, { chargeIds: [found.id] });
    const [charge] = await tx
      .select({
        state: subscriptionCharges.state,
        totalBrlCents: subscriptionCharges.totalBrlCents,
      })
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.id, found.id));
    if (!charge) return "not-found";
    if (charge.state === "paid") return "already-paid";
    const { event, fresh } = await recordMoneyEvent(
      tx,
      {
        source: "staff",
        sourceId: `cobrança ${chargeReference}`,
        kind: "credit",
        method: payment.method,
        amountCents: payment.amountBrlCents ?? charge.totalBrlCents,
        currency: "BRL",
        receivedAt: now,
        origin: `registrado por ${actor}`,
        reference: chargeReference,
      },
      now,
    );
    if (!fresh) return "already-paid";
    const applied = await applyMoney(
      tx,
      event,
      { chargeId: found.id },
      { actor, why: "pagamento registrado à mão", paymentReference: payment.reference },
      now,
    );
    // Staff are answered at once; nothing is recorded for a charge that cannot take it.
    if (!applied.ok) throw new NotPayable();
    return "paid";
  }).catch((error: unknown) => {
    if (error instanceof NotPayable) return "not-payable" as const;
    throw error;
  });
}

class NotPayable extends Error {}

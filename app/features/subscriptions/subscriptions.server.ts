// Subscriptions after the first payment (issue 24, docs/decisions/172): the renewal sweep,
// paying a cycle, cancelling, the 7-day guarantee. Every change writes its audit row and its
// e-mail in the same transaction. Locks are taken robot -> invitation -> order ->
// subscription -> charge, the order the orders module uses, so no two changes wait on each
// other in a cycle.
import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import {
  invitations,
  orderEvents,
  orders,
  robots,
  subscriptionCharges,
  subscriptionEvents,
  subscriptions,
  waitlist,
} from "../../../db/schema.ts";
import { getDb, withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { enqueue } from "../../platform/jobs/enqueue.server.ts";
import type { MessageJob } from "../../platform/jobs/registry.ts";
import { subscriptionEmailCopy } from "../../content/subscriptions.ts";
import { paymentMethodLabels } from "../../content/orders.ts";
import { receiptCopy } from "../../content/account.ts";
import { paymentReceiptMessage } from "../account/messages.tsx";
import { formatDateTime } from "../admin/date-time.ts";
import { inviteNextOf } from "../invitations/invitations.server.ts";
import type { PaymentMethod } from "../orders/model.ts";
import { formatBrl, formatRate, formatUsd } from "../orders/format.ts";
import { rateText } from "../orders/money.ts";
import { currentExchangeRate, newOrderReference, SYSTEM_ACTOR } from "../orders/orders.server.ts";
import { pixCode } from "../orders/pix.server.ts";
import {
  addDays,
  cancellationEffect,
  cycleAmounts,
  cycleOf,
  formatLocalDate,
  guarantee,
  localDate,
  localInstant,
  type Anchor,
  type LocalDate,
} from "./calendar.ts";
import {
  renewalChargeMessage,
  renewalLateMessage,
  renewalReminderMessage,
  subscriptionCancelledMessage,
  subscriptionRefundedMessage,
  subscriptionSuspendedMessage,
} from "./messages.tsx";
import { NOTICE_HOUR, RENEWAL_NOTICE_DAYS, type SubscriptionState } from "./model.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type ChargeRow = typeof subscriptionCharges.$inferSelect;

const BATCH = 200;

function anchorOf(row: Pick<SubscriptionRow, "anchorDate" | "anchorCycle">): Anchor {
  return { date: row.anchorDate, cycle: row.anchorCycle };
}

async function audit(
  tx: Executor,
  rows: {
    subscriptionId: string;
    actor: string;
    at: Date;
    fromState: SubscriptionState | null;
    toState: SubscriptionState | null;
    reason: string;
  }[],
) {
  if (rows.length > 0) await tx.insert(subscriptionEvents).values(rows);
}

/** The person a subscription's e-mails go to (its order's); none once their data was erased. */
async function customerOf(tx: Executor, orderId: string) {
  const [person] = await tx
    .select({ name: waitlist.name, email: waitlist.email })
    .from(orders)
    .innerJoin(waitlist, eq(waitlist.id, orders.waitlistId))
    .where(eq(orders.id, orderId));
  return person ?? null;
}

async function notify(
  tx: Executor,
  orderId: string,
  message: (name: string, to: string) => MessageJob,
) {
  const person = await customerOf(tx, orderId);
  if (person) await enqueue(tx, message(person.name, person.email));
}

/**
 * The latest due date whose charge should exist at `now`: the first notice of a cycle due on
 * D goes out on D-7 at 9h in São Paulo.
 */
function chargeHorizon(now: Date): LocalDate {
  const today = localDate(now);
  const firstNotice = RENEWAL_NOTICE_DAYS[0];
  return now >= localInstant(today, NOTICE_HOUR)
    ? addDays(today, firstNotice)
    : addDays(today, firstNotice - 1);
}

/** Likewise for the reminder (D-1 at 9h). */
function reminderHorizon(now: Date): LocalDate {
  const today = localDate(now);
  const lastNotice = RENEWAL_NOTICE_DAYS[RENEWAL_NOTICE_DAYS.length - 1] ?? 1;
  return now >= localInstant(today, NOTICE_HOUR)
    ? addDays(today, lastNotice)
    : addDays(today, lastNotice - 1);
}

async function chargeMessage(
  charge: ChargeRow,
  robotName: string,
  message: typeof renewalChargeMessage | typeof renewalReminderMessage,
): Promise<(name: string, to: string) => MessageJob> {
  const env = getEnv();
  const pixLine = env.PIX_KEY
    ? subscriptionEmailCopy.charge.pix(
        await pixCode(
          { key: env.PIX_KEY, name: env.PIX_MERCHANT_NAME, city: env.PIX_MERCHANT_CITY },
          { amountBrlCents: charge.totalBrlCents, txid: charge.reference },
        ),
      )
    : "";
  return (name, to) =>
    message.to(to, {
      name,
      robotName,
      dueDate: formatLocalDate(charge.dueDate),
      amountUsd: formatUsd(charge.totalUsdCents),
      amountBrl: formatBrl(charge.totalBrlCents),
      rate: formatRate(Number(charge.exchangeRate.replace(".", ""))),
      reference: charge.reference,
      pixLine,
    });
}

/**
 * Creates the charge of each active subscription's next cycle once its first notice is due,
 * with a new reference (PIX txid), at the day's rate, and e-mails it. The unique
 * (subscription, cycle) index makes a second sweep, or one run again after a crash, create
 * nothing: the insert and its e-mail commit together or not at all.
 */
async function createDueCharges(now: Date): Promise<number> {
  const horizon = chargeHorizon(now);
  const remindNow = reminderHorizon(now);
  let created = 0;
  for (;;) {
    const batch = await withTransaction(async (tx) => {
      const rate = await currentExchangeRate(tx);
      if (!rate) return { created: 0, seen: 0 };
      const due = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.state, "active"),
            sql`${subscriptions.priceUsdCents} is not null`,
            lte(subscriptions.paidThrough, horizon),
            sql`not exists (select 1 from ${subscriptionCharges} c where c.subscription_id = ${subscriptions.id} and c.cycle = ${subscriptions.paidCycle} + 1)`,
          ),
        )
        .orderBy(asc(subscriptions.paidThrough), asc(subscriptions.id))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      let made = 0;
      for (const subscription of due) {
        const cycle = cycleOf(anchorOf(subscription), subscription.paidCycle + 1);
        const amounts = cycleAmounts({
          cycle: cycle.number,
          priceUsdCents: subscription.priceUsdCents ?? 0,
          partnerBrokerActive: subscription.partnerBroker,
          early:
            subscription.earlyDiscountBp !== null && subscription.earlyDiscountMonths !== null
              ? {
                  basisPoints: subscription.earlyDiscountBp,
                  months: subscription.earlyDiscountMonths,
                }
              : null,
          exchangeRate: rate.rate,
        });
        const [charge] = await tx
          .insert(subscriptionCharges)
          .values({
            subscriptionId: subscription.id,
            cycle: cycle.number,
            reference: newOrderReference(),
            dueDate: cycle.start,
            priceUsdCents: amounts.priceUsdCents,
            partnerDiscountUsdCents: amounts.partnerDiscountUsdCents,
            earlyDiscountUsdCents: amounts.earlyDiscountUsdCents,
            totalUsdCents: amounts.totalUsdCents,
            exchangeRate: rateText(rate.rate),
            exchangeRateSetBy: rate.setBy,
            exchangeRateSetAt: rate.setAt,
            totalBrlCents: amounts.totalBrlCents,
            createdAt: now,
            // Made late (the sweep was down): the reminder would only repeat it.
            remindedAt: cycle.start <= remindNow ? now : null,
          })
          .onConflictDoNothing()
          .returning();
        if (!charge) continue;
        made += 1;
        await notify(
          tx,
          subscription.orderId,
          await chargeMessage(charge, subscription.robotName, renewalChargeMessage),
        );
      }
      return { created: made, seen: due.length };
    });
    created += batch.created;
    if (batch.seen < BATCH) return created;
  }
}

/** The day-before reminder of each open charge whose subscription is still served. */
async function sendReminders(now: Date): Promise<number> {
  const horizon = reminderHorizon(now);
  let sent = 0;
  for (;;) {
    const batch = await withTransaction(async (tx) => {
      const due = await tx
        .select({ charge: subscriptionCharges, subscription: subscriptions })
        .from(subscriptionCharges)
        .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
        .where(
          and(
            eq(subscriptionCharges.state, "open"),
            isNull(subscriptionCharges.remindedAt),
            lte(subscriptionCharges.dueDate, horizon),
            eq(subscriptions.state, "active"),
          ),
        )
        .limit(BATCH)
        .for("update", { of: subscriptionCharges, skipLocked: true });
      for (const { charge, subscription } of due) {
        await tx
          .update(subscriptionCharges)
          .set({ remindedAt: now })
          .where(eq(subscriptionCharges.id, charge.id));
        await notify(
          tx,
          subscription.orderId,
          await chargeMessage(charge, subscription.robotName, renewalReminderMessage),
        );
      }
      return due.length;
    });
    sent += batch;
    if (batch < BATCH) return sent;
  }
}

async function openChargeOf(tx: Executor, subscriptionId: string): Promise<ChargeRow | null> {
  const [charge] = await tx
    .select()
    .from(subscriptionCharges)
    .where(
      and(
        eq(subscriptionCharges.subscriptionId, subscriptionId),
        eq(subscriptionCharges.state, "open"),
      ),
    );
  return charge ?? null;
}

/**
 * Moves subscriptions whose date has come: unpaid at the due date -> past due (with a
 * notice), grace over -> suspended (staff stop the robot), cancelled at the end of the paid
 * cycle -> ended (its spot freed).
 */
async function advanceStates(
  now: Date,
  graceDays: number,
): Promise<{ late: number; suspended: number; ended: number }> {
  const today = localDate(now);
  const counts = { late: 0, suspended: 0, ended: 0 };
  const steps: {
    from: SubscriptionState;
    to: SubscriptionState;
    dueBy: LocalDate;
    key: keyof typeof counts;
  }[] = [
    { from: "active", to: "past-due", dueBy: today, key: "late" },
    { from: "past-due", to: "suspended", dueBy: addDays(today, -graceDays), key: "suspended" },
    { from: "cancelled", to: "ended", dueBy: today, key: "ended" },
  ];
  for (const step of steps) {
    for (;;) {
      const ids = await withTransaction((tx) =>
        tx
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(
            and(
              eq(subscriptions.state, step.from),
              lte(subscriptions.paidThrough, step.dueBy),
              // Robots "Sob consulta" are charged by hand: staff move those.
              step.from === "cancelled"
                ? undefined
                : sql`${subscriptions.priceUsdCents} is not null`,
            ),
          )
          .limit(BATCH),
      );
      let moved = 0;
      for (const { id } of ids) {
        const done = await moveState(id, step.from, step.to, step.dueBy, graceDays, now);
        if (done) moved += 1;
      }
      counts[step.key] += moved;
      if (ids.length < BATCH || moved === 0) break;
    }
  }
  return counts;
}

async function moveState(
  id: string,
  from: SubscriptionState,
  to: SubscriptionState,
  dueBy: LocalDate,
  graceDays: number,
  now: Date,
): Promise<boolean> {
  if (to === "ended")
    return endSubscription(
      id,
      ["cancelled"],
      "ended",
      SYSTEM_ACTOR,
      "fim do ciclo pago após o cancelamento",
      now,
      dueBy,
    );
  return withTransaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, id))
      .for("update", { skipLocked: true });
    if (!row || row.state !== from || row.paidThrough > dueBy) return false;
    const charge = await openChargeOf(tx, id);
    await tx
      .update(subscriptions)
      .set(to === "suspended" ? { state: to, suspendedAt: now } : { state: to })
      .where(eq(subscriptions.id, id));
    const reference = charge?.reference ?? "—";
    if (to === "past-due") {
      await audit(tx, [
        {
          subscriptionId: id,
          actor: SYSTEM_ACTOR,
          at: now,
          fromState: from,
          toState: to,
          reason: "ciclo vencido sem pagamento",
        },
      ]);
      await notify(tx, row.orderId, (name, to) =>
        renewalLateMessage.to(to, {
          name,
          robotName: row.robotName,
          dueDate: formatLocalDate(row.paidThrough),
          graceUntil: formatLocalDate(addDays(row.paidThrough, graceDays - 1)),
          reference,
        }),
      );
    } else {
      await audit(tx, [
        {
          subscriptionId: id,
          actor: SYSTEM_ACTOR,
          at: now,
          fromState: from,
          toState: to,
          reason: "prazo de tolerância encerrado",
        },
      ]);
      await notify(tx, row.orderId, (name, to) =>
        subscriptionSuspendedMessage.to(to, { name, robotName: row.robotName, reference }),
      );
    }
    return true;
  });
}

export interface RenewalSummary {
  charges: number;
  reminders: number;
  late: number;
  suspended: number;
  ended: number;
}

/** The renewal sweep: run on a timer; each step can run again at any time and changes nothing twice. */
export async function runRenewals(
  now: Date,
  graceDays = getEnv().SUBSCRIPTION_GRACE_DAYS,
): Promise<RenewalSummary> {
  const moved = await advanceStates(now, graceDays);
  const charges = await createDueCharges(now);
  const reminders = await sendReminders(now);
  return { charges, reminders, ...moved };
}

/**
 * Ends a subscription now (cancelled at cycle end, cancelled with nothing paid left, or
 * refunded): open charges are voided, the order's invitation is released so the spot is free,
 * and the robot's next person is invited where it says so.
 */
async function endSubscription(
  id: string,
  from: readonly SubscriptionState[],
  to: "ended" | "refunded",
  actor: string,
  reason: string,
  now: Date,
  dueBy?: LocalDate,
  extra?: (tx: Executor, row: SubscriptionRow) => Promise<void>,
): Promise<boolean> {
  const ended = await withTransaction(async (tx) => {
    const [found] = await tx
      .select({ robotId: orders.robotId, invitationId: orders.invitationId })
      .from(subscriptions)
      .innerJoin(orders, eq(orders.id, subscriptions.orderId))
      .where(eq(subscriptions.id, id));
    if (!found) return null;
    const [robot] = found.robotId
      ? await tx
          .select({ id: robots.id, autoInvite: robots.autoInvite })
          .from(robots)
          .where(eq(robots.id, found.robotId))
          .for("no key update")
      : [];
    if (found.invitationId) {
      await tx
        .select({ id: invitations.id })
        .from(invitations)
        .where(eq(invitations.id, found.invitationId))
        .for("update");
    }
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, id))
      .for("update");
    if (!row || !from.includes(row.state) || (dueBy !== undefined && row.paidThrough > dueBy)) {
      return null;
    }
    await tx.update(subscriptions).set({ state: to, endedAt: now }).where(eq(subscriptions.id, id));
    await tx
      .update(subscriptionCharges)
      .set({ state: "void", voidedAt: now })
      .where(
        and(eq(subscriptionCharges.subscriptionId, id), eq(subscriptionCharges.state, "open")),
      );
    await audit(tx, [
      { subscriptionId: id, actor, at: now, fromState: row.state, toState: to, reason },
    ]);
    if (found.invitationId) {
      await tx
        .update(invitations)
        .set({ status: "revoked", revokedAt: now, revokedBy: actor })
        .where(and(eq(invitations.id, found.invitationId), eq(invitations.status, "accepted")));
    }
    await extra?.(tx, row);
    if (robot?.autoInvite) await inviteNextOf(tx, robot.id, 1, SYSTEM_ACTOR, now);
    return row;
  });
  return ended !== null;
}

export type PayChargeOutcome = "paid" | "already-paid" | "not-payable" | "not-found";

export interface ChargePayment {
  method: PaymentMethod;
  reference: string;
  amountBrlCents?: number | null;
}

/**
 * Records a cycle's payment (staff by hand, a bank statement, or the card provider). Within
 * the grace period the cycle keeps its dates; after a suspension service restarts on the
 * payment date (docs/decisions/170). A charge paid twice, or voided, changes nothing.
 */
export function payCharge(
  chargeReference: string,
  payment: ChargePayment,
  actor: string,
  now: Date,
): Promise<PayChargeOutcome> {
  return withTransaction((tx) => payChargeIn(tx, chargeReference, payment, actor, now));
}

/** payCharge inside the caller's transaction (a statement import pays several at once). */
export async function payChargeIn(
  tx: Executor,
  chargeReference: string,
  payment: ChargePayment,
  actor: string,
  now: Date,
): Promise<PayChargeOutcome> {
  const [found] = await tx
    .select({ subscriptionId: subscriptionCharges.subscriptionId })
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.reference, chargeReference));
  if (!found) return "not-found";
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, found.subscriptionId))
    .for("update");
  const [charge] = await tx
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.reference, chargeReference))
    .for("update");
  if (!subscription || !charge) return "not-found";
  if (charge.state === "paid") return "already-paid";
  if (charge.state !== "open" || charge.cycle !== subscription.paidCycle + 1) return "not-payable";
  const suspended = subscription.state === "suspended";
  const anchor = suspended ? { date: localDate(now), cycle: charge.cycle } : anchorOf(subscription);
  const cycle = cycleOf(anchor, charge.cycle);
  await tx
    .update(subscriptionCharges)
    .set({
      state: "paid",
      paidAt: now,
      paymentMethod: payment.method,
      paymentReference: payment.reference,
      paymentAmountBrlCents: payment.amountBrlCents ?? charge.totalBrlCents,
      paymentRecordedBy: actor,
    })
    .where(eq(subscriptionCharges.id, charge.id));
  await tx
    .update(subscriptions)
    .set({
      state: "active",
      anchorDate: anchor.date,
      anchorCycle: anchor.cycle,
      paidCycle: charge.cycle,
      paidThrough: cycle.end,
      suspendedAt: null,
    })
    .where(eq(subscriptions.id, subscription.id));
  await audit(tx, [
    {
      subscriptionId: subscription.id,
      actor,
      at: now,
      fromState: subscription.state,
      toState: "active",
      reason: `ciclo ${charge.cycle} pago: ${payment.method} ${payment.reference}${suspended ? " (reativada)" : ""}`,
    },
  ]);
  // The receipt (decision 362); the sales layer's pay move is to own this.
  await notify(tx, subscription.orderId, (name, to) =>
    paymentReceiptMessage.to(to, {
      name,
      service: receiptCopy.service(subscription.robotName, charge.cycle),
      amount: formatBrl(payment.amountBrlCents ?? charge.totalBrlCents),
      method: paymentMethodLabels[payment.method],
      paymentReference: payment.reference,
      reference: charge.reference,
      paidAt: formatDateTime(now),
    }),
  );
  return "paid";
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
    notify(tx, row.orderId, (name, to) =>
      subscriptionCancelledMessage.to(to, {
        name,
        robotName: row.robotName,
        lastDay: formatLocalDate(lastDay),
      }),
    );
  if (effect.kind === "now") {
    const ended = await endSubscription(
      id,
      ["active", "past-due", "suspended"],
      "ended",
      actor,
      "cancelada sem ciclo pago em curso",
      now,
      undefined,
      (tx) => confirm(tx, localDate(now)),
    );
    return ended ? { outcome: "ended" } : cancelSubscription(id, actor, now);
  }
  return withTransaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, id))
      .for("update");
    if (!locked || locked.state !== "active" || locked.paidThrough !== row.paidThrough) {
      return { outcome: "already-cancelled", lastServedDay: addDays(row.paidThrough, -1) } as const;
    }
    await tx
      .update(subscriptions)
      .set({ state: "cancelled", cancelledAt: now, cancelledBy: actor })
      .where(eq(subscriptions.id, id));
    await tx
      .update(subscriptionCharges)
      .set({ state: "void", voidedAt: now })
      .where(
        and(eq(subscriptionCharges.subscriptionId, id), eq(subscriptionCharges.state, "open")),
      );
    await audit(tx, [
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
    return { outcome: "cancelled", lastServedDay: effect.lastServedDay } as const;
  });
}

export type RefundRequestOutcome =
  | { outcome: "requested" }
  | { outcome: "already-requested" }
  | { outcome: "guarantee-over"; lastDay: LocalDate }
  | { outcome: "not-refundable" }
  | { outcome: "not-found" };

/** The customer asks for the 7-day guarantee; on day 8 it is refused (docs/decisions/170). */
export async function requestRefund(id: string, now: Date): Promise<RefundRequestOutcome> {
  return withTransaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, id))
      .for("update");
    if (!row) return { outcome: "not-found" };
    if (row.state === "ended" || row.state === "refunded") return { outcome: "not-refundable" };
    if (row.refundRequestedAt) return { outcome: "already-requested" };
    const check = guarantee(row.firstPaidAt, now);
    if (!check.allowed) {
      await audit(tx, [
        {
          subscriptionId: id,
          actor: "cliente",
          at: now,
          fromState: row.state,
          toState: row.state,
          reason: `reembolso recusado: dia ${check.day} após o primeiro pagamento`,
        },
      ]);
      return { outcome: "guarantee-over", lastDay: check.lastDay };
    }
    await tx.update(subscriptions).set({ refundRequestedAt: now }).where(eq(subscriptions.id, id));
    await audit(tx, [
      {
        subscriptionId: id,
        actor: "cliente",
        at: now,
        fromState: row.state,
        toState: row.state,
        reason: "reembolso da garantia pedido",
      },
    ]);
    return { outcome: "requested" };
  });
}

export type RecordRefundOutcome = "refunded" | "not-requested" | "already-ended" | "not-found";

/**
 * Staff record the refund of a requested guarantee (method and reference): the subscription
 * ends at once, the first order becomes refunded, the spot is freed.
 */
export async function recordRefund(
  id: string,
  refund: { method: PaymentMethod; reference: string },
  actor: string,
  now: Date,
): Promise<RecordRefundOutcome> {
  const db = await getDb();
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) return "not-found";
  if (row.state === "ended" || row.state === "refunded") return "already-ended";
  if (!row.refundRequestedAt) return "not-requested";
  const done = await endSubscription(
    id,
    ["active", "past-due", "suspended", "cancelled"],
    "refunded",
    actor,
    `reembolso da garantia: ${refund.method} ${refund.reference}`,
    now,
    undefined,
    async (tx, locked) => {
      await tx
        .update(subscriptions)
        .set({ refundMethod: refund.method, refundReference: refund.reference, refundedBy: actor })
        .where(eq(subscriptions.id, id));
      const [order] = await tx
        .update(orders)
        .set({ state: "refunded", closedAt: now })
        .where(and(eq(orders.id, locked.orderId), eq(orders.state, "paid")))
        .returning({ totalBrlCents: orders.totalBrlCents });
      if (order) {
        await tx.insert(orderEvents).values({
          orderId: locked.orderId,
          actor,
          at: now,
          fromState: "paid",
          toState: "refunded",
          reason: `garantia de 7 dias: ${refund.method} ${refund.reference}`,
        });
      }
      await notify(tx, locked.orderId, (name, to) =>
        subscriptionRefundedMessage.to(to, {
          name,
          robotName: locked.robotName,
          amount: order?.totalBrlCents != null ? formatBrl(order.totalBrlCents) : "—",
          method: paymentMethodLabels[refund.method],
        }),
      );
    },
  );
  return done ? "refunded" : "already-ended";
}

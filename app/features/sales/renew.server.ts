// The renew move (docs/decisions/330): each active subscription's next cycle is charged once
// its first notice is due (D-7), reminded at D-1, at the day's rate; and the renewal sweep
// that runs the other dated moves (suspend.server.ts, end.server.ts). Every step can run
// again at any time and changes nothing twice.
import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { subscriptionCharges, subscriptions } from "../../../db/schema.ts";
import { withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import { enqueue } from "../../platform/jobs/enqueue.server.ts";
import type { MessageJob } from "../../platform/jobs/registry.ts";
import type { ApiPixClient } from "../../platform/payments/api-pix.server.ts";
import { rateText, type ServiceCredit } from "../orders/money.ts";
import { creditThresholdMinutes, measureDowntime } from "../fleet/service-credit.server.ts";
import { creditedDowntime, periodMinutes, type Interval } from "../fleet/service-credit.ts";
import { currentExchangeRate, newOrderReference } from "../orders/orders.server.ts";
import {
  addDays,
  cycleAmounts,
  cycleOf,
  localDate,
  localInstant,
  monthsAfter,
  type LocalDate,
} from "../subscriptions/calendar.ts";
import { NOTICE_HOUR, RENEWAL_NOTICE_DAYS } from "../subscriptions/model.ts";
import {
  anchorOf,
  BATCH,
  customersOf,
  notifyCustomer,
  type SubscriptionRow,
} from "../subscriptions/subscriptions.server.ts";
import { endDueSubscriptions } from "./end.server.ts";
import { sendPendingRecurringCharges } from "./pix-recurring-charges.server.ts";
import { queueRenewalPixChargesLocked } from "./renewal-charge-method.server.ts";
import {
  chargeMessage,
  composeChargeMessage,
  staticPixLine,
  type NoticePayment,
} from "./renewal-notice.server.ts";
import { suspendDueSubscriptions } from "./suspend.server.ts";

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

/** The cycle a charge credits the downtime of: the last one that ended before it is made. */
const CREDITED_CYCLES_BACK = 2;

/**
 * The dates cycle `number` ran: counted from the anchor, or, for a cycle before a reactivation
 * moved it, a month from the date its charge was due (cycle 1: the first payment's date).
 */
async function cyclePeriod(
  tx: Executor,
  subscription: SubscriptionRow,
  number: number,
): Promise<Interval | null> {
  if (number < 1) return null;
  let start: LocalDate;
  let end: LocalDate;
  if (number >= subscription.anchorCycle) {
    ({ start, end } = cycleOf(anchorOf(subscription), number));
  } else {
    const [charge] =
      number === 1
        ? [{ dueDate: localDate(subscription.firstPaidAt) }]
        : await tx
            .select({ dueDate: subscriptionCharges.dueDate })
            .from(subscriptionCharges)
            .where(
              and(
                eq(subscriptionCharges.subscriptionId, subscription.id),
                eq(subscriptionCharges.cycle, number),
              ),
            );
    if (!charge) return null;
    start = charge.dueDate;
    end = monthsAfter(start, 1);
  }
  return { from: localInstant(start), to: localInstant(end) };
}

interface CreditMeasure {
  creditedCycle: number;
  downtimeMinutes: number;
  creditThresholdMinutes: number;
  credit: ServiceCredit | null;
}

/**
 * The service credit a charge for cycle `chargeCycle` carries (docs/decisions/394): the
 * downtime of the last cycle that ended before the charge is made, credited whole once past
 * the threshold, pro rata of that cycle's minutes. Null when there is no such cycle or its
 * samples are gone.
 */
async function creditFor(
  tx: Executor,
  subscription: SubscriptionRow,
  chargeCycle: number,
  thresholdMinutes: number,
  now: Date,
): Promise<CreditMeasure | null> {
  const creditedCycle = chargeCycle - CREDITED_CYCLES_BACK;
  const period = await cyclePeriod(tx, subscription, creditedCycle);
  if (!period) return null;
  const downtime = await measureDowntime(tx, subscription, period, now);
  if (downtime === null) return null;
  const credited = creditedDowntime(downtime, thresholdMinutes);
  return {
    creditedCycle,
    downtimeMinutes: downtime,
    creditThresholdMinutes: thresholdMinutes,
    credit:
      credited > 0 ? { downtimeMinutes: credited, cycleMinutes: periodMinutes(period) } : null,
  };
}

/**
 * Creates the charge of each active subscription's next cycle once its first notice is due,
 * with a new reference (PIX txid), at the day's rate, and e-mails it. The unique
 * (subscription, cycle) index makes a second sweep, or one run again after a crash, create
 * nothing: the inserts and their e-mails commit together or not at all.
 *
 * Set-based per batch (docs/decisions/475): one statement reads the due subscriptions, one
 * their mandates, one their customers; one writes the batch's charges, one each kind of PSP
 * charge (renewal-charge-method.server.ts), one the e-mails. Once a batch committed, its cobr
 * go to the PSP while the next batch is made (`handOver`); the sweep returns when they went.
 */
async function createDueCharges(
  now: Date,
  handOver: (cobrTxids: string[]) => void = () => {},
): Promise<number> {
  const horizon = chargeHorizon(now);
  const remindNow = reminderHorizon(now);
  let created = 0;
  for (;;) {
    const batch = await withTransaction(async (tx) => {
      const rate = await currentExchangeRate(tx);
      if (!rate) return { created: 0, seen: 0, cobrTxids: [] };
      const threshold = await creditThresholdMinutes(tx);
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
      if (due.length === 0) return { created: 0, seen: 0, cobrTxids: [] };
      const values: (typeof subscriptionCharges.$inferInsert)[] = [];
      for (const subscription of due) {
        const cycle = cycleOf(anchorOf(subscription), subscription.paidCycle + 1);
        const measured = await creditFor(tx, subscription, cycle.number, threshold, now);
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
          serviceCredit: measured?.credit ?? null,
          exchangeRate: rate.rate,
        });
        values.push({
          subscriptionId: subscription.id,
          cycle: cycle.number,
          reference: newOrderReference(),
          dueDate: cycle.start,
          priceUsdCents: amounts.priceUsdCents,
          partnerDiscountUsdCents: amounts.partnerDiscountUsdCents,
          earlyDiscountUsdCents: amounts.earlyDiscountUsdCents,
          creditedCycle: measured?.creditedCycle ?? null,
          downtimeMinutes: measured?.downtimeMinutes ?? null,
          creditThresholdMinutes: measured?.creditThresholdMinutes ?? null,
          serviceCreditUsdCents: amounts.serviceCreditUsdCents,
          totalUsdCents: amounts.totalUsdCents,
          exchangeRate: rateText(rate.rate),
          exchangeRateSetBy: rate.setBy,
          exchangeRateSetAt: rate.setAt,
          exchangeRateSource: rate.source,
          exchangeRateQuotedOn: rate.quotedOn,
          exchangeRateReason: rate.reason,
          totalBrlCents: amounts.totalBrlCents,
          createdAt: now,
          // Made late (the sweep was down): the reminder would only repeat it.
          remindedAt: cycle.start <= remindNow ? now : null,
        });
      }
      const charges = await tx
        .insert(subscriptionCharges)
        .values(values)
        .onConflictDoNothing()
        .returning();
      const bySubscription = new Map(due.map((subscription) => [subscription.id, subscription]));
      const renewals = charges.map((charge) => ({
        charge,
        subscription: bySubscription.get(charge.subscriptionId)!,
      }));
      // A charge the PSP is to make first (cobv) sends its e-mail once it has its code.
      const pix = await queueRenewalPixChargesLocked(tx, renewals, now);
      const customers = await customersOf(
        tx,
        renewals.map(({ subscription }) => subscription.orderId),
      );
      const notices: MessageJob[] = [];
      for (const { charge, subscription } of renewals) {
        if (pix.held.has(charge.id)) continue;
        const person = customers.get(subscription.orderId);
        if (!person) continue;
        const payment: NoticePayment = pix.debited.has(charge.id)
          ? { debit: true }
          : { debit: false, pixLine: await staticPixLine(charge) };
        const message = composeChargeMessage(charge, subscription.robotName, "charge", payment);
        notices.push(message(person.name, person.email));
      }
      await enqueue(tx, ...notices);
      return { created: charges.length, seen: due.length, cobrTxids: pix.cobrTxids };
    });
    created += batch.created;
    if (batch.cobrTxids.length > 0) handOver(batch.cobrTxids);
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
        await notifyCustomer(
          tx,
          subscription.orderId,
          await chargeMessage(tx, charge, subscription.robotName, "reminder"),
        );
      }
      return due.length;
    });
    sent += batch;
    if (batch < BATCH) return sent;
  }
}

/**
 * Moves subscriptions whose date has come: unpaid at the due date -> past due (with a
 * notice), grace over -> suspended (staff stop the robot), cancelled at the end of the paid
 * cycle -> ended (its spot freed).
 */
export interface RenewalSummary {
  charges: number;
  reminders: number;
  late: number;
  suspended: number;
  ended: number;
}

/**
 * The renewal sweep: run on a timer; each step can run again at any time and changes nothing
 * twice. Given the API Pix client (the worker's job gives it), the sweep sends each batch's cobr
 * itself once the batch committed; without it they wait for the pix-automatico job.
 */
export async function runRenewals(
  now: Date,
  graceDays = getEnv().SUBSCRIPTION_GRACE_DAYS,
  cobrClient: ApiPixClient | null = null,
): Promise<RenewalSummary> {
  const moved = {
    ...(await suspendDueSubscriptions(now, graceDays)),
    ended: await endDueSubscriptions(now),
  };
  // Each batch's cobr go to the PSP as soon as it committed, one batch after the other, while
  // the sweep goes on (docs/decisions/475); what they could not send, the pix-automatico job
  // sends once their claims lapse. Once the PSP is away, the later batches' cobr wait for the
  // job and its retries.
  let sending = Promise.resolve();
  let pspAway = false;
  const charges = await createDueCharges(now, (txids) => {
    if (!cobrClient) return;
    sending = sending.then(async () => {
      if (pspAway) return;
      try {
        pspAway = (await sendPendingRecurringCharges(txids, now, cobrClient)).stopped;
      } catch (error) {
        getLogger().warn(
          { err: error instanceof Error ? error.message : String(error) },
          "renewal cobr not sent",
        );
      }
    });
  });
  const reminders = await sendReminders(now);
  await sending;
  return { charges, reminders, ...moved };
}

/**
 * Ends a subscription now (cancelled at cycle end, cancelled with nothing paid left, or
 * refunded): open charges are voided, the order's invitation is released so the spot is free,
 * and the robot's next person is invited where it says so.
 */

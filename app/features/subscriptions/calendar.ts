// Subscription calendar (issue 24; docs/decisions/170): monthly cycles anchored on the
// payment date in São Paulo, notices, grace, the 7-day guarantee, cancel at cycle end.
// Pure: every function that depends on the time takes `now`, so tests inject the clock.
import { TZDate } from "@date-fns/tz";
import { SAO_PAULO } from "../../lib/time-zone.ts";
import {
  orderAmounts,
  type EarlyDiscount,
  type OrderAmounts,
  type ServiceCredit,
} from "../orders/money.ts";
import { GUARANTEE_DAYS, NOTICE_HOUR, RENEWAL_NOTICE_DAYS } from "./model.ts";

const DAY_MS = 86_400_000;

/** A São Paulo calendar date, "YYYY-MM-DD" (what a `date` column stores). */
export type LocalDate = string;

function parse(date: LocalDate): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`not a date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

function format(year: number, month: number, day: number): LocalDate {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** "2027-02-28" as customers read it: "28/02/2027". */
export function formatLocalDate(date: LocalDate): string {
  const [year, month, day] = date.split("-");
  return `${day}/${month}/${year}`;
}

/** The São Paulo date of an instant. */
export function localDate(at: Date): LocalDate {
  const local = new TZDate(at, SAO_PAULO);
  return format(local.getFullYear(), local.getMonth() + 1, local.getDate());
}

/**
 * The instant a São Paulo wall-clock hour of `date` begins, with the zone's offset on that
 * day (Brazil kept summer time until 2019).
 */
export function localInstant(date: LocalDate, hour = 0): Date {
  const { year, month, day } = parse(date);
  return new Date(new TZDate(year, month - 1, day, hour, SAO_PAULO).getTime());
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const { year, month, day } = parse(date);
  return new Date(Date.UTC(year, month - 1, day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one date to another (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  const a = parse(from);
  const b = parse(to);
  return Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS,
  );
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The date `months` months after the anchor, on the anchor's day of the month or the month's
 * last day when it is shorter: 2027-01-31 + 1 -> 2027-02-28, + 2 -> 2027-03-31. Always counted
 * from the anchor, never from the previous cycle, so a short month does not pull the day back
 * for good.
 */
export function monthsAfter(anchor: LocalDate, months: number): LocalDate {
  const { year, month, day } = parse(anchor);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return format(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/**
 * Where a subscription's cycles are counted from: the date on which cycle `cycle` began.
 * The first payment sets it (cycle 1); a payment after a suspension moves it (see
 * `reactivationAnchor`).
 */
export interface Anchor {
  date: LocalDate;
  cycle: number;
}

/** Cycle `number`: from its start date to the next cycle's start (exclusive), its due date. */
export interface Cycle {
  number: number;
  start: LocalDate;
  /** The next cycle's start and due date; service of this cycle ends when that day begins. */
  end: LocalDate;
}

export function cycleOf(anchor: Anchor, number: number): Cycle {
  if (!Number.isInteger(number) || number < anchor.cycle) {
    throw new Error(`cycle ${number} precedes the anchor's cycle ${anchor.cycle}`);
  }
  return {
    number,
    start: monthsAfter(anchor.date, number - anchor.cycle),
    end: monthsAfter(anchor.date, number - anchor.cycle + 1),
  };
}

/** The last day a cycle serves (the day before the next due date), as customers read it. */
export function lastServedDay(cycle: Cycle): LocalDate {
  return addDays(cycle.end, -1);
}

/** The cycle holding a date (the anchor's cycle for a date before the anchor). */
export function cycleOn(anchor: Anchor, date: LocalDate): Cycle {
  let number = anchor.cycle + Math.max(0, Math.floor(daysBetween(anchor.date, date) / 31));
  let cycle = cycleOf(anchor, number);
  while (cycle.end <= date) cycle = cycleOf(anchor, ++number);
  return cycle;
}

/** When the charge for a cycle due on `due` is sent and reminded: 7 and 1 days before, 9h. */
export function noticeInstants(due: LocalDate): Date[] {
  return RENEWAL_NOTICE_DAYS.map((days) => localInstant(addDays(due, -days), NOTICE_HOUR));
}

/** The instant a due date begins: an unpaid charge is late from then on. */
export function dueInstant(due: LocalDate): Date {
  return localInstant(due);
}

/** The instant the grace period after `due` ends and an unpaid subscription is suspended. */
export function graceEndInstant(due: LocalDate, graceDays: number): Date {
  return localInstant(addDays(due, graceDays));
}

export type RenewalPhase = "paid" | "past-due" | "suspended";

/**
 * Where a subscription stands at `now` when service is paid up to `paidThrough` (the due date
 * of the first unpaid cycle): paid before that day begins, past due during the grace period,
 * suspended after it.
 */
export function renewalPhase(paidThrough: LocalDate, graceDays: number, now: Date): RenewalPhase {
  if (now < dueInstant(paidThrough)) return "paid";
  if (now < graceEndInstant(paidThrough, graceDays)) return "past-due";
  return "suspended";
}

/**
 * The anchor after a payment. Paid before the grace period ends, the cycles keep their dates
 * (the grace days were part of the cycle). Paid after a suspension, service restarts on the
 * payment date and the paid cycle runs a full month from there (docs/decisions/170).
 */
export function anchorAfterPayment(
  anchor: Anchor,
  paidCycle: number,
  suspended: boolean,
  paidAt: Date,
): Anchor {
  return suspended ? { date: localDate(paidAt), cycle: paidCycle } : anchor;
}

export interface Guarantee {
  /** Days since the first payment's date (that date is day 0, as the Civil Code counts). */
  day: number;
  /** The last date a request is accepted. */
  lastDay: LocalDate;
  allowed: boolean;
}

/**
 * SPEC section 9's 7-day guarantee: a request from the day of the first payment to 7 days
 * after it, inclusive, in São Paulo dates; on day 8 it is refused (docs/decisions/170).
 */
export function guarantee(firstPaidAt: Date, now: Date): Guarantee {
  const paidOn = localDate(firstPaidAt);
  const day = daysBetween(paidOn, localDate(now));
  return {
    day,
    lastDay: addDays(paidOn, GUARANTEE_DAYS),
    allowed: day >= 0 && day <= GUARANTEE_DAYS,
  };
}

export type CancellationEffect =
  { kind: "at-cycle-end"; endsAt: Date; lastServedDay: LocalDate } | { kind: "now" };

/**
 * A cancellation keeps service to the end of the paid cycle. When nothing paid remains (past
 * due or suspended), it takes effect at once.
 */
export function cancellationEffect(paidThrough: LocalDate, now: Date): CancellationEffect {
  const endsAt = dueInstant(paidThrough);
  if (now >= endsAt) return { kind: "now" };
  return { kind: "at-cycle-end", endsAt, lastServedDay: addDays(paidThrough, -1) };
}

/**
 * The price of a cycle: the monthly price fixed when the subscription began, less the partner
 * discount while the broker account is active, less the early-list discount for the cycles it
 * covers (the first order is cycle 1), less the service credit of an earlier cycle's downtime
 * (docs/decisions/394), in reais at the day's rate.
 */
export function cycleAmounts(input: {
  cycle: number;
  priceUsdCents: number;
  partnerBrokerActive: boolean;
  early: EarlyDiscount | null;
  serviceCredit?: ServiceCredit | null;
  exchangeRate: number;
}): OrderAmounts {
  const early = input.early !== null && input.cycle <= input.early.months ? input.early : null;
  return orderAmounts({
    priceUsdCents: input.priceUsdCents,
    partnerBroker: input.partnerBrokerActive,
    early,
    serviceCredit: input.serviceCredit ?? null,
    exchangeRate: input.exchangeRate,
  });
}

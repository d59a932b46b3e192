import type { BalanceMark, RecordFigures, RecordPeriodReturn } from "./model.ts";
import { divideRounded } from "./numbers.ts";
import { SAO_PAULO } from "../../lib/time-zone.ts";

// The figures record sites show beside the returns (issue 38, docs/decisions/373), computed
// at upload from the same ledger as the record: the growth index at every balance change,
// the exact monthly factors and the trades' results in cents. Returns come from the
// time-weighted index, so deposits and withdrawals never count; money figures are integer
// cents; the ratios (Sharpe, Sortino) are computed in floating point from whole basis points
// and stored in hundredths. Each formula is stated beside its figure (content/performance.ts).

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The risk-free rate the Sharpe and Sortino ratios subtract: 0 % a year (stated on the page). */
export const RISK_FREE_ANNUAL_BPS = 0;
/** Monthly returns, annualised by the square root of 12. */
const PERIODS_A_YEAR = 12;

/**
 * An instant's São Paulo calendar day, as days since 1970-01-01. Each day's first instant is
 * found once with Intl (local midnight is 02:00 or 03:00 UTC; a summer-time start makes the
 * day begin at 01:00, 03:00 UTC); an instant's day is its UTC-3 guess, moved by one if it
 * falls before that day's start or after the next's.
 */
export function dayReader(): (ms: number) => number {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone: SAO_PAULO,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    hourCycle: "h23",
  });
  const starts = new Map<number, number>();
  const startOf = (day: number): number => {
    let start = starts.get(day);
    if (start === undefined) {
      const candidate = day * DAY + 2 * HOUR;
      const parts = format.formatToParts(candidate);
      const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
      const localDay = Date.UTC(part("year"), part("month") - 1, part("day")) / DAY;
      start = localDay === day && part("hour") === 0 ? candidate : day * DAY + 3 * HOUR;
      starts.set(day, start);
    }
    return start;
  };
  return (ms) => {
    let day = Math.floor((ms - 3 * HOUR) / DAY);
    if (ms < startOf(day)) day -= 1;
    else if (ms >= startOf(day + 1)) day += 1;
    return day;
  };
}

/** A day number as "2026-03-04". */
export const dayText = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
/** Monday-based weeks: 1970-01-01 was a Thursday. */
const weekOf = (day: number) => Math.floor((day + 3) / 7);

export interface FiguresInput {
  /** The growth index (fixed point, `fixed` = 1) after each balance change, in time order. */
  points: { at: number; index: bigint }[];
  fixed: bigint;
  /** The record's monthly returns and the instants their months start at. */
  months: { year: number; month: number; returnBps: number; startsAt: number }[];
  /** Exact returns of the ANBIMA periods, in basis points. */
  periods: {
    lastMonth: number;
    yearToDate: number;
    twelveMonths: number | null;
    sinceStart: number;
  };
  /** Each trade's result in cents, in time order (the balance's changes that are not money moved). */
  tradeResults: bigint[];
  marks: BalanceMark[];
  periodStart: number;
  periodEnd: number;
}

const ratioBps = (now: bigint, before: bigint) =>
  Number(divideRounded((now - before) * 10_000n, before));

export function recordFigures(input: FiguresInput): RecordFigures {
  const { points, months, periodStart, periodEnd } = input;
  const dayOf = dayReader();
  const iso = (ms: number) => new Date(ms).toISOString();

  // Each day's and week's closing index; a day without a balance change is a 0 % day.
  const dayEnds = new Map<number, bigint>();
  for (const point of points) dayEnds.set(dayOf(point.at), point.index);
  let worstDay: RecordFigures["worstDay"] = null;
  let worstWeek: RecordFigures["worstWeek"] = null;
  let before = input.fixed;
  const weekEnds = new Map<number, bigint>();
  for (const [day, index] of dayEnds) {
    const returnBps = ratioBps(index, before);
    if (!worstDay || returnBps < worstDay.returnBps) worstDay = { day: dayText(day), returnBps };
    weekEnds.set(weekOf(day), index);
    before = index;
  }
  before = input.fixed;
  for (const [week, index] of weekEnds) {
    const returnBps = ratioBps(index, before);
    if (!worstWeek || returnBps < worstWeek.returnBps) {
      worstWeek = { from: dayText(week * 7 - 3), to: dayText(week * 7 + 3), returnBps };
    }
    before = index;
  }
  let worstMonth: RecordFigures["worstMonth"] = null;
  for (const m of months) {
    if (!worstMonth || m.returnBps < worstMonth.returnBps) {
      worstMonth = { year: m.year, month: m.month, returnBps: m.returnBps };
    }
  }

  // The longest stretch from a peak of the index until it is reached again (or until the
  // record's end, still under water).
  let peak = input.fixed;
  let peakAt = points[0]?.at ?? periodStart;
  let under = false;
  let longest: RecordFigures["longestUnderwater"] = null;
  const consider = (from: number, to: number, recovered: boolean) => {
    const days = dayOf(to) - dayOf(from);
    if (!longest || days > longest.days) {
      longest = { from: iso(from), to: recovered ? iso(to) : null, days };
    }
  };
  for (const point of points) {
    if (point.index < peak) {
      under = true;
    } else if (under || point.index > peak) {
      // A new high, or the old one reached again. A balance change that leaves the index at
      // its high (a deposit) is neither: the stretch still counts from when the high was set.
      if (under) consider(peakAt, point.at, true);
      under = false;
      peak = point.index;
      peakAt = point.at;
    }
  }
  if (under) consider(peakAt, periodEnd, false);

  // Money: the trades' cumulative result and its deepest fall from a previous high.
  let cumulative = 0n;
  let high = 0n;
  let maxFall = 0n;
  for (const result of input.tradeResults) {
    cumulative += result;
    if (cumulative > high) high = cumulative;
    if (high - cumulative > maxFall) maxFall = high - cumulative;
  }
  const recoveryFactor = maxFall > 0n ? Number(divideRounded(cumulative * 100n, maxFall)) : null;

  // Sharpe and Sortino from the monthly returns (whole basis points as fractions).
  const returns = months.map((m) => m.returnBps / 10_000);
  const riskFree = RISK_FREE_ANNUAL_BPS / 10_000 / PERIODS_A_YEAR;
  const excess = returns.map((r) => r - riskFree);
  const mean = excess.reduce((sum, r) => sum + r, 0) / Math.max(1, excess.length);
  const variance =
    excess.length > 1
      ? excess.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (excess.length - 1)
      : 0;
  const downside =
    excess.length > 0 ? excess.reduce((sum, r) => sum + Math.min(0, r) ** 2, 0) / excess.length : 0;
  const annualised = (deviation: number) =>
    deviation > 0 ? Math.round((mean / deviation) * Math.sqrt(PERIODS_A_YEAR) * 100) : null;

  const lastMonth = months.at(-1);
  const lastYear = lastMonth?.year ?? new Date(periodEnd).getUTCFullYear();
  const yearStart = months.find((m) => m.year === lastYear)?.startsAt ?? periodStart;
  const twelveStart = months.length >= 12 ? (months.at(-12)?.startsAt ?? periodStart) : null;
  const period = (from: number, returnBps: number): RecordPeriodReturn => ({
    from: iso(Math.max(from, periodStart)),
    to: iso(periodEnd),
    returnBps,
  });

  return {
    lastMonth: lastMonth
      ? {
          ...period(lastMonth.startsAt, input.periods.lastMonth),
          year: lastMonth.year,
          month: lastMonth.month,
        }
      : null,
    yearToDate: { ...period(yearStart, input.periods.yearToDate), year: lastYear },
    twelveMonths:
      twelveStart === null || input.periods.twelveMonths === null
        ? null
        : period(twelveStart, input.periods.twelveMonths),
    sinceStart: period(periodStart, input.periods.sinceStart),
    maxTradingDrawdown: Number(maxFall),
    recoveryFactor,
    sharpe: excess.length > 1 ? annualised(Math.sqrt(variance)) : null,
    sortino: excess.some((r) => r < 0) ? annualised(Math.sqrt(downside)) : null,
    monthsCounted: months.length,
    worstDay,
    worstWeek,
    worstMonth,
    longestUnderwater: longest,
    marks: input.marks,
  };
}

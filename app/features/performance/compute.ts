import type {
  BalanceMark,
  CashEvent,
  CurvePoint,
  MonthlyReturn,
  ParsedStatement,
  PerformanceRecord,
  ReconciliationLine,
  ServerClock,
} from "./model.ts";
import { recordFigures } from "./figures.ts";
import { divideRounded } from "./numbers.ts";
import { serverTimeToEpochMs } from "./server-clock.ts";
import { SAO_PAULO } from "../../lib/time-zone.ts";

// The record computed from the ledger, never from the statement's summary, which is only
// compared against (docs/decisions/132). Returns are time-weighted: each stretch between
// two deposits or withdrawals (or month ends) counts by its own end/start balance, so money
// moved in or out is never a return. The factors are exact fractions of bigints; figures
// are rounded only when shown (basis points, cents).

export type ComputeProblem =
  | { code: "starts-mid-history"; reference: string }
  | { code: "negative-balance"; reference: string }
  | { code: "too-large" };

export type ComputeResult =
  | { ok: true; record: PerformanceRecord; factors: ExactFactors }
  | { ok: false; problem: ComputeProblem };

/** A growth factor as an exact fraction (1.05 = 105/100). */
export interface Fraction {
  n: bigint;
  d: bigint;
}

/** The exact factors behind the record's rounded returns (property tests compare them). */
export interface ExactFactors {
  monthly: { year: number; month: number; factor: Fraction }[];
  total: Fraction;
}

const ONE: Fraction = { n: 1n, d: 1n };
const FIXED = 1_000_000_000_000n;
const CURVE_POINTS = 360;

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x;
}

export function multiply(a: Fraction, b: Fraction): Fraction {
  const n = a.n * b.n;
  const d = a.d * b.d;
  const divisor = gcd(n, d) || 1n;
  return { n: n / divisor, d: d / divisor };
}

/** A factor as a return in basis points, rounded half away from zero. */
export function returnBps(factor: Fraction): number {
  return Number(divideRounded((factor.n - factor.d) * 10_000n, factor.d));
}

function safe(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError("too large");
  }
  return Number(value);
}

/**
 * Months are São Paulo's (the site's time zone, docs/product.md rule 12). Each month's first
 * instant is found once with Intl (about 2 lookups a month); an instant's month is then its
 * UTC-3 guess, moved by one if it falls before that month's start or after the next's.
 */
export function monthReader(): ((ms: number) => { year: number; month: number }) & {
  startOf: (index: number) => number;
} {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone: SAO_PAULO,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    hourCycle: "h23",
  });
  const starts = new Map<number, number>();
  const localStartsAt = (ms: number, index: number) => {
    const parts = format.formatToParts(ms);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return (
      part("year") * 12 + part("month") - 1 === index && part("day") === 1 && part("hour") === 0
    );
  };
  /** The first instant of month `index` (year * 12 + month - 1) in São Paulo. */
  const startOf = (index: number): number => {
    let start = starts.get(index);
    if (start === undefined) {
      const year = Math.floor(index / 12);
      const month = index % 12;
      // Brazil has been UTC-3, and UTC-2 in some southern summers; a summer-time start at
      // midnight of the 1st makes the day begin at 01:00 (UTC-2, 03:00 UTC).
      const candidates = [3, 2].map((hour) => Date.UTC(year, month, 1, hour));
      start =
        candidates.find(
          (ms, i) => localStartsAt(ms, index) && (i > 0 || !localStartsAt(ms - 3_600_000, index)),
        ) ?? Date.UTC(year, month, 1, 3);
      starts.set(index, start);
    }
    return start;
  };
  const read = (ms: number) => {
    const guess = new Date(ms - 3 * 3_600_000);
    let index = guess.getUTCFullYear() * 12 + guess.getUTCMonth();
    if (ms < startOf(index)) index -= 1;
    else if (ms >= startOf(index + 1)) index += 1;
    return { year: Math.floor(index / 12), month: (index % 12) + 1 };
  };
  return Object.assign(read, { startOf });
}

const monthIndex = (m: { year: number; month: number }) => m.year * 12 + (m.month - 1);

export function maskAccountNumber(account: string): string {
  const visible = account.slice(-3);
  return "•".repeat(Math.max(3, account.length - 3)) + visible;
}

interface TimedEvent extends CashEvent {
  wall: number;
  at: number;
}

const wallMs = (t: CashEvent["time"]) =>
  Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);

export function computeRecord(statement: ParsedStatement, clock: ServerClock): ComputeResult {
  try {
    return computeUnchecked(statement, clock);
  } catch (error) {
    if (error instanceof RangeError) return { ok: false, problem: { code: "too-large" } };
    throw error;
  }
}

function computeUnchecked(statement: ParsedStatement, clock: ServerClock): ComputeResult {
  // In the order of the server's own clock, as the statement prints it: converted instants
  // could reorder the hour a summer-time change repeats. Array.prototype.sort is stable, so
  // same-time events keep the statement's order.
  const events: TimedEvent[] = statement.cashEvents
    .map((event) => ({
      ...event,
      wall: wallMs(event.time),
      at: serverTimeToEpochMs(event.time, clock),
    }))
    .sort((a, b) => a.wall - b.wall);
  const monthOf = monthReader();

  const monthly: ExactFactors["monthly"] = [];
  // A statement of a period after the account opened (a broker's monthly statement) starts
  // from the balance its summary implies (docs/decisions/430).
  const opening = openingBalance(statement);
  let balance = opening;
  let segmentStart = opening;
  let monthFactor = ONE;
  let current: { year: number; month: number } | null = null;
  let deposited = opening > 0n;
  let deposits = 0n;
  let withdrawals = 0n;
  let credits = 0n;
  let runningMismatches = 0;
  // The growth index in fixed point for the curve and the drawdown.
  let indexAtSegmentStart = FIXED;
  let peak = FIXED;
  let maxDrawdown = 0n;
  const points: { at: number; index: bigint; drawdown: bigint }[] = [];
  const tradeResults: bigint[] = [];
  const marks: BalanceMark[] = [];

  const segmentFactor = (): Fraction => (segmentStart > 0n ? { n: balance, d: segmentStart } : ONE);
  const indexNow = () =>
    segmentStart > 0n ? (indexAtSegmentStart * balance) / segmentStart : indexAtSegmentStart;
  const closeSegment = () => {
    monthFactor = multiply(monthFactor, segmentFactor());
    indexAtSegmentStart = indexNow();
    segmentStart = balance;
  };

  for (const event of events) {
    const month = monthOf(event.at);
    if (current && monthIndex(month) !== monthIndex(current)) {
      closeSegment();
      monthly.push({ ...current, factor: monthFactor });
      // Months without any balance change count as 0 %; months no statement covers (before a
      // restart) have no return at all: a gap is never bridged.
      for (
        let i = monthIndex(current) + 1;
        event.kind !== "restart" && i < monthIndex(month);
        i++
      ) {
        monthly.push({ year: Math.floor(i / 12), month: (i % 12) + 1, factor: ONE });
      }
      monthFactor = ONE;
    }
    current = month;

    if (event.kind === "credit") {
      credits += event.amount;
    } else if (event.kind === "restart") {
      // What the balance did in days no statement covers is neither a return nor a deposit.
      closeSegment();
      balance += event.amount;
      segmentStart = balance;
      deposited = balance > 0n;
    } else if (event.kind === "deposit" || event.kind === "withdrawal") {
      closeSegment();
      balance += event.amount;
      segmentStart = balance;
      marks.push({
        t: Math.floor(event.at / 1000),
        kind: event.kind,
        amount: safe(event.amount),
      });
      if (event.amount > 0n) {
        deposits += event.amount;
        deposited = true;
      } else {
        withdrawals += event.amount;
      }
    } else {
      if (!deposited) {
        return { ok: false, problem: { code: "starts-mid-history", reference: event.reference } };
      }
      if (balance <= 0n) {
        return { ok: false, problem: { code: "negative-balance", reference: event.reference } };
      }
      balance += event.amount;
      tradeResults.push(event.amount);
      if (balance < 0n) {
        return { ok: false, problem: { code: "negative-balance", reference: event.reference } };
      }
    }
    if (event.statementBalance !== undefined && event.statementBalance !== balance) {
      runningMismatches++;
    }
    if (deposited) {
      const index = indexNow();
      if (index > peak) peak = index;
      const drawdown = peak > 0n ? divideRounded((peak - index) * 10_000n, peak) : 0n;
      if (drawdown > maxDrawdown) maxDrawdown = drawdown;
      points.push({ at: event.at, index, drawdown });
    }
  }
  if (current) {
    closeSegment();
    monthly.push({ ...current, factor: monthFactor });
  }

  const total = monthly.reduce((product, m) => multiply(product, m.factor), ONE);
  const years = new Map<number, Fraction>();
  for (const m of monthly) years.set(m.year, multiply(years.get(m.year) ?? ONE, m.factor));
  // Twelve months only when all twelve have a return (none in a gap).
  const twelfth = monthly.at(-12);
  const lastTwelve =
    twelfth && lastMonthOf(monthly) - monthIndex(twelfth) === 11
      ? monthly.slice(-12).reduce((product, m) => multiply(product, m.factor), ONE)
      : null;

  // Trade statistics, each trade's result net of commission, taxes and swap.
  let wins = 0;
  let losses = 0;
  let grossProfit = 0n;
  let grossLoss = 0n;
  let lastTrade = -Infinity;
  for (const trade of statement.trades) {
    const net = trade.profit + trade.commission + trade.taxes + trade.swap;
    if (net > 0n) {
      wins++;
      grossProfit += net;
    } else if (net < 0n) {
      losses++;
      grossLoss += net;
    }
    lastTrade = Math.max(lastTrade, serverTimeToEpochMs(trade.closeTime, clock));
  }
  const netProfit = grossProfit + grossLoss;
  const profitFactor = grossLoss < 0n ? divideRounded(grossProfit * 100n, -grossLoss) : null;

  const summary = statement.summary;
  const line = (
    check: ReconciliationLine["check"],
    ours: bigint | null,
    theirs: bigint | null,
  ): ReconciliationLine => ({
    check,
    ours: ours === null ? null : safe(ours),
    statement: theirs === null ? null : safe(theirs),
    ok: ours === theirs,
  });
  const reconciliation: ReconciliationLine[] = [
    line("grossProfit", grossProfit, summary.grossProfit),
    line("grossLoss", grossLoss, summary.grossLoss),
    line("totalNetProfit", netProfit, summary.totalNetProfit),
    {
      ...line("profitFactor", profitFactor, summary.profitFactor),
      ok:
        profitFactor === summary.profitFactor ||
        (profitFactor === null && (summary.profitFactor ?? 0n) === 0n),
    },
  ];
  if (summary.depositWithdrawal !== null) {
    reconciliation.push(
      line("depositWithdrawal", deposits + withdrawals, summary.depositWithdrawal),
    );
  }
  reconciliation.push(line("balance", balance, summary.balance));
  if (statement.format === "mt5") {
    reconciliation.push({
      check: "runningBalance",
      ours: runningMismatches,
      statement: 0,
      ok: runningMismatches === 0,
    });
  }

  const first = events[0];
  const last = events.at(-1);
  const header = statement.header;
  const lastMonth = monthly.at(-1);
  const figures = recordFigures({
    points,
    fixed: FIXED,
    months: monthly.map((m) => ({
      year: m.year,
      month: m.month,
      returnBps: returnBps(m.factor),
      startsAt: monthOf.startOf(monthIndex(m)),
    })),
    periods: {
      lastMonth: lastMonth ? returnBps(lastMonth.factor) : 0,
      yearToDate: lastMonth ? returnBps(years.get(lastMonth.year) ?? ONE) : 0,
      twelveMonths: lastTwelve ? returnBps(lastTwelve) : null,
      sinceStart: returnBps(total),
    },
    tradeResults,
    marks,
    periodStart: first?.at ?? 0,
    periodEnd: last?.at ?? 0,
  });
  const record: PerformanceRecord = {
    format: statement.format,
    accountNumberMasked: maskAccountNumber(header.accountNumber),
    accountName: header.name,
    currency: header.currency,
    leverage: header.leverage,
    company: header.company,
    declaredKind: header.declaredKind,
    periodStart: new Date(first?.at ?? 0).toISOString(),
    periodEnd: new Date(last?.at ?? 0).toISOString(),
    lastTradeAt: Number.isFinite(lastTrade) ? new Date(lastTrade).toISOString() : null,
    trades: statement.trades.length,
    wins,
    losses,
    winRateBps:
      statement.trades.length > 0
        ? safe(divideRounded(BigInt(wins) * 10_000n, BigInt(statement.trades.length)))
        : null,
    grossProfit: safe(grossProfit),
    grossLoss: safe(grossLoss),
    netProfit: safe(netProfit),
    averageWin: wins > 0 ? safe(divideRounded(grossProfit, BigInt(wins))) : null,
    averageLoss: losses > 0 ? safe(divideRounded(grossLoss, BigInt(losses))) : null,
    profitFactor: profitFactor === null ? null : safe(profitFactor),
    deposits: safe(deposits),
    withdrawals: safe(withdrawals),
    credits: safe(credits),
    finalBalance: safe(balance),
    floatingPl: summary.floatingPl === null ? null : safe(summary.floatingPl),
    totalReturnBps: returnBps(total),
    twelveMonthReturnBps: lastTwelve ? returnBps(lastTwelve) : null,
    maxDrawdownBps: safe(maxDrawdown),
    equityDrawdownBps: summary.equityDrawdownBps,
    monthly: monthly.map((m): MonthlyReturn => ({
      year: m.year,
      month: m.month,
      returnBps: returnBps(m.factor),
    })),
    yearly: [...years].map(([year, factor]) => ({ year, returnBps: returnBps(factor) })),
    curve: downsample(points),
    cancelledOrders: statement.cancelledOrders,
    openTrades: statement.openTrades,
    reconciliation,
    reconciled: reconciliation.every((entry) => entry.ok),
    figures,
  };
  return { ok: true, record, factors: { monthly, total } };
}

const lastMonthOf = (monthly: { year: number; month: number }[]) => {
  const last = monthly.at(-1);
  return last ? monthIndex(last) : 0;
};

/**
 * The balance before a statement's first row: zero for a whole history (it opens with a
 * deposit); for a statement of a later period, its summary's balance less every change it
 * lists (a statement's rows without a summary balance stay "starts mid-history").
 */
export function openingBalance(statement: ParsedStatement): bigint {
  const changes = statement.cashEvents.filter((event) => event.kind !== "credit");
  const first = changes.reduce<CashEvent | undefined>(
    (earliest, event) =>
      earliest && wallMs(earliest.time) <= wallMs(event.time) ? earliest : event,
    undefined,
  );
  if (first?.kind !== "trade" || statement.summary.balance === null) return 0n;
  const listed = changes.reduce((sum, event) => sum + event.amount, 0n);
  const opening = statement.summary.balance - listed;
  return opening > 0n ? opening : 0n;
}

/**
 * At most CURVE_POINTS points, evenly spread in time: each keeps the growth at its end and
 * the deepest drawdown within it, so the chart never hides the worst fall.
 */
function downsample(points: { at: number; index: bigint; drawdown: bigint }[]): CurvePoint[] {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return [];
  const span = Math.max(1, last.at - first.at);
  const buckets = new Map<number, { at: number; index: bigint; drawdown: bigint }>();
  for (const point of points) {
    const bucket = Math.min(
      CURVE_POINTS - 1,
      Math.floor(((point.at - first.at) / span) * CURVE_POINTS),
    );
    const kept = buckets.get(bucket);
    buckets.set(bucket, {
      at: point.at,
      index: point.index,
      drawdown: kept && kept.drawdown > point.drawdown ? kept.drawdown : point.drawdown,
    });
  }
  return [...buckets.values()].map((point) => ({
    t: Math.floor(point.at / 1000),
    growthBps: Number(divideRounded((point.index - FIXED) * 10_000n, FIXED)),
    drawdownBps: Number(point.drawdown),
  }));
}

import { describe, expect, it } from "vitest";
import { goldenLedger } from "../../../tests/support/golden-ledger.ts";
import {
  mt4Statement,
  mt5Statement,
  utf16le,
  utf8,
  type FixtureLedger,
} from "../../../tests/support/statement-fixtures.ts";
import { computeRecord } from "./compute.ts";
import { dayReader, dayText } from "./figures.ts";
import type { RecordFigures } from "./model.ts";
import { parseStatement } from "./statement-parse.ts";

// Issue 38's figures against the golden quarter (tests/support/golden-ledger.ts), worked by
// hand. The server clock is UTC, so every trade falls on the same São Paulo day (07:00-15:00).
//
// Balances (cents): 5 Jan deposit 1,000,000; 6 Jan +24,150 -> 1,024,150; 21 Jan -12,700 ->
// 1,011,450; 3 Feb +29,300 -> 1,040,750; 14 Feb deposit 500,000 -> 1,540,750; 20 Feb +14,000
// -> 1,554,750; 4 Mar -30,700 -> 1,524,050; 16 Mar withdrawal 200,000 -> 1,324,050; 25 Mar
// -10,700 -> 1,313,350.
// Months: Jan 1,011,450/1,000,000 = +1.145 % (115 bp); Feb (1,040,750/1,011,450) x
// (1,554,750/1,540,750) = +3.8318 % (383 bp); Mar (1,524,050/1,554,750) x
// (1,313,350/1,324,050) = -2.7668 % (-277 bp); compounded +2.1150 % (212 bp).
// Days: 6 Jan +2.415 % (242), 21 Jan -12,700/1,024,150 = -1.2401 % (-124), 3 Feb +2.8968 %,
// 20 Feb +0.9086 %, 4 Mar -30,700/1,554,750 = -1.9746 % (-197), 25 Mar -10,700/1,324,050 =
// -0.8081 % (-81). Worst week: 2-8 Mar, its one trade (-197).
// The trades' cumulative result: 24,150, 11,450, 40,750, 54,750, 24,050, 13,350: its deepest
// fall 54,750 - 13,350 = 41,400; recovery 13,350 / 41,400 = 0.32.
// Sharpe: monthly 0.0115, 0.0383, -0.0277; mean 0.007367, sample deviation 0.033196;
// 0.007367 / 0.033196 x sqrt(12) = 0.77. Sortino: downside deviation sqrt(0.0277^2 / 3) =
// 0.015993; 0.007367 / 0.015993 x sqrt(12) = 1.60.
// Under water: from the 6 Jan peak to 3 Feb (28 days), then from the 20 Feb peak to the end,
// 25 Mar, still below (33 days).

async function figuresOf(bytes: Uint8Array): Promise<RecordFigures> {
  const parsed = await parseStatement(bytes);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problem));
  const computed = computeRecord(parsed.statement, "+00:00");
  if (!computed.ok) throw new Error(JSON.stringify(computed.problem));
  const { figures } = computed.record;
  if (!figures) throw new Error("no figures");
  return figures;
}

const formats = [
  ["MT4", (ledger: FixtureLedger) => utf8(mt4Statement(ledger))],
  ["MT5", (ledger: FixtureLedger) => utf16le(mt5Statement(ledger))],
] as const;

describe.each(formats)("the figures of a %s statement", (_name, file) => {
  it("give the ANBIMA periods with the dates each one covers", async () => {
    const f = await figuresOf(file(goldenLedger));
    expect(f.lastMonth).toMatchObject({ year: 2026, month: 3, returnBps: -277 });
    expect(f.lastMonth?.from).toBe("2026-03-01T03:00:00.000Z");
    expect(f.lastMonth?.to).toBe("2026-03-25T17:00:00.000Z");
    expect(f.yearToDate).toMatchObject({ year: 2026, returnBps: 212 });
    expect(f.yearToDate.from).toBe("2026-01-05T09:00:00.000Z");
    // Three months of history: no 12-month figure.
    expect(f.twelveMonths).toBeNull();
    expect(f.sinceStart).toEqual({
      from: "2026-01-05T09:00:00.000Z",
      to: "2026-03-25T17:00:00.000Z",
      returnBps: 212,
    });
  });

  it("give the recovery factor from the trades' deepest fall in cents", async () => {
    const f = await figuresOf(file(goldenLedger));
    expect(f.maxTradingDrawdown).toBe(41_400);
    expect(f.recoveryFactor).toBe(32);
  });

  it("give Sharpe and Sortino from the monthly returns, annualised by the root of 12", async () => {
    const f = await figuresOf(file(goldenLedger));
    expect(f.monthsCounted).toBe(3);
    expect(f.sharpe).toBe(77);
    expect(f.sortino).toBe(160);
  });

  it("give the worst month and the longest time under water", async () => {
    const f = await figuresOf(file(goldenLedger));
    expect(f.worstMonth).toEqual({ year: 2026, month: 3, returnBps: -277 });
    expect(f.longestUnderwater).toEqual({
      from: "2026-02-20T18:00:00.000Z",
      to: null,
      days: 33,
    });
  });

  it("mark each deposit and withdrawal for the curve", async () => {
    const f = await figuresOf(file(goldenLedger));
    expect(f.marks.map((m) => [new Date(m.t * 1000).toISOString(), m.kind, m.amount])).toEqual([
      ["2026-01-05T09:00:00.000Z", "deposit", 1_000_000],
      ["2026-02-14T12:00:00.000Z", "deposit", 500_000],
      ["2026-03-16T12:00:00.000Z", "withdrawal", -200_000],
    ]);
  });
});

describe("the worst day and week", () => {
  it("are the São Paulo calendar day and Monday-to-Sunday week that lost most", async () => {
    const f = await figuresOf(utf8(mt4Statement(goldenLedger)));
    expect(f.worstDay).toEqual({ day: "2026-03-04", returnBps: -197 });
    expect(f.worstWeek).toEqual({ from: "2026-03-02", to: "2026-03-08", returnBps: -197 });
  });

  it("count two losing trades of one week together", async () => {
    // 21 Jan's loss (-12,700) moved to Thursday 5 Mar. Balances: 1,024,150 on 6 Jan,
    // 1,053,450 on 3 Feb, 1,553,450 after the deposit, 1,567,450 on 20 Feb, 1,536,750 on
    // 4 Mar (-30,700 / 1,567,450 = -1.9586 %, -196 bp: still the worst day), 1,524,050 on
    // 5 Mar: the week 2-8 Mar loses 1,524,050 / 1,567,450 = -2.7688 % (-277 bp).
    const ledger: FixtureLedger = {
      ...goldenLedger,
      trades: goldenLedger.trades.map((t) =>
        t.ticket === 1003 ? { ...t, open: "2026.03.05 10:00:00", close: "2026.03.05 11:00:00" } : t,
      ),
    };
    const f = await figuresOf(utf8(mt4Statement(ledger)));
    expect(f.worstWeek).toEqual({ from: "2026-03-02", to: "2026-03-08", returnBps: -277 });
    expect(f.worstDay).toEqual({ day: "2026-03-04", returnBps: -196 });
  });
});

describe("a deposit in the middle of the period", () => {
  it("changes no return when the trades after it grow in proportion", async () => {
    // 1 Mar: the balance (1,554,750) deposited again; March's trades and withdrawal doubled.
    const doubled: FixtureLedger = {
      ...goldenLedger,
      balances: [
        ...goldenLedger.balances.map((b) =>
          b.ticket === 1008 ? { ...b, amount: b.amount * 2 } : b,
        ),
        { ticket: 1011, time: "2026.03.01 12:00:00", amount: 1_554_750, comment: "Deposit" },
      ],
      trades: goldenLedger.trades.map((t) =>
        t.close.startsWith("2026.03")
          ? { ...t, profit: t.profit * 2, commission: t.commission * 2 }
          : t,
      ),
    };
    const original = await figuresOf(utf8(mt4Statement(goldenLedger)));
    const moved = await figuresOf(utf8(mt4Statement(doubled)));
    const returns = (f: RecordFigures) => ({
      periods: [f.lastMonth?.returnBps, f.yearToDate.returnBps, f.sinceStart.returnBps],
      worst: [f.worstDay, f.worstWeek, f.worstMonth],
      ratios: [f.sharpe, f.sortino],
      underwater: f.longestUnderwater,
    });
    expect(returns(moved)).toEqual(returns(original));
    expect(moved.marks).toHaveLength(4);
    // Money figures are money: March's losses doubled deepen the fall, 54,750 - (-28,050).
    expect(moved.maxTradingDrawdown).toBe(82_800);
  });
});

describe("the São Paulo day of an instant", () => {
  it("follows the clock, summer time included", () => {
    const dayOf = dayReader();
    const day = (iso: string) => dayText(dayOf(Date.parse(iso)));
    expect(day("2026-03-04T02:59:59Z")).toBe("2026-03-03");
    expect(day("2026-03-04T03:00:00Z")).toBe("2026-03-04");
    // 2018-11-04: summer time began at midnight (00:00 -> 01:00, UTC-2), at 03:00 UTC.
    expect(day("2018-11-04T02:59:59Z")).toBe("2018-11-03");
    expect(day("2018-11-04T03:00:00Z")).toBe("2018-11-04");
    // In summer time a day starts at 02:00 UTC.
    expect(day("2018-12-10T01:59:59Z")).toBe("2018-12-09");
    expect(day("2018-12-10T02:00:00Z")).toBe("2018-12-10");
  });
});

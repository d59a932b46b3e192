import { describe, expect, it } from "vitest";
import {
  generatedLedger,
  monthStart,
  mt4Statement,
  mt5Statement,
  periodStatements,
  utf16le,
  utf8,
  type FixtureLedger,
  type PeriodStatement,
} from "../../../tests/support/statement-fixtures.ts";
import { combineStatements } from "./combine.ts";
import { computeRecord } from "./compute.ts";
import type { ParsedStatement, PerformanceRecord } from "./model.ts";
import { parseStatement } from "./statement-parse.ts";

// Issue 38 (docs/decisions/430): a record made of a broker's monthly statements, files as
// MetaTrader writes them, equals the record of the whole history, each trade counted once.

// The broker's clock at São Paulo's offset, so its months are the record's months.
const CLOCK = "-03:00";
const ledger = generatedLedger({ trades: 700, months: 14 });
/** Nov 2021 .. Dec 2022, one period a month; the last also holds January's withdrawal. */
const months = Array.from({ length: 14 }, (_, i) => {
  const index = 2021 * 12 + 10 + i;
  const next = index + (i === 13 ? 2 : 1);
  return {
    from: monthStart(Math.floor(index / 12), (index % 12) + 1),
    to: monthStart(Math.floor(next / 12), (next % 12) + 1),
  };
});

const formats = [
  ["MT4", (l: FixtureLedger, opening = 0) => utf8(mt4Statement(l, { openingBalance: opening }))],
  ["MT5", (l: FixtureLedger, opening = 0) => utf16le(mt5Statement(l, { openingBalance: opening }))],
] as const;

async function parsed(bytes: Uint8Array): Promise<ParsedStatement> {
  const result = await parseStatement(bytes);
  if (!result.ok) throw new Error(JSON.stringify(result.problem));
  return result.statement;
}

function recordOf(result: ReturnType<typeof computeRecord>): PerformanceRecord {
  if (!result.ok) throw new Error(JSON.stringify(result.problem));
  return result.record;
}

/** What a record shows, beside its reconciliation (which differs in shape). */
const shown = (r: PerformanceRecord) => ({
  periodStart: r.periodStart,
  periodEnd: r.periodEnd,
  trades: r.trades,
  wins: r.wins,
  grossProfit: r.grossProfit,
  grossLoss: r.grossLoss,
  deposits: r.deposits,
  withdrawals: r.withdrawals,
  finalBalance: r.finalBalance,
  totalReturnBps: r.totalReturnBps,
  twelveMonthReturnBps: r.twelveMonthReturnBps,
  maxDrawdownBps: r.maxDrawdownBps,
  monthly: r.monthly,
  curve: r.curve,
  figures: r.figures,
});

describe.each(formats)("a record combined from %s monthly statements", (_, file) => {
  const statements = (periods: PeriodStatement[]) =>
    Promise.all(
      periods.map(async (p) => ({ statement: await parsed(file(p.ledger, p.openingBalance)) })),
    );

  it("equals the whole history's record, reconciled statement by statement", async () => {
    const whole = recordOf(computeRecord(await parsed(file(ledger)), CLOCK));
    const parts = await statements(periodStatements(ledger, months));
    // Each month on its own opens with the balance the months before it left.
    expect(recordOf(computeRecord(parts[5]!.statement, CLOCK)).reconciled).toBe(true);
    const combined = recordOf(combineStatements([...parts].reverse(), CLOCK));
    expect(shown(combined)).toEqual(shown(whole));
    expect(combined.trades).toBe(700);
    expect(combined.reconciled).toBe(true);
    expect(combined.reconciliation.filter((line) => line.check === "openingBalance")).toHaveLength(
      13,
    );
  });

  it("counts once each trade and deal two overlapping statements list", async () => {
    const whole = recordOf(computeRecord(await parsed(file(ledger)), CLOCK));
    // Each statement from ten days before its month: the last ten days come twice.
    const overlapping = months.map((period, i) => ({
      from: i === 0 ? period.from : months[i - 1]!.from.replace(/\.01 /, ".21 "),
      to: period.to,
    }));
    const parts = await statements(periodStatements(ledger, overlapping));
    const listed = parts.reduce((sum, p) => sum + p.statement.trades.length, 0);
    expect(listed).toBeGreaterThan(700);
    const combined = recordOf(combineStatements(parts, CLOCK));
    expect(shown(combined)).toEqual(shown(whole));
    expect(combined.reconciled).toBe(true);
  });

  it("shows a missing month as a gap: no return for it, and the next starts from its own balance", async () => {
    const withoutMarch = periodStatements(ledger, months).filter((_, i) => i !== 4);
    const combined = recordOf(combineStatements(await statements(withoutMarch), CLOCK));
    const whole = recordOf(computeRecord(await parsed(file(ledger)), CLOCK));
    expect(combined.monthly.map((m) => `${m.year}-${m.month}`)).not.toContain("2022-3");
    expect(combined.monthly).toHaveLength(whole.monthly.length - 1);
    // The months on both sides keep their own returns; nothing is bridged across the gap.
    expect(combined.monthly.find((m) => m.year === 2022 && m.month === 4)).toEqual(
      whole.monthly.find((m) => m.year === 2022 && m.month === 4),
    );
    expect(combined.twelveMonthReturnBps).toBeNull();
    expect(combined.finalBalance).toBe(whole.finalBalance);
    expect(combined.reconciled).toBe(true);
  });

  it("is not reconciled when a statement does not continue the one before it", async () => {
    const periods = periodStatements(ledger, months);
    periods[6] = { ...periods[6]!, openingBalance: periods[6]!.openingBalance + 1_000 };
    const combined = recordOf(combineStatements(await statements(periods), CLOCK));
    expect(combined.reconciled).toBe(false);
    const wrong = combined.reconciliation.filter((line) => !line.ok);
    expect(wrong).toEqual([expect.objectContaining({ check: "openingBalance", part: 7 })]);
    expect(wrong[0]!.statement! - wrong[0]!.ours!).toBe(1_000);
  });
});

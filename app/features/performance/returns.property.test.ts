import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeRecord, multiply, type ExactFactors, type Fraction } from "./compute.ts";
import type { CashEvent, ParsedStatement, ServerTime } from "./model.ts";

// Properties of the time-weighted returns, on exact fractions: money moved in or out is
// never a return, and the monthly returns compound to the total.

const HOUR = 3_600_000;
const START = Date.UTC(2024, 0, 2, 12);

function serverTime(ms: number): ServerTime {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

interface Step {
  at: number;
  kind: CashEvent["kind"];
  amount: bigint;
}

function statementOf(steps: Step[]): ParsedStatement {
  return {
    format: "mt4",
    header: {
      accountNumber: "1",
      name: "",
      currency: "USD",
      leverage: null,
      company: null,
      declaredKind: null,
    },
    trades: [],
    balanceOperations: [],
    cashEvents: steps.map((step, i) => ({
      time: serverTime(step.at),
      kind: step.kind,
      amount: step.amount,
      reference: String(i),
    })),
    summary: {
      grossProfit: null,
      grossLoss: null,
      totalNetProfit: null,
      profitFactor: null,
      balance: null,
      depositWithdrawal: null,
      closedTradePl: null,
      floatingPl: null,
      equity: null,
      equityDrawdownBps: null,
    },
    cancelledOrders: 0,
    openTrades: 0,
  };
}

function factors(steps: Step[]): ExactFactors {
  const result = computeRecord(statementOf(steps), "+00:00");
  if (!result.ok) throw new Error(JSON.stringify(result.problem));
  return result.factors;
}

const same = (a: Fraction, b: Fraction) => a.n * b.d === b.n * a.d;

/**
 * An account: an opening deposit, then trades whose results never take more than half the
 * balance, spread over up to three years (gaps of up to 40 days).
 */
const account = fc
  .record({
    deposit: fc.bigInt({ min: 10_000n, max: 100_000_000n }),
    moves: fc.array(
      fc.record({
        gapHours: fc.integer({ min: 1, max: 24 * 40 }),
        permille: fc.integer({ min: -500, max: 800 }),
      }),
      { minLength: 1, maxLength: 40 },
    ),
  })
  .map(({ deposit, moves }) => {
    const steps: Step[] = [{ at: START, kind: "deposit", amount: deposit }];
    let balance = deposit;
    let at = START;
    for (const move of moves) {
      at += move.gapHours * HOUR;
      const amount = (balance * BigInt(move.permille)) / 1000n;
      balance += amount;
      steps.push({ at, kind: "trade", amount });
    }
    return steps;
  });

function balanceBefore(steps: Step[], index: number): bigint {
  return steps.slice(0, index).reduce((sum, step) => sum + step.amount, 0n);
}

describe("time-weighted returns", () => {
  it("are unchanged by a deposit when the trades after it grow in proportion", () => {
    fc.assert(
      fc.property(account, fc.nat(), fc.integer({ min: 1, max: 5 }), (steps, pick, m) => {
        const k = 1 + (pick % (steps.length - 1 || 1));
        const before = balanceBefore(steps, k);
        const scale = BigInt(m + 1);
        const withDeposit: Step[] = [
          ...steps.slice(0, k),
          { at: (steps[k - 1]?.at ?? START) + 1000, kind: "deposit", amount: before * BigInt(m) },
          ...steps.slice(k).map((step) => ({ ...step, amount: step.amount * scale })),
        ];
        const original = factors(steps);
        const moved = factors(withDeposit);
        expect(same(moved.total, original.total)).toBe(true);
        expect(moved.monthly.length).toBe(original.monthly.length);
        moved.monthly.forEach((month, i) => {
          expect(same(month.factor, original.monthly[i]?.factor ?? { n: 0n, d: 1n })).toBe(true);
        });
      }),
      { numRuns: 150 },
    );
  });

  it("are unchanged by a withdrawal when the trades after it shrink in proportion", () => {
    fc.assert(
      fc.property(account, fc.nat(), fc.integer({ min: 1, max: 5 }), (steps, pick, m) => {
        const k = 1 + (pick % (steps.length - 1 || 1));
        const scale = BigInt(m + 1);
        // The same account with (m + 1) times the money until k, then m parts withdrawn.
        const larger = steps.slice(0, k).map((step) => ({ ...step, amount: step.amount * scale }));
        const withWithdrawal: Step[] = [
          ...larger,
          {
            at: (steps[k - 1]?.at ?? START) + 1000,
            kind: "withdrawal",
            amount: -balanceBefore(steps, k) * BigInt(m),
          },
          ...steps.slice(k),
        ];
        const original = factors(steps);
        const moved = factors(withWithdrawal);
        expect(same(moved.total, original.total)).toBe(true);
        moved.monthly.forEach((month, i) => {
          expect(same(month.factor, original.monthly[i]?.factor ?? { n: 0n, d: 1n })).toBe(true);
        });
      }),
      { numRuns: 150 },
    );
  });

  it("count money moved in or out as no return at all", () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 1_000_000n }), { minLength: 1, maxLength: 10 }),
        (amounts) => {
          const steps: Step[] = amounts.flatMap((amount, i) => [
            { at: START + i * 20 * 24 * HOUR, kind: "deposit" as const, amount: amount * 2n },
            { at: START + (i * 20 + 5) * 24 * HOUR, kind: "withdrawal" as const, amount: -amount },
          ]);
          const result = factors(steps);
          expect(same(result.total, { n: 1n, d: 1n })).toBe(true);
          for (const month of result.monthly)
            expect(same(month.factor, { n: 1n, d: 1n })).toBe(true);
        },
      ),
    );
  });

  it("compound month by month to the total of the whole period, flows included", () => {
    fc.assert(
      fc.property(
        account,
        fc.array(fc.record({ pick: fc.nat(), permille: fc.integer({ min: -150, max: 300 }) }), {
          maxLength: 5,
        }),
        (steps, flows) => {
          // Add deposits and withdrawals anywhere after the opening deposit.
          const withFlows = [...steps];
          for (const flow of flows) {
            const k = 1 + (flow.pick % withFlows.length);
            // A withdrawal takes part of the lowest balance still to come, so it never goes negative.
            let lowest = balanceBefore(withFlows, k);
            let running = lowest;
            for (const later of withFlows.slice(k)) {
              running += later.amount;
              if (running < lowest) lowest = running;
            }
            const base = flow.permille < 0 ? lowest : balanceBefore(withFlows, k);
            const amount = (base * BigInt(flow.permille)) / 1000n;
            withFlows.splice(k, 0, {
              at: (withFlows[k - 1]?.at ?? START) + 500,
              kind: amount < 0n ? "withdrawal" : "deposit",
              amount,
            });
          }
          // The total chained flow to flow, ignoring months.
          let chained: Fraction = { n: 1n, d: 1n };
          let start = 0n;
          let balance = 0n;
          for (const step of withFlows) {
            if (step.kind === "trade") {
              balance += step.amount;
              continue;
            }
            if (start > 0n) chained = multiply(chained, { n: balance, d: start });
            balance += step.amount;
            start = balance;
          }
          if (start > 0n) chained = multiply(chained, { n: balance, d: start });

          const result = factors(withFlows);
          const compounded = result.monthly.reduce((p, m) => multiply(p, m.factor), {
            n: 1n,
            d: 1n,
          });
          expect(same(compounded, chained)).toBe(true);
          expect(same(result.total, chained)).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});

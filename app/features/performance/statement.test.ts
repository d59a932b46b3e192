import { describe, expect, it } from "vitest";
import { goldenLedger } from "../../../tests/support/golden-ledger.ts";
import {
  generatedLedger,
  mt4Statement,
  mt5Statement,
  utf16le,
  utf8,
  type FixtureLedger,
  type FixtureOptions,
} from "../../../tests/support/statement-fixtures.ts";
import { statementProblemMessage } from "../../content/performance.ts";
import { computeRecord } from "./compute.ts";
import { parseCents } from "./numbers.ts";
import { readLimits } from "./statement-html.ts";
import { parseStatement } from "./statement-parse.ts";

async function record(bytes: Uint8Array) {
  const parsed = await parseStatement(bytes);
  if (!parsed.ok) throw new Error(`parse failed: ${JSON.stringify(parsed.problem)}`);
  const computed = computeRecord(parsed.statement, "+00:00");
  if (!computed.ok) throw new Error(`compute failed: ${JSON.stringify(computed.problem)}`);
  return { statement: parsed.statement, record: computed.record };
}

const formats = [
  [
    "MT4, UTF-8",
    (ledger: FixtureLedger, options?: FixtureOptions) => utf8(mt4Statement(ledger, options)),
  ],
  [
    "MT5, UTF-16 with a byte-order mark",
    (ledger: FixtureLedger, options?: FixtureOptions) => utf16le(mt5Statement(ledger, options)),
  ],
] as const;

describe.each(formats)("a statement (%s)", (_name, file) => {
  it("yields the ledger: trades, balance operations, header; cancelled orders left out", async () => {
    const { statement } = await record(file(goldenLedger));
    expect(statement.trades.map((t) => t.ticket)).toEqual([
      "1002",
      "1003",
      "1004",
      "1006",
      "1007",
      "1009",
    ]);
    expect(statement.trades[0]).toMatchObject({
      type: "buy",
      symbol: "usdjpy",
      size: "0.10",
      openTime: { year: 2026, month: 1, day: 6, hour: 10, minute: 0, second: 0 },
      closeTime: { year: 2026, month: 1, day: 6, hour: 15 },
      profit: 25_000n,
      swap: -150n,
    });
    expect(statement.balanceOperations.map((b) => [b.kind, b.amount])).toEqual([
      ["deposit", 1_000_000n],
      ["deposit", 500_000n],
      ["withdrawal", -200_000n],
    ]);
    expect(statement.cancelledOrders).toBe(1);
    expect(statement.header).toMatchObject({
      accountNumber: "12345678",
      name: "Conta de Teste",
      currency: "USD",
      company: "Corretora Exemplo Ltd.",
    });
  });

  it("computes the hand-checked figures, and they equal the statement's summary to the cent", async () => {
    const { record: r } = await record(file(goldenLedger));
    expect(r.monthly).toEqual([
      { year: 2026, month: 1, returnBps: 115 },
      { year: 2026, month: 2, returnBps: 383 },
      { year: 2026, month: 3, returnBps: -277 },
    ]);
    expect(r.yearly).toEqual([{ year: 2026, returnBps: 212 }]);
    expect(r).toMatchObject({
      accountNumberMasked: "•••••678",
      totalReturnBps: 212,
      twelveMonthReturnBps: null,
      maxDrawdownBps: 277,
      trades: 6,
      wins: 3,
      losses: 3,
      winRateBps: 5000,
      grossProfit: 67_450,
      grossLoss: -54_100,
      netProfit: 13_350,
      averageWin: 22_483,
      averageLoss: -18_033,
      profitFactor: 125,
      deposits: 1_500_000,
      withdrawals: -200_000,
      finalBalance: 1_313_350,
      lastTradeAt: "2026-03-25T17:00:00.000Z",
      periodStart: "2026-01-05T09:00:00.000Z",
      reconciled: true,
    });
    for (const line of r.reconciliation)
      expect(line).toMatchObject({ ok: true, ours: line.statement });
  });

  it("shows a statement whose summary does not add up as not reconciled, with both figures", async () => {
    const { record: r } = await record(file(goldenLedger, { summary: { netProfit: 13_351 } }));
    expect(r.reconciled).toBe(false);
    expect(r.reconciliation.find((line) => line.check === "totalNetProfit")).toEqual({
      check: "totalNetProfit",
      ours: 13_350,
      statement: 13_351,
      ok: false,
    });
  });

  it("refuses a history that begins after the first deposit", async () => {
    const truncated = { ...goldenLedger, balances: goldenLedger.balances.slice(1) };
    const parsed = await parseStatement(file(truncated));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(computeRecord(parsed.statement, "+00:00")).toEqual({
      ok: false,
      problem: { code: "starts-mid-history", reference: expect.any(String) },
    });
  });

  it("refuses a file cut before its summary", async () => {
    const text = new TextDecoder(file === formats[1][1] ? "utf-16le" : "utf-8").decode(
      file(goldenLedger),
    );
    const cut = text.slice(0, text.search(/Summary|Results/));
    expect(await parseStatement(utf8(cut))).toEqual({ ok: false, problem: { code: "no-summary" } });
    expect(await parseStatement(file(goldenLedger, { withoutSummary: true }))).toEqual({
      ok: false,
      problem: { code: "no-summary" },
    });
  });

  it("refuses a repeated ticket", async () => {
    const first = goldenLedger.trades[0];
    if (!first) throw new Error("no trade");
    const duplicated = {
      ...goldenLedger,
      trades: [
        ...goldenLedger.trades,
        { ...first, open: "2026.03.26 10:00:00", close: "2026.03.26 11:00:00" },
      ],
    };
    const parsed = await parseStatement(file(duplicated));
    expect(parsed).toMatchObject({ ok: false, problem: { code: "duplicate-ticket" } });
  });

  it("reads a hostile file (scripts, deep nesting, a huge junk table) to the same ledger", async () => {
    const { record: r } = await record(file(goldenLedger, { hostile: true }));
    expect(r.netProfit).toBe(13_350);
    expect(r.reconciled).toBe(true);
    expect(JSON.stringify(r)).not.toMatch(/script|alert|evil/);
  });
});

describe("statement problems", () => {
  it("says an empty file is empty", async () => {
    expect(await parseStatement(new Uint8Array())).toEqual({
      ok: false,
      problem: { code: "empty" },
    });
    expect(await parseStatement(utf8("  \n "))).toEqual({ ok: false, problem: { code: "empty" } });
  });

  it("stops reading a file past its time limit, and says so in Portuguese", async () => {
    const file = utf8(mt4Statement(generatedLedger({ trades: 200, months: 12, seed: 3 })));
    expect((await parseStatement(file)).ok).toBe(true);
    // Small slices, so the reader looks at the clock several times; a limit already spent.
    const spent = { ...readLimits, sliceBytes: 4_096, deadlineMs: 0 };
    const parsed = await parseStatement(file, spent);
    expect(parsed).toEqual({ ok: false, problem: { code: "too-slow" } });
    expect(statementProblemMessage({ code: "too-slow" })).toBe(
      "O extrato demorou demais para ser lido. Envie o arquivo como o MetaTrader o gerou.",
    );
  });

  it("says any other file is not a MetaTrader statement", async () => {
    for (const text of [
      "<html><body><table><tr><td>Olá</td></tr></table></body></html>",
      "%PDF-1.4 binary",
      "ticket;profit\n1;2",
    ]) {
      expect(await parseStatement(utf8(text))).toEqual({
        ok: false,
        problem: { code: "not-a-statement" },
      });
    }
  });

  it("reads other number formats (1 234,56 and 1,234.56) to the same cents", async () => {
    for (const numbers of ["comma-decimal", "comma-grouping"] as const) {
      const { record: r } = await record(utf8(mt4Statement(goldenLedger, { numbers })));
      expect(r.finalBalance).toBe(1_313_350);
      expect(r.reconciled).toBe(true);
    }
  });

  it("names the cell of a number it cannot read", async () => {
    const text = mt4Statement(goldenLedger).replace("-120.00", "-12O.00");
    expect(await parseStatement(utf8(text))).toEqual({
      ok: false,
      problem: { code: "bad-number", value: "-12O.00", where: "ticket 1003" },
    });
  });

  it("counts an MT5 deal whose printed balance differs from the running balance", async () => {
    const text = mt5Statement(goldenLedger).replace("<td>10 241.50</td>", "<td>10 241.51</td>");
    const { record: r } = await record(utf16le(text));
    expect(r.reconciliation.find((line) => line.check === "runningBalance")).toMatchObject({
      ours: 1,
      ok: false,
    });
    expect(r.reconciled).toBe(false);
  });

  it("computes a long generated history in both formats alike, reconciled", async () => {
    const ledger = generatedLedger({ trades: 600, months: 30 });
    const mt4 = await record(utf8(mt4Statement(ledger)));
    const mt5 = await record(utf16le(mt5Statement(ledger)));
    expect(mt4.record.reconciled).toBe(true);
    expect(mt5.record.reconciled).toBe(true);
    expect(mt4.record.monthly).toHaveLength(30);
    expect(mt5.record.monthly).toEqual(mt4.record.monthly);
    expect(mt4.record.twelveMonthReturnBps).not.toBeNull();
    expect(mt4.record.curve.length).toBeLessThanOrEqual(360);
    expect(mt4.record.cancelledOrders).toBe(2);
  });
});

describe("money cells", () => {
  it.each([
    ["10 000.00", 1_000_000n],
    ["1 234,56", 123_456n],
    ["1,234.56", 123_456n],
    ["1.234,56", 123_456n],
    ["- 2.50", -250n],
    ["-1\u00a0010.38", -101_038n],
    ["0.00", 0n],
    ["1,234", 123_400n],
    ["12.5", 1_250n],
  ])("reads %s as %s cents", (text, cents) => {
    expect(parseCents(text)).toBe(cents);
  });

  it.each(["", "abc", "1,234,56", "1.234.5,6,7", "0.12345", "1 2 3", "12O.00"])(
    "refuses %j",
    (text) => {
      expect(parseCents(text)).toBeNull();
    },
  );
});

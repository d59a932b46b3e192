import { describe, expect, it } from "vitest";
import { matchCredits, referencesIn, type MatchableOrder } from "./matching.ts";
import type { StatementCredit } from "./statement.server.ts";

const order = (id: string, overrides: Partial<MatchableOrder> = {}): MatchableOrder => ({
  id,
  reference: `AFX${id.padStart(10, "0")}`,
  state: "awaiting-payment",
  amountBrlCents: 81074,
  createdOn: "2026-11-23",
  deadlineOn: "2026-11-25",
  ...overrides,
});
const credit = (key: string, overrides: Partial<StatementCredit> = {}): StatementCredit => ({
  key,
  postedOn: "2026-11-24",
  amountCents: 81074,
  description: "PIX RECEBIDO",
  ...overrides,
});
const kinds = (result: ReturnType<typeof matchCredits>) => result.map((entry) => entry.match);

describe("referencesIn", () => {
  it("finds references in any case and across spaces the bank inserted", () => {
    expect(referencesIn("pix afx00000 00001 recebido")).toEqual(["AFX0000000001"]);
    expect(referencesIn("nada aqui AFXI0000000")).toEqual([]);
  });
});

describe("matchCredits", () => {
  it("matches by reference (txid) first, whatever other orders have the same amount", () => {
    const orders = [order("1"), order("2")];
    const result = matchCredits(
      [credit("a", { description: "PIX AFX0000000002" })],
      orders,
      new Set(),
    );
    expect(kinds(result)).toEqual([{ kind: "reference", orderId: "2" }]);
  });

  it("matches by exact amount and date when exactly one order fits", () => {
    const orders = [order("1", { amountBrlCents: 100 }), order("2")];
    expect(kinds(matchCredits([credit("a")], orders, new Set()))).toEqual([
      { kind: "amount", orderId: "2" },
    ]);
  });

  it("lists an amount two orders await as ambiguous, never guessing", () => {
    const result = matchCredits([credit("a")], [order("1"), order("2")], new Set());
    expect(kinds(result)).toEqual([{ kind: "ambiguous", orderIds: ["1", "2"] }]);
  });

  it("leaves a credit outside every order's window, or of another amount, unmatched", () => {
    const orders = [order("1")];
    const result = matchCredits(
      [
        credit("a", { postedOn: "2026-11-26" }),
        credit("b", { postedOn: "2026-11-22" }),
        credit("c", { amountCents: 81075 }),
      ],
      orders,
      new Set(),
    );
    expect(kinds(result)).toEqual([
      { kind: "unmatched" },
      { kind: "unmatched" },
      { kind: "unmatched" },
    ]);
  });

  it("says when a quoted order is no longer payable or the amount differs", () => {
    const orders = [order("1", { state: "expired" }), order("2")];
    const result = matchCredits(
      [
        credit("a", { description: "AFX0000000001" }),
        credit("b", { description: "AFX0000000002", amountCents: 5 }),
      ],
      orders,
      new Set(),
    );
    expect(kinds(result)).toEqual([
      { kind: "not-payable", orderId: "1", state: "expired" },
      { kind: "wrong-amount", orderId: "2" },
    ]);
  });

  it("pays an order once: two credits claiming it by amount are both left to staff", () => {
    const result = matchCredits([credit("a"), credit("b")], [order("1")], new Set());
    expect(kinds(result)).toEqual([
      { kind: "ambiguous", orderIds: ["1"] },
      { kind: "ambiguous", orderIds: ["1"] },
    ]);
  });

  it("lets a reference match win over an amount match to the same order", () => {
    const result = matchCredits(
      [credit("a"), credit("b", { description: "AFX0000000001" })],
      [order("1")],
      new Set(),
    );
    expect(kinds(result)).toEqual([
      { kind: "ambiguous", orderIds: ["1"] },
      { kind: "reference", orderId: "1" },
    ]);
  });

  it("skips credits already imported", () => {
    expect(kinds(matchCredits([credit("a")], [order("1")], new Set(["a"])))).toEqual([
      { kind: "known" },
    ]);
  });
});

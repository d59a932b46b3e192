import { describe, expect, it } from "vitest";
import { formatBps, formatCents, formatHundredths } from "./format.ts";

describe("record figures in pt-BR", () => {
  it("writes basis points as a signed percentage", () => {
    expect(formatBps(1234)).toBe("+12,34%");
    expect(formatBps(-5)).toBe("-0,05%");
    expect(formatBps(0)).toBe("0,00%");
    expect(formatBps(123456)).toBe("+1.234,56%");
    expect(formatBps(277, { signed: false })).toBe("2,77%");
  });

  it("writes cents as money of the account's currency", () => {
    expect(formatCents(131_335_000, "USD")).toBe("US$\u00a01.313.350,00");
    expect(formatCents(-18_033, "EUR")).toBe("-€\u00a0180,33");
    expect(formatCents(7, "JPY")).toBe("JPY\u00a00,07");
  });

  it("writes the profit factor with a decimal comma", () => {
    expect(formatHundredths(125)).toBe("1,25");
    expect(formatHundredths(1003)).toBe("10,03");
  });
});

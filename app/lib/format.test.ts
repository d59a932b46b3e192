import { describe, expect, it } from "vitest";
import { formatAmount, formatDate, parseStoredPrice } from "./format.ts";

describe("prices", () => {
  it("writes amounts with a decimal comma and two decimals", () => {
    expect(formatAmount(149.25)).toBe("149,25");
    expect(formatAmount(199)).toBe("199,00");
    expect(formatAmount(1234.5)).toBe("1234,50");
  });

  it("reads stored numeric prices, null staying null", () => {
    expect(parseStoredPrice("199.00")).toBe(199);
    expect(parseStoredPrice(null)).toBeNull();
  });
});

describe("formatDate", () => {
  it("shows dd/mm/aaaa in São Paulo time", () => {
    expect(formatDate("2026-11-10T12:00:00.000Z")).toBe("10/11/2026");
    // 01:00 UTC is still the previous day in São Paulo (UTC-3).
    expect(formatDate(new Date("2026-11-10T01:00:00.000Z"))).toBe("09/11/2026");
  });
});

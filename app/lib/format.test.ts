import { describe, expect, it } from "vitest";
import {
  discountedPrice,
  formatAmount,
  formatDate,
  formatDollars,
  parseStoredPrice,
} from "./format.ts";

describe("prices", () => {
  it("applies the 25% partner discount to every plan price", () => {
    expect(discountedPrice(199)).toBe(149.25);
    expect(discountedPrice(179)).toBe(134.25);
    expect(discountedPrice(249)).toBe(186.75);
    expect(discountedPrice(10.01)).toBe(7.51);
  });

  it("writes amounts with a decimal comma and two decimals", () => {
    expect(formatAmount(149.25)).toBe("149,25");
    expect(formatAmount(199)).toBe("199,00");
    expect(formatAmount(1234.5)).toBe("1234,50");
  });

  it("writes public prices in US dollars, never a bare $", () => {
    expect(formatDollars(149.25)).toBe("US$\u00a0149,25");
    expect(formatDollars(199)).toBe("US$\u00a0199,00");
    expect(formatDollars(1234.5)).toBe("US$\u00a01.234,50");
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

import { describe, expect, it } from "vitest";
import {
  creditedPrice,
  applyDiscount,
  centsText,
  orderAmounts,
  parseDecimal,
  parseExchangeRate,
  priceCents,
  rateText,
  toReais,
} from "./money.ts";

describe("parseDecimal", () => {
  it("reads dots and commas into integer units without floating point", () => {
    expect(parseDecimal("199.00", 2)).toBe(19900);
    expect(parseDecimal("5,4321", 4)).toBe(54321);
    expect(parseDecimal("5.4", 4)).toBe(54000);
    expect(parseDecimal("7", 4)).toBe(70000);
    // 0.1 + 0.2 in floating point is 0.30000000000000004; here it is plain integers.
    expect(parseDecimal("0.30", 2)).toBe(30);
  });

  it("refuses what is not a plain non-negative decimal", () => {
    for (const bad of ["", "-1", "1e3", "1.2.3", "abc", "1,23456", " . "]) {
      expect(parseDecimal(bad, 4), bad).toBeNull();
    }
  });
});

describe("priceCents", () => {
  it("reads the stored numeric and keeps 'Sob consulta' as null", () => {
    expect(priceCents("249.00")).toBe(24900);
    expect(priceCents(null)).toBeNull();
  });
});

describe("applyDiscount", () => {
  it("gives SPEC's discounted prices", () => {
    expect(applyDiscount(19900, 2500)).toBe(14925);
    expect(applyDiscount(17900, 2500)).toBe(13425);
    expect(applyDiscount(24900, 2500)).toBe(18675);
  });

  it("rounds the discount half up on the cent", () => {
    // 25% of 1999 is 499.75 -> 500 off; 25% of 1998 is 499.5 -> 500 off.
    expect(applyDiscount(1999, 2500)).toBe(1499);
    expect(applyDiscount(1998, 2500)).toBe(1498);
    expect(applyDiscount(100, 10000)).toBe(0);
    expect(applyDiscount(100, 0)).toBe(100);
  });
});

describe("exchange rate", () => {
  it("converts with one half-up rounding", () => {
    // 149.25 x 5.4321 = 810.740925 -> R$ 810,74
    expect(toReais(14925, 54321)).toBe(81074);
    // 0.01 x 5.5 = 0.055 -> 0.06 (half up)
    expect(toReais(1, 55000)).toBe(6);
  });

  it("accepts 1 to 20 R$/US$ with up to four decimals", () => {
    expect(parseExchangeRate("5,43")).toEqual({ ok: true, rate: 54300 });
    expect(parseExchangeRate("1")).toEqual({ ok: true, rate: 10000 });
    expect(parseExchangeRate("20,0000")).toEqual({ ok: true, rate: 200000 });
  });

  it("refuses zero, negative, absurd and malformed rates", () => {
    expect(parseExchangeRate("0")).toEqual({ ok: false, reason: "out-of-range" });
    expect(parseExchangeRate("0,99")).toEqual({ ok: false, reason: "out-of-range" });
    expect(parseExchangeRate("20,0001")).toEqual({ ok: false, reason: "out-of-range" });
    expect(parseExchangeRate("-5")).toEqual({ ok: false, reason: "invalid" });
    expect(parseExchangeRate("5,43211")).toEqual({ ok: false, reason: "invalid" });
    expect(parseExchangeRate("cinco")).toEqual({ ok: false, reason: "invalid" });
  });

  it("writes rates and cents back as numeric text", () => {
    expect(rateText(54321)).toBe("5.4321");
    expect(rateText(50000)).toBe("5.0000");
    expect(centsText(81074)).toBe("810.74");
    expect(centsText(5)).toBe("0.05");
  });
});

describe("orderAmounts", () => {
  it("applies the partner discount, then the early-list discount, then converts", () => {
    expect(
      orderAmounts({
        priceUsdCents: 19900,
        partnerBroker: true,
        early: { basisPoints: 1000, months: 3 },
        exchangeRate: 54321,
      }),
    ).toEqual({
      priceUsdCents: 19900,
      partnerDiscountUsdCents: 4975,
      // 10% of 149.25 = 14.925 -> 14.93 off (half up) -> 134.32
      earlyDiscountUsdCents: 1493,
      serviceCreditUsdCents: 0,
      totalUsdCents: 13432,
      exchangeRate: 54321,
      // 134.32 x 5.4321 = 729.639672 -> 729.64
      totalBrlCents: 72964,
    });
  });

  it("charges the full price without the broker and without an early discount", () => {
    const amounts = orderAmounts({
      priceUsdCents: 24900,
      partnerBroker: false,
      early: null,
      exchangeRate: 50000,
    });
    expect(amounts.totalUsdCents).toBe(24900);
    expect(amounts.partnerDiscountUsdCents + amounts.earlyDiscountUsdCents).toBe(0);
    expect(amounts.totalBrlCents).toBe(124500);
  });

  it("never goes below zero even with a 100% early discount", () => {
    const amounts = orderAmounts({
      priceUsdCents: 17900,
      partnerBroker: true,
      early: { basisPoints: 10000, months: 1 },
      exchangeRate: 54321,
    });
    expect(amounts.totalUsdCents).toBe(0);
    expect(amounts.totalBrlCents).toBe(0);
  });

  it("takes a renewal's service credit off what the discounts leave, then converts", () => {
    // 300 of a 30-day cycle's 43,200 minutes: 149.25 x 300 / 43200 = 1.0364... -> 1.04 off.
    const amounts = orderAmounts({
      priceUsdCents: 19900,
      partnerBroker: true,
      early: null,
      serviceCredit: { downtimeMinutes: 300, cycleMinutes: 43_200 },
      exchangeRate: 50000,
    });
    expect(amounts).toMatchObject({
      partnerDiscountUsdCents: 4975,
      serviceCreditUsdCents: 104,
      totalUsdCents: 14821,
      totalBrlCents: 74105,
    });
  });
});

describe("creditedPrice", () => {
  it.each([
    ["no credit", 14925, null, 14925],
    ["no downtime", 14925, { downtimeMinutes: 0, cycleMinutes: 43_200 }, 14925],
    // 14925 x 1 / 44640 = 0.334 cents -> 0 off: a minute of a 31-day month is not a cent.
    ["one minute", 14925, { downtimeMinutes: 1, cycleMinutes: 44_640 }, 14925],
    // Half a cent exactly goes to the customer: 100 x 216 / 43200 = 0.5 -> 1 off.
    ["a half cent", 100, { downtimeMinutes: 216, cycleMinutes: 43_200 }, 99],
    ["a whole cycle", 14925, { downtimeMinutes: 43_200, cycleMinutes: 43_200 }, 0],
    ["more than the cycle", 14925, { downtimeMinutes: 50_000, cycleMinutes: 43_200 }, 0],
  ])("%s", (_, cents, credit, expected) => {
    expect(creditedPrice(cents, credit)).toBe(expected);
  });
});

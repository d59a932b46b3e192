import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  anchorAfterPayment,
  cancellationEffect,
  cycleAmounts,
  cycleOf,
  cycleOn,
  daysBetween,
  daysInMonth,
  graceEndInstant,
  guarantee,
  lastServedDay,
  localDate,
  localInstant,
  monthsAfter,
  noticeInstants,
  renewalPhase,
} from "./calendar.ts";

// São Paulo has been UTC-3 all year since 2019; the clock is injected as plain instants.
const at = (iso: string) => new Date(iso);

describe("São Paulo dates", () => {
  it("takes the date of an instant in São Paulo, not UTC", () => {
    expect(localDate(at("2027-03-01T02:59:59Z"))).toBe("2027-02-28");
    expect(localDate(at("2027-03-01T03:00:00Z"))).toBe("2027-03-01");
  });

  it("reads the zone's offset instead of assuming it (summer time before 2019)", () => {
    expect(localInstant("2027-06-10").toISOString()).toBe("2027-06-10T03:00:00.000Z");
    // January 2018: Brazilian summer time, UTC-2.
    expect(localInstant("2018-01-15").toISOString()).toBe("2018-01-15T02:00:00.000Z");
    expect(localInstant("2018-01-15", 9).toISOString()).toBe("2018-01-15T11:00:00.000Z");
  });

  it("counts days across month and year ends", () => {
    expect(addDays("2027-12-31", 1)).toBe("2028-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(daysBetween("2027-02-21", "2027-02-28")).toBe(7);
    expect(daysBetween("2028-03-01", "2028-02-28")).toBe(-2);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });
});

describe("monthly cycles anchored on the payment date", () => {
  it("renews a payment on the 31st on the last day of shorter months, then on the 31st again", () => {
    const anchor = { date: "2027-01-31", cycle: 1 };
    const starts = [1, 2, 3, 4, 5].map((n) => cycleOf(anchor, n).start);
    expect(starts).toEqual(["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"]);
    expect(cycleOf(anchor, 1).end).toBe("2027-02-28");
  });

  it("uses 29 February in leap years and the 28th otherwise", () => {
    expect(monthsAfter("2028-01-31", 1)).toBe("2028-02-29");
    expect(monthsAfter("2028-01-30", 1)).toBe("2028-02-29");
    expect(monthsAfter("2028-02-29", 1)).toBe("2028-03-29");
    expect(monthsAfter("2028-02-29", 12)).toBe("2029-02-28");
    expect(monthsAfter("2028-02-29", 48)).toBe("2032-02-29");
    expect(monthsAfter("2100-01-29", 1)).toBe("2100-02-28");
  });

  it("crosses the year end", () => {
    expect(monthsAfter("2027-12-31", 1)).toBe("2028-01-31");
    expect(monthsAfter("2027-11-30", 3)).toBe("2028-02-29");
    expect(monthsAfter("2027-01-15", -1)).toBe("2026-12-15");
  });

  it("says the last day served is the day before the next due date", () => {
    expect(lastServedDay(cycleOf({ date: "2027-01-31", cycle: 1 }, 1))).toBe("2027-02-27");
  });

  it("counts cycles from a later anchor after a reactivation", () => {
    const anchor = { date: "2027-05-10", cycle: 4 };
    expect(cycleOf(anchor, 4)).toEqual({ number: 4, start: "2027-05-10", end: "2027-06-10" });
    expect(cycleOf(anchor, 6).start).toBe("2027-07-10");
    expect(() => cycleOf(anchor, 3)).toThrow();
  });

  it("finds the cycle holding a date", () => {
    const anchor = { date: "2027-01-31", cycle: 1 };
    expect(cycleOn(anchor, "2027-02-27").number).toBe(1);
    expect(cycleOn(anchor, "2027-02-28").number).toBe(2);
    expect(cycleOn(anchor, "2028-01-30").number).toBe(12);
    expect(cycleOn(anchor, "2028-01-31").number).toBe(13);
  });

  it("makes cycles that follow each other without gap, each 28 to 31 days long", () => {
    const date = fc
      .date({
        min: new Date("2000-01-01T00:00:00Z"),
        max: new Date("2099-12-31T00:00:00Z"),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(date, fc.integer({ min: 1, max: 240 }), (anchorDate, n) => {
        const anchor = { date: anchorDate, cycle: 1 };
        const cycle = cycleOf(anchor, n);
        const next = cycleOf(anchor, n + 1);
        expect(next.start).toBe(cycle.end);
        const length = daysBetween(cycle.start, cycle.end);
        expect(length).toBeGreaterThanOrEqual(28);
        expect(length).toBeLessThanOrEqual(31);
        const [y, m] = cycle.start.split("-").map(Number);
        const anchorDay = Number(anchorDate.slice(8));
        expect(Number(cycle.start.slice(8))).toBe(Math.min(anchorDay, daysInMonth(y!, m!)));
      }),
    );
  });
});

describe("notices, due date and grace", () => {
  it("sends the charge 7 days and 1 day before the due date, at 9h in São Paulo", () => {
    expect(noticeInstants("2027-02-28").map((d) => d.toISOString())).toEqual([
      "2027-02-21T12:00:00.000Z",
      "2027-02-27T12:00:00.000Z",
    ]);
    expect(noticeInstants("2028-03-01").map((d) => d.toISOString())).toEqual([
      "2028-02-23T12:00:00.000Z",
      "2028-02-29T12:00:00.000Z",
    ]);
  });

  it("is paid until the due date begins, past due for the grace days, then suspended", () => {
    const due = "2027-02-28";
    expect(renewalPhase(due, 3, at("2027-02-28T02:59:59Z"))).toBe("paid");
    expect(renewalPhase(due, 3, at("2027-02-28T03:00:00Z"))).toBe("past-due");
    expect(renewalPhase(due, 3, at("2027-03-03T02:59:59Z"))).toBe("past-due");
    expect(renewalPhase(due, 3, at("2027-03-03T03:00:00Z"))).toBe("suspended");
    expect(graceEndInstant(due, 3).toISOString()).toBe("2027-03-03T03:00:00.000Z");
  });

  it("takes the grace period from the configuration", () => {
    expect(renewalPhase("2027-02-28", 0, at("2027-02-28T03:00:00Z"))).toBe("suspended");
    expect(renewalPhase("2027-02-28", 10, at("2027-03-09T12:00:00Z"))).toBe("past-due");
  });

  it("keeps the dates when paid within the grace period and restarts them after a suspension", () => {
    const anchor = { date: "2027-01-31", cycle: 1 };
    const paidAt = at("2027-03-20T15:00:00Z");
    expect(anchorAfterPayment(anchor, 2, false, paidAt)).toBe(anchor);
    const restarted = anchorAfterPayment(anchor, 2, true, paidAt);
    expect(restarted).toEqual({ date: "2027-03-20", cycle: 2 });
    expect(cycleOf(restarted, 2).end).toBe("2027-04-20");
  });
});

describe("the 7-day guarantee", () => {
  const paidAt = at("2027-01-11T02:30:00Z"); // 10 January, 23:30 in São Paulo

  it("accepts a request from the payment date (day 0) to day 7 inclusive", () => {
    expect(guarantee(paidAt, at("2027-01-11T02:45:00Z"))).toEqual({
      day: 0,
      lastDay: "2027-01-17",
      allowed: true,
    });
    expect(guarantee(paidAt, at("2027-01-18T02:59:59Z"))).toMatchObject({ day: 7, allowed: true });
  });

  it("refuses a request on day 8", () => {
    expect(guarantee(paidAt, at("2027-01-18T03:00:00Z"))).toMatchObject({
      day: 8,
      allowed: false,
    });
  });
});

describe("cancel at the end of the cycle", () => {
  it("keeps service to the end of the paid cycle", () => {
    expect(cancellationEffect("2027-02-28", at("2027-02-10T12:00:00Z"))).toEqual({
      kind: "at-cycle-end",
      endsAt: at("2027-02-28T03:00:00Z"),
      lastServedDay: "2027-02-27",
    });
  });

  it("takes effect at once when nothing paid remains", () => {
    expect(cancellationEffect("2027-02-28", at("2027-02-28T03:00:00Z"))).toEqual({ kind: "now" });
    expect(cancellationEffect("2027-02-28", at("2027-03-05T12:00:00Z"))).toEqual({ kind: "now" });
  });
});

describe("the price of each cycle", () => {
  const base = { priceUsdCents: 19900, exchangeRate: 54321 };
  const early = { basisPoints: 1000, months: 3 };

  it("applies the early-list discount to its number of months, counting the first order", () => {
    const totals = [1, 2, 3, 4, 5].map(
      (cycle) => cycleAmounts({ ...base, cycle, partnerBrokerActive: false, early }).totalUsdCents,
    );
    expect(totals).toEqual([17910, 17910, 17910, 19900, 19900]);
  });

  it("applies the broker discount only while the broker account is active", () => {
    const active = cycleAmounts({ ...base, cycle: 2, partnerBrokerActive: true, early });
    expect(active).toEqual({
      priceUsdCents: 19900,
      partnerDiscountUsdCents: 4975,
      earlyDiscountUsdCents: 1493,
      serviceCreditUsdCents: 0,
      totalUsdCents: 13432,
      exchangeRate: 54321,
      totalBrlCents: 72964,
    });
    const inactive = cycleAmounts({ ...base, cycle: 4, partnerBrokerActive: false, early });
    expect(inactive.partnerDiscountUsdCents).toBe(0);
    expect(inactive.totalBrlCents).toBe(108099);
  });

  it("gives whole cents for any price, rate and discount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 10_000, max: 200_000 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 24 }),
        (price, rate, partner, bp, cycle) => {
          const amounts = cycleAmounts({
            cycle,
            priceUsdCents: price,
            exchangeRate: rate,
            partnerBrokerActive: partner,
            early: { basisPoints: bp, months: 12 },
          });
          for (const value of Object.values(amounts)) expect(Number.isInteger(value)).toBe(true);
          expect(amounts.totalUsdCents).toBeGreaterThanOrEqual(0);
          expect(amounts.totalUsdCents).toBeLessThanOrEqual(price);
        },
      ),
    );
  });
});

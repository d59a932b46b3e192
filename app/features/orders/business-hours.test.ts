import { describe, expect, it } from "vitest";
import {
  addBusinessHours,
  businessMsBetween,
  saoPauloDate,
  yearsBetween,
} from "./business-hours.ts";
import { nationalHolidays } from "./holidays.server.ts";

const HOUR = 3_600_000;
/** A São Paulo wall-clock time (UTC-3 all year since 2019). */
const sp = (iso: string) => new Date(`${iso}-03:00`);

describe("business hours in São Paulo", async () => {
  const holidays = await nationalHolidays([2026, 2027]);

  it("takes national holidays from date-holidays, not bank or optional days", () => {
    expect(holidays.has("2026-11-20")).toBe(true); // Consciência Negra, a Friday
    expect(holidays.has("2026-12-25")).toBe(true);
    expect(holidays.has("2026-11-02")).toBe(true);
    expect(holidays.has("2026-02-16")).toBe(false); // Carnaval: banks only
  });

  it("counts only 9h-18h of working days", () => {
    expect(businessMsBetween(sp("2026-11-24T08:00"), sp("2026-11-24T20:00"), holidays)).toBe(
      9 * HOUR,
    );
    expect(businessMsBetween(sp("2026-11-24T10:30"), sp("2026-11-24T12:00"), holidays)).toBe(
      1.5 * HOUR,
    );
    expect(businessMsBetween(sp("2026-11-24T19:00"), sp("2026-11-25T10:00"), holidays)).toBe(
      1 * HOUR,
    );
  });

  it("skips a weekend and a national holiday on the Friday before it", () => {
    // Thursday 17h -> Monday 10h: one hour on Thursday, the holiday and the weekend off, one
    // hour on Monday.
    expect(businessMsBetween(sp("2026-11-19T17:00"), sp("2026-11-23T10:00"), holidays)).toBe(
      2 * HOUR,
    );
    expect(addBusinessHours(sp("2026-11-19T17:00"), 4, holidays)).toEqual(sp("2026-11-23T12:00"));
  });

  it("skips a plain weekend", () => {
    expect(businessMsBetween(sp("2026-11-27T16:00"), sp("2026-11-30T11:00"), holidays)).toBe(
      4 * HOUR,
    );
    expect(addBusinessHours(sp("2026-11-28T15:00"), 2, holidays)).toEqual(sp("2026-11-30T11:00"));
  });

  it("starts the clock at opening time for a request made at night", () => {
    expect(addBusinessHours(sp("2026-11-24T23:30"), 2, holidays)).toEqual(sp("2026-11-25T11:00"));
    expect(addBusinessHours(sp("2026-11-24T17:00"), 1, holidays)).toEqual(sp("2026-11-24T18:00"));
  });

  it("crosses Christmas and the new year", () => {
    // Thu 24/12 17h: one hour; Fri 25/12 holiday; weekend; Mon 28/12 from 9h.
    expect(addBusinessHours(sp("2026-12-24T17:00"), 3, holidays)).toEqual(sp("2026-12-28T11:00"));
    expect(yearsBetween(sp("2026-12-31T12:00"), sp("2027-01-02T12:00"))).toEqual([2026, 2027]);
  });

  it("is zero for an empty or reversed span, and dates are São Paulo's", () => {
    expect(businessMsBetween(sp("2026-11-24T12:00"), sp("2026-11-24T12:00"), holidays)).toBe(0);
    expect(businessMsBetween(sp("2026-11-24T12:00"), sp("2026-11-24T11:00"), holidays)).toBe(0);
    expect(saoPauloDate(new Date("2026-11-25T02:00:00Z"))).toBe("2026-11-24");
  });
});

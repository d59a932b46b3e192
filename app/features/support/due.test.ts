import { describe, expect, it } from "vitest";
import { nationalHolidays } from "../orders/holidays.server.ts";
import { duePromise, firstResponseDueAt, formatDue } from "./due.ts";

/** A São Paulo wall-clock time (UTC-3 all year since 2019). */
const sp = (iso: string) => new Date(`${iso}-03:00`);

describe("the first answer's due time", async () => {
  const holidays = await nationalHolidays([2026, 2027]);

  it("is four business hours later, within the same day", () => {
    // Tuesday 24/11/2026, 10h -> 14h.
    expect(firstResponseDueAt(sp("2026-11-24T10:00"), holidays)).toEqual(sp("2026-11-24T14:00"));
  });

  it("rounds up to the whole hour", () => {
    expect(firstResponseDueAt(sp("2026-11-24T10:20"), holidays)).toEqual(sp("2026-11-24T15:00"));
  });

  it("skips the night and the weekend", () => {
    // Friday 27/11, 17h30: half an hour on Friday, three and a half on Monday -> 12h30 -> 13h.
    expect(firstResponseDueAt(sp("2026-11-27T17:30"), holidays)).toEqual(sp("2026-11-30T13:00"));
    // Saturday night: Monday 9h + 4h.
    expect(firstResponseDueAt(sp("2026-11-28T23:00"), holidays)).toEqual(sp("2026-11-30T13:00"));
  });

  it("skips national holidays", () => {
    // Thursday 19/11, 16h: two hours that day; Friday 20/11 is Consciência Negra; Monday 11h.
    expect(firstResponseDueAt(sp("2026-11-19T16:00"), holidays)).toEqual(sp("2026-11-23T11:00"));
    // Thursday 24/12, 17h: one hour; Christmas Friday; Monday 28/12, 12h.
    expect(firstResponseDueAt(sp("2026-12-24T17:00"), holidays)).toEqual(sp("2026-12-28T12:00"));
  });
});

describe("the due time as the customer reads it", () => {
  const now = sp("2026-11-24T10:00"); // a Tuesday
  it("says today, tomorrow, the weekday or the date", () => {
    expect(formatDue(sp("2026-11-24T14:00"), now)).toBe("hoje, 14h");
    expect(formatDue(sp("2026-11-25T10:00"), now)).toBe("amanhã, 10h");
    expect(formatDue(sp("2026-11-30T09:30"), now)).toBe("segunda-feira, 9h30");
    expect(formatDue(sp("2026-12-02T10:00"), now)).toBe("02/12, 10h");
  });

  it("reads as a promise", () => {
    expect(duePromise(sp("2026-11-25T10:00"), sp("2026-11-24T17:00"))).toBe(
      "Respondemos até amanhã, 10h.",
    );
  });

  it("counts days by São Paulo's calendar, not UTC's", () => {
    // 22h in São Paulo is already the next day in UTC; 10h the next morning is "amanhã".
    expect(formatDue(sp("2026-11-25T10:00"), sp("2026-11-24T22:00"))).toBe("amanhã, 10h");
  });
});

// Business hours in São Paulo (issue 23): Monday to Friday, 9h to 18h, national holidays off.
// Pure: the holidays come from the caller (holidays.server.ts loads them from date-holidays).
import { TZDate } from "@date-fns/tz";
import { SAO_PAULO } from "../../lib/time-zone.ts";

const OPEN_HOUR = 9;
const CLOSE_HOUR = 18;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** "YYYY-MM-DD" dates (São Paulo calendar) that are national holidays. */
export type HolidaySet = ReadonlySet<string>;

function localParts(at: Date) {
  const local = new TZDate(at, SAO_PAULO);
  return { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() };
}

/** The instant of a São Paulo wall-clock time, with the zone's offset on that day. */
function zoned(year: number, month: number, day: number, hour: number): Date {
  return new Date(new TZDate(year, month - 1, day, hour, SAO_PAULO).getTime());
}

function dateKey(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The São Paulo calendar date of an instant, "YYYY-MM-DD". */
export function saoPauloDate(at: Date): string {
  const { year, month, day } = localParts(at);
  return dateKey(year, month, day);
}

function isBusinessDay(year: number, month: number, day: number, holidays: HolidaySet): boolean {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(dateKey(year, month, day));
}

/** Each São Paulo day from the one holding `from` to the one holding `to`. */
function* daysBetween(from: Date, to: Date) {
  const start = localParts(from);
  const end = localParts(to);
  const endUtc = Date.UTC(end.year, end.month - 1, end.day);
  for (let t = Date.UTC(start.year, start.month - 1, start.day); t <= endUtc; t += DAY_MS) {
    const d = new Date(t);
    yield { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  }
}

/** Business milliseconds between two instants (0 when `to` is not after `from`). */
export function businessMsBetween(from: Date, to: Date, holidays: HolidaySet): number {
  if (to <= from) return 0;
  let total = 0;
  for (const { year, month, day } of daysBetween(from, to)) {
    if (!isBusinessDay(year, month, day, holidays)) continue;
    const open = zoned(year, month, day, OPEN_HOUR).getTime();
    const close = zoned(year, month, day, CLOSE_HOUR).getTime();
    const start = Math.max(open, from.getTime());
    const end = Math.min(close, to.getTime());
    if (end > start) total += end - start;
  }
  return total;
}

/** The instant `hours` business hours after `from`. */
export function addBusinessHours(from: Date, hours: number, holidays: HolidaySet): Date {
  let remaining = hours * HOUR_MS;
  let cursor = from.getTime();
  // A year of days is far more than any promise needs; the bound keeps a bad holiday set finite.
  for (let i = 0; i < 366; i++) {
    const { year, month, day } = localParts(new Date(cursor));
    if (isBusinessDay(year, month, day, holidays)) {
      const open = zoned(year, month, day, OPEN_HOUR).getTime();
      const close = zoned(year, month, day, CLOSE_HOUR).getTime();
      const start = Math.max(open, cursor);
      if (start < close) {
        if (start + remaining <= close) return new Date(start + remaining);
        remaining -= close - start;
      }
    }
    const next = new Date(Date.UTC(year, month - 1, day) + DAY_MS);
    cursor = zoned(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0).getTime();
  }
  throw new Error("no business day within a year");
}

/** The years whose holidays a span needs. */
export function yearsBetween(from: Date, to: Date): number[] {
  const first = localParts(from).year;
  const last = localParts(to).year;
  return Array.from({ length: Math.max(0, last - first) + 1 }, (_, i) => first + i);
}

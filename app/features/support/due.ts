// The first answer's due time (decision 386): FIRST_RESPONSE_BUSINESS_HOURS business hours
// after the customer wrote, by the orders' business-hours clock (9h-18h São Paulo, weekends
// and national holidays off), rounded up to the whole hour so the promise reads "até 10h".
// Pure: the holidays come from the caller.
import { TZDate } from "@date-fns/tz";
import { supportDueCopy as copy } from "../../content/support.ts";
import { SAO_PAULO } from "../../lib/time-zone.ts";
import { addBusinessHours, saoPauloDate, type HolidaySet } from "../orders/business-hours.ts";
import { FIRST_RESPONSE_BUSINESS_HOURS } from "./model.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export function firstResponseDueAt(wroteAt: Date, holidays: HolidaySet): Date {
  const due = addBusinessHours(wroteAt, FIRST_RESPONSE_BUSINESS_HOURS, holidays);
  // São Paulo's offset is whole hours, so UTC's hour boundaries are its own.
  return new Date(Math.ceil(due.getTime() / HOUR_MS) * HOUR_MS);
}

/** Days from `now`'s São Paulo date to `due`'s (0 today, 1 tomorrow). */
function calendarDaysBetween(now: Date, due: Date): number {
  const [a, b] = [saoPauloDate(now), saoPauloDate(due)].map((d) => Date.parse(`${d}T00:00:00Z`));
  return Math.round((b! - a!) / DAY_MS);
}

/** "hoje, 14h", "amanhã, 10h", "segunda-feira, 9h30", or "25/12, 10h" a week or more out. */
export function formatDue(due: Date, now: Date): string {
  const local = new TZDate(due, SAO_PAULO);
  const minutes = local.getMinutes();
  const time = `${local.getHours()}h${minutes === 0 ? "" : String(minutes).padStart(2, "0")}`;
  const days = calendarDaysBetween(now, due);
  if (days <= 0) return copy.today(time);
  if (days === 1) return copy.tomorrow(time);
  if (days < 7) return copy.weekday(copy.weekdays[local.getDay()]!, time);
  const date = `${String(local.getDate()).padStart(2, "0")}/${String(local.getMonth() + 1).padStart(2, "0")}`;
  return copy.date(date, time);
}

/** The sentence the customer reads: "Respondemos até amanhã, 10h." */
export function duePromise(due: Date, now: Date): string {
  return copy.promise(formatDue(due, now));
}

import type { ServerClock, ServerTime } from "./model.ts";

// Statement times are in the broker server's clock, which staff name at upload
// (docs/decisions/131). This turns them into instants.

const HOUR = 3_600_000;

/** The n-th Sunday (1-based) of a month, as a day of the month. */
function nthSunday(year: number, month: number, n: number): number {
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return 1 + ((7 - firstWeekday) % 7) + (n - 1) * 7;
}

/**
 * Whether the United States keep summer time at this New York wall time (since 2007: from
 * the second Sunday of March, 02:00, to the first Sunday of November, 02:00).
 */
function usSummerTime(year: number, month: number, day: number, hour: number): boolean {
  if (month < 3 || month > 11) return false;
  if (month > 3 && month < 11) return true;
  if (month === 3) {
    const start = nthSunday(year, 3, 2);
    return day > start || (day === start && hour >= 2);
  }
  const end = nthSunday(year, 11, 1);
  return day < end || (day === end && hour < 2);
}

// A statement's every time is converted with the same clock: its offset is read once.
const offsets = new Map<string, number>();

function fixedOffsetMinutes(clock: Exclude<ServerClock, "ny-close">): number {
  let minutes = offsets.get(clock);
  if (minutes === undefined) {
    minutes = readOffsetMinutes(clock);
    offsets.set(clock, minutes);
  }
  return minutes;
}

function readOffsetMinutes(clock: Exclude<ServerClock, "ny-close">): number {
  const sign = clock.startsWith("-") ? -1 : 1;
  const [hours, minutes] = clock.slice(1).split(":").map(Number);
  return sign * ((hours ?? 0) * 60 + (minutes ?? 0));
}

/** The instant (ms since the epoch) a statement time stands for. */
export function serverTimeToEpochMs(time: ServerTime, clock: ServerClock): number {
  const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  if (clock !== "ny-close") return wall - fixedOffsetMinutes(clock) * 60_000;
  // Server time is New York time plus 7 hours; New York's wall time decides the offset.
  const newYork = new Date(wall - 7 * HOUR);
  const summer = usSummerTime(
    newYork.getUTCFullYear(),
    newYork.getUTCMonth() + 1,
    newYork.getUTCDate(),
    newYork.getUTCHours(),
  );
  return wall - (summer ? 3 : 2) * HOUR;
}

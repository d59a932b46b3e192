// The service-credit rule (decision 394), pure so its table of cases runs without a database:
// a cycle's downtime is the minutes the robot was expected to report and did not. Expected:
// from when staff marked the robot running, while the subscription is served (active, past
// due or cancelled to the cycle's end; never while suspended), outside the maintenance windows
// staff declared. Past the threshold the whole downtime is credited, pro rata of the cycle.
import type { SubscriptionState } from "../subscriptions/model.ts";

/** [from, to) */
export interface Interval {
  from: Date;
  to: Date;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** States in which the robot is the service's to keep running. */
const creditedStates: readonly SubscriptionState[] = ["active", "past-due", "cancelled"];

/**
 * When the robot was the service's to keep running, up to `until`: from `runningAt` (staff's
 * "Agente em operação"; null, never) through the subscription's state changes, in time order.
 * A subscription starts active.
 */
export function servedIntervals(
  runningAt: Date | null,
  changes: readonly { at: Date; toState: SubscriptionState }[],
  until: Date,
): Interval[] {
  if (!runningAt || runningAt >= until) return [];
  const intervals: Interval[] = [];
  let state: SubscriptionState = "active";
  let since = runningAt;
  const close = (at: Date) => {
    if (creditedStates.includes(state) && at > since) intervals.push({ from: since, to: at });
  };
  for (const change of [...changes].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    if (change.at >= until) break;
    if (change.at > runningAt) {
      close(change.at);
      since = change.at;
    }
    state = change.toState;
  }
  close(until);
  return intervals;
}

/** Overlapping or touching windows as one, in time order. */
function merged(windows: readonly Interval[]): Interval[] {
  const sorted = [...windows].sort((a, b) => a.from.getTime() - b.from.getTime());
  const out: Interval[] = [];
  for (const window of sorted) {
    const last = out.at(-1);
    if (last && window.from <= last.to) {
      if (window.to > last.to) last.to = window.to;
    } else {
      out.push({ from: window.from, to: window.to });
    }
  }
  return out;
}

function overlapMs(a: Interval, b: Interval): number {
  return Math.max(
    0,
    Math.min(a.to.getTime(), b.to.getTime()) - Math.max(a.from.getTime(), b.from.getTime()),
  );
}

/**
 * The minutes of `period` the robot was expected to report and did not. Signals are counted
 * per clock hour (`signalMinutesByHour`: the hour's start in ms since the epoch -> minutes
 * with a heartbeat), the resolution storage keeps for 90 days (decision 381); an hour's
 * downtime is its expected minutes less its minutes with a signal, never below zero.
 */
export function downtimeMinutes(input: {
  period: Interval;
  served: readonly Interval[];
  maintenance: readonly Interval[];
  signalMinutesByHour: ReadonlyMap<number, number>;
}): number {
  const { period, served, signalMinutesByHour } = input;
  const maintenance = merged(input.maintenance);
  let down = 0;
  const first = Math.floor(period.from.getTime() / HOUR_MS) * HOUR_MS;
  for (let hour = first; hour < period.to.getTime(); hour += HOUR_MS) {
    const slot = {
      from: new Date(Math.max(hour, period.from.getTime())),
      to: new Date(Math.min(hour + HOUR_MS, period.to.getTime())),
    };
    let expectedMs = 0;
    for (const interval of served) {
      const piece = {
        from: new Date(Math.max(slot.from.getTime(), interval.from.getTime())),
        to: new Date(Math.min(slot.to.getTime(), interval.to.getTime())),
      };
      if (piece.to <= piece.from) continue;
      expectedMs += piece.to.getTime() - piece.from.getTime();
      for (const window of maintenance) expectedMs -= overlapMs(piece, window);
    }
    const expected = Math.floor(expectedMs / MINUTE_MS);
    down += Math.max(0, expected - (signalMinutesByHour.get(hour) ?? 0));
  }
  return down;
}

/** The downtime credited: all of it once past the threshold, none at or under it. */
export function creditedDowntime(downtime: number, thresholdMinutes: number): number {
  return downtime > thresholdMinutes ? downtime : 0;
}

/** A cycle's length in minutes (São Paulo midnights, so 28 to 31 days of 1,440). */
export function periodMinutes(period: Interval): number {
  return Math.round((period.to.getTime() - period.from.getTime()) / MINUTE_MS);
}

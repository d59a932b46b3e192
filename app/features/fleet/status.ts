// What a robot is doing, from its samples (decision 382): pure, so the customer area, the
// fleet board and their tests read the same rules.

/** Past this long without a heartbeat a robot is "sem sinal". */
export const SIGNAL_LOST_MS = 5 * 60_000;

export type RobotState =
  | { kind: "waiting" }
  | { kind: "running" }
  | { kind: "stopped"; forMs: number }
  | { kind: "silent"; since: Date };

export interface LatestSample {
  at: Date;
  terminalConnected: boolean;
}

/**
 * Operando: a heartbeat within 5 minutes from a connected terminal. Parado: heartbeats, but the
 * terminal disconnected since `connectedUntil` (the last connected report, else the oldest
 * one kept). Sem sinal: nothing for 5 minutes. Aguardando: never a heartbeat.
 */
export function robotStateOf(
  latest: LatestSample | null,
  connectedUntil: Date | null,
  now: Date,
): RobotState {
  if (!latest) return { kind: "waiting" };
  if (now.getTime() - latest.at.getTime() > SIGNAL_LOST_MS) {
    return { kind: "silent", since: latest.at };
  }
  if (latest.terminalConnected) return { kind: "running" };
  return { kind: "stopped", forMs: now.getTime() - (connectedUntil ?? latest.at).getTime() };
}

/** Minutes with a signal over the minutes of [from, now), in basis points (10000 = 100 %). */
export function uptimeBps(signalMinutes: number, from: Date, now: Date): number | null {
  const minutes = Math.floor((now.getTime() - from.getTime()) / 60_000);
  if (minutes <= 0) return null;
  return Math.min(10_000, Math.floor((signalMinutes * 10_000) / minutes));
}

export interface BalancePoint {
  at: Date;
  balanceCents: number;
}

/**
 * The account's change over [from, to) in basis points: the last balance before `from` (or
 * the first inside, when the robot started later) to the last one inside; null without both.
 */
export function balanceChangeBps(
  points: readonly BalancePoint[],
  from: Date,
  to: Date,
): { bps: number; startedLate: boolean } | null {
  const before = points.filter((point) => point.at < from).at(-1);
  const inside = points.filter((point) => point.at >= from && point.at < to);
  const start = before ?? inside[0];
  const end = inside.at(-1);
  if (!start || !end || start.balanceCents <= 0) return null;
  const bps = Math.trunc(((end.balanceCents - start.balanceCents) * 10_000) / start.balanceCents);
  return { bps, startedLate: !before };
}

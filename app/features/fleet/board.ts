// The fleet board's flags (decision 383): pure, from what the board query read.
import type { FleetFlag } from "./model.ts";
import type { RobotState } from "./status.ts";

/** A balance more than `dropPercent` below the day's high (integer cents, no fraction). */
export function fellTooFar(balanceCents: number, dayHighCents: number, dropPercent: number) {
  return dayHighCents > 0 && (dayHighCents - balanceCents) * 100 > dayHighCents * dropPercent;
}

/** `installed`: staff marked the robot running, so a robot never heard from is missing. */
export function flagsOf(
  state: RobotState,
  balance: { current: number; dayHigh: number } | null,
  dropPercent: number,
  installed: boolean,
): FleetFlag[] {
  const flags: FleetFlag[] = [];
  if (state.kind === "silent" || (state.kind === "waiting" && installed)) flags.push("no-signal");
  if (state.kind === "stopped") flags.push("disconnected");
  if (balance && fellTooFar(balance.current, balance.dayHigh, dropPercent)) {
    flags.push("balance-drop");
  }
  return flags;
}

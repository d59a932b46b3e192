import { describe, expect, it } from "vitest";
import { balanceChangeBps, robotStateOf, uptimeBps } from "./status.ts";

const now = new Date("2027-03-10T15:00:00Z");
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe("robotStateOf", () => {
  it("is running on a recent connected heartbeat, silent past 5 minutes, waiting without any", () => {
    expect(robotStateOf(null, null, now)).toEqual({ kind: "waiting" });
    expect(robotStateOf({ at: ago(4), terminalConnected: true }, ago(4), now)).toEqual({
      kind: "running",
    });
    expect(robotStateOf({ at: ago(6), terminalConnected: true }, ago(6), now)).toEqual({
      kind: "silent",
      since: ago(6),
    });
  });

  it("is stopped since the last connected report when the terminal reports disconnected", () => {
    expect(robotStateOf({ at: ago(1), terminalConnected: false }, ago(120), now)).toEqual({
      kind: "stopped",
      forMs: 120 * 60_000,
    });
  });
});

describe("uptimeBps", () => {
  it("is the share of minutes with a signal, capped at 100 %", () => {
    expect(uptimeBps(1380, ago(1440), now)).toBe(9583);
    expect(uptimeBps(1500, ago(1440), now)).toBe(10_000);
    expect(uptimeBps(0, now, now)).toBeNull();
  });
});

describe("balanceChangeBps", () => {
  const from = new Date("2027-03-01T03:00:00Z");
  const to = new Date("2027-04-01T03:00:00Z");
  it("goes from the last balance before the period to the last inside it", () => {
    const points = [
      { at: new Date("2027-02-28T20:00:00Z"), balanceCents: 1_000_000 },
      { at: new Date("2027-03-05T20:00:00Z"), balanceCents: 900_000 },
      { at: new Date("2027-03-31T20:00:00Z"), balanceCents: 1_031_250 },
      { at: new Date("2027-04-02T20:00:00Z"), balanceCents: 2_000_000 },
    ];
    expect(balanceChangeBps(points, from, to)).toEqual({ bps: 312, startedLate: false });
  });

  it("starts from the first balance inside when the robot began later, and needs one", () => {
    const points = [
      { at: new Date("2027-03-15T20:00:00Z"), balanceCents: 500_000 },
      { at: new Date("2027-03-20T20:00:00Z"), balanceCents: 490_000 },
    ];
    expect(balanceChangeBps(points, from, to)).toEqual({ bps: -200, startedLate: true });
    expect(balanceChangeBps([], from, to)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import {
  creditedDowntime,
  downtimeMinutes,
  periodMinutes,
  servedIntervals,
  type Interval,
} from "./service-credit.ts";

// The service-credit rule as a table of cases (decision 394): a 1-day "cycle" keeps the
// numbers readable; the rule does not depend on the cycle's length.
const at = (iso: string) => new Date(`2027-03-01T${iso}:00Z`);
const DAY: Interval = { from: at("00:00"), to: new Date("2027-03-02T00:00:00Z") };
const HOUR_MS = 3_600_000;

/** Every hour of the day with a full 60 minutes of signal, except the ones given. */
function signal(except: Record<string, number> = {}): Map<number, number> {
  const hours = new Map<number, number>();
  for (let h = DAY.from.getTime(); h < DAY.to.getTime(); h += HOUR_MS) hours.set(h, 60);
  for (const [hour, minutes] of Object.entries(except)) hours.set(at(hour).getTime(), minutes);
  return hours;
}

describe("downtimeMinutes", () => {
  const served = [DAY];
  it.each<[string, Parameters<typeof downtimeMinutes>[0], number]>([
    [
      "a robot reporting every minute",
      { period: DAY, served, maintenance: [], signalMinutesByHour: signal() },
      0,
    ],
    [
      "two silent hours and a half-silent one",
      {
        period: DAY,
        served,
        maintenance: [],
        signalMinutesByHour: signal({ "03:00": 0, "04:00": 0, "05:00": 30 }),
      },
      150,
    ],
    [
      "silence inside a declared maintenance window",
      {
        period: DAY,
        served,
        maintenance: [{ from: at("03:00"), to: at("05:00") }],
        signalMinutesByHour: signal({ "03:00": 0, "04:00": 0 }),
      },
      0,
    ],
    [
      "silence running past the window's end",
      {
        period: DAY,
        served,
        maintenance: [{ from: at("03:00"), to: at("04:30") }],
        signalMinutesByHour: signal({ "03:00": 0, "04:00": 0 }),
      },
      30,
    ],
    [
      "overlapping windows counted once",
      {
        period: DAY,
        served,
        maintenance: [
          { from: at("03:00"), to: at("04:00") },
          { from: at("03:30"), to: at("05:00") },
        ],
        signalMinutesByHour: signal({ "03:00": 0, "04:00": 0, "05:00": 0 }),
      },
      60,
    ],
    [
      "a subscription that started mid-cycle (robot running from 12h)",
      {
        period: DAY,
        served: [{ from: at("12:00"), to: DAY.to }],
        maintenance: [],
        signalMinutesByHour: signal({ "00:00": 0, "01:00": 0, "02:00": 0, "13:00": 0 }),
      },
      60,
    ],
    [
      "a suspension: the robot is off by contract, not down",
      {
        period: DAY,
        served: [
          { from: DAY.from, to: at("06:00") },
          { from: at("18:00"), to: DAY.to },
        ],
        maintenance: [],
        signalMinutesByHour: signal({ "06:00": 0, "10:00": 0, "17:00": 0, "18:00": 0 }),
      },
      60,
    ],
    [
      "no samples at all while served",
      { period: DAY, served, maintenance: [], signalMinutesByHour: new Map() },
      1440,
    ],
  ])("%s", (_, input, expected) => {
    expect(downtimeMinutes(input)).toBe(expected);
  });
});

describe("servedIntervals", () => {
  it("runs from staff's 'Agente em operação' while active, past due or cancelled", () => {
    const changes = [
      { at: at("02:00"), toState: "past-due" as const },
      { at: at("06:00"), toState: "suspended" as const },
      { at: at("18:00"), toState: "active" as const },
      { at: at("20:00"), toState: "cancelled" as const },
    ];
    expect(servedIntervals(at("01:00"), changes, DAY.to)).toEqual([
      { from: at("01:00"), to: at("02:00") },
      { from: at("02:00"), to: at("06:00") },
      { from: at("18:00"), to: at("20:00") },
      { from: at("20:00"), to: DAY.to },
    ]);
  });

  it("is empty for a robot staff never marked running", () => {
    expect(servedIntervals(null, [], DAY.to)).toEqual([]);
  });

  it("starts suspended when the robot was marked running during a suspension", () => {
    const changes = [
      { at: at("00:30"), toState: "suspended" as const },
      { at: at("10:00"), toState: "active" as const },
    ];
    expect(servedIntervals(at("01:00"), changes, DAY.to)).toEqual([
      { from: at("10:00"), to: DAY.to },
    ]);
  });
});

describe("creditedDowntime at the threshold's boundary", () => {
  it.each([
    [0, 240, 0],
    [239, 240, 0],
    [240, 240, 0],
    [241, 240, 241],
    [600, 240, 600],
    [1, 0, 1],
  ])("%i minutes down against %i -> %i credited", (downtime, threshold, expected) => {
    expect(creditedDowntime(downtime, threshold)).toBe(expected);
  });
});

it("measures a cycle in minutes across São Paulo's midnights", () => {
  expect(periodMinutes(DAY)).toBe(1440);
});

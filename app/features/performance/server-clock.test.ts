import { describe, expect, it } from "vitest";
import { parseServerTime } from "./numbers.ts";
import { monthReader } from "./compute.ts";
import { serverTimeToEpochMs } from "./server-clock.ts";

const at = (text: string, clock: Parameters<typeof serverTimeToEpochMs>[1]) =>
  new Date(serverTimeToEpochMs(parseServerTime(text)!, clock)).toISOString();

describe("broker server clocks", () => {
  it("reads a fixed offset", () => {
    expect(at("2026.01.15 12:00:00", "+03:00")).toBe("2026-01-15T09:00:00.000Z");
    expect(at("2026.01.15 12:00:00", "-05:00")).toBe("2026-01-15T17:00:00.000Z");
  });

  it("reads New York close time: UTC+2 in winter, UTC+3 while the US keep summer time", () => {
    expect(at("2026.01.15 12:00:00", "ny-close")).toBe("2026-01-15T10:00:00.000Z");
    expect(at("2026.07.15 12:00:00", "ny-close")).toBe("2026-07-15T09:00:00.000Z");
    // US summer time began on 2026-03-08 at 02:00 in New York (09:00 server time).
    expect(at("2026.03.08 08:59:00", "ny-close")).toBe("2026-03-08T06:59:00.000Z");
    expect(at("2026.03.08 09:00:00", "ny-close")).toBe("2026-03-08T06:00:00.000Z");
    // ... and ends on 2026-11-01 at 02:00 in New York.
    expect(at("2026.11.01 08:30:00", "ny-close")).toBe("2026-11-01T05:30:00.000Z");
    expect(at("2026.11.01 09:30:00", "ny-close")).toBe("2026-11-01T07:30:00.000Z");
  });

  it("refuses impossible times", () => {
    expect(parseServerTime("2026.02.30 10:00:00")).toBeNull();
    expect(parseServerTime("2026.01.01 24:00:00")).toBeNull();
    expect(parseServerTime("01/02/2026")).toBeNull();
  });
});

describe("São Paulo months", () => {
  const monthOf = monthReader();
  const month = (iso: string) => monthOf(Date.parse(iso));

  it("start at midnight in São Paulo, UTC-3 since 2019", () => {
    expect(month("2026-02-01T02:59:59Z")).toEqual({ year: 2026, month: 1 });
    expect(month("2026-02-01T03:00:00Z")).toEqual({ year: 2026, month: 2 });
    expect(month("2027-01-01T02:00:00Z")).toEqual({ year: 2026, month: 12 });
  });

  it("followed Brazil's old summer time (UTC-2 in December 2018)", () => {
    expect(month("2018-12-01T01:59:59Z")).toEqual({ year: 2018, month: 11 });
    expect(month("2018-12-01T02:00:00Z")).toEqual({ year: 2018, month: 12 });
  });
});

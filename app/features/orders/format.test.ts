import { describe, expect, it } from "vitest";
import { formatBrl, formatPercent, formatRate, formatUsd, hoursAndMinutesLeft } from "./format.ts";

describe("order amounts as people read them", () => {
  it("writes reais and dollars with a decimal comma", () => {
    expect(formatBrl(81074)).toBe("R$\u00a0810,74");
    expect(formatBrl(123456789)).toBe("R$\u00a01.234.567,89");
    expect(formatUsd(14925)).toBe("US$\u00a0149,25");
  });

  it("writes rates and percentages without trailing zeros", () => {
    expect(formatRate(54321)).toBe("5,4321");
    expect(formatRate(54300)).toBe("5,43");
    expect(formatPercent(1000)).toBe("10%");
    expect(formatPercent(1250)).toBe("12,5%");
  });

  it("counts hours and minutes left, never below zero", () => {
    expect(hoursAndMinutesLeft(3 * 3_600_000 + 5 * 60_000 + 59_000)).toEqual([3, 5]);
    expect(hoursAndMinutesLeft(-1)).toEqual([0, 0]);
  });
});

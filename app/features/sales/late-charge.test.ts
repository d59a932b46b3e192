import { describe, expect, it } from "vitest";
import { lateCeilingCents, percentText } from "./late-charge.ts";

describe("a late due-date charge's ceiling", () => {
  const terms = { fineBp: 200, interestBpMonth: 100 };

  it("is the amount itself on or before the due date", () => {
    expect(lateCeilingCents(81074, terms, 0)).toBe(81074);
    expect(lateCeilingCents(81074, terms, -3)).toBe(81074);
  });

  it("adds the fine once and the interest per calendar day, rounded up", () => {
    // R$ 810,74: fine 2% = 16,2148 -> 16,22; interest 1%/month for 1 day = 0,2702 -> 0,28.
    expect(lateCeilingCents(81074, terms, 1)).toBe(81074 + 1622 + 28);
    // 30 days: a whole month's 1% = 8,1074 -> 8,11.
    expect(lateCeilingCents(81074, terms, 30)).toBe(81074 + 1622 + 811);
  });

  it("takes nothing more without terms", () => {
    expect(lateCeilingCents(81074, { fineBp: 0, interestBpMonth: 0 }, 10)).toBe(81074);
  });

  it("writes basis points as the contract's percent", () => {
    expect(percentText(200)).toBe("2.00");
    expect(percentText(33)).toBe("0.33");
  });
});

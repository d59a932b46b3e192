import { describe, expect, it } from "vitest";
import { parseForm } from "../../platform/http/parse-form.ts";
import { isRealIsoMoment, waitlistFilterSchema } from "./admin-filters.ts";

const ID = "00000000-0000-4000-8000-000000000000";

describe("waitlist filter dates and cursors", () => {
  it("takes only days and moments that exist", () => {
    expect(isRealIsoMoment("2028-02-29")).toBe(true);
    expect(isRealIsoMoment("2026-02-29")).toBe(false);
    expect(isRealIsoMoment("2026-02-30")).toBe(false);
    expect(isRealIsoMoment("0000-01-01")).toBe(false);
    expect(isRealIsoMoment("2026-11-25T12:00:00.123456Z")).toBe(true);
    expect(isRealIsoMoment("2026-02-30T12:00:00.000000Z")).toBe(false);
    expect(isRealIsoMoment("2026-11-25T24:00:00.000000Z")).toBe(false);
  });

  it("refuses an impossible day or cursor with the filter's Portuguese message", () => {
    for (const query of [
      "de=2026-02-30",
      "ate=2026-04-31",
      `apos=${encodeURIComponent(`2026-02-30T10:00:00.000000Z|${ID}`)}`,
    ]) {
      const parsed = parseForm(waitlistFilterSchema, new URLSearchParams(query));
      expect(parsed.success, query).toBe(false);
    }
  });
});

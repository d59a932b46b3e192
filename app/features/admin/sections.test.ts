import { describe, expect, it } from "vitest";
import { legacyTabHref, safeNextPath } from "./sections.ts";

describe("admin section URLs", () => {
  it("sends old ?tab= links to the section routes", () => {
    expect(legacyTabHref(null)).toBe("/admin/lista");
    expect(legacyTabHref("robos")).toBe("/admin/robos");
    expect(legacyTabHref("blog")).toBe("/admin/blog");
    expect(legacyTabHref("usuarios")).toBe("/admin/lista");
  });

  it("lands after the login only on a local admin path", () => {
    expect(safeNextPath("/admin/lista?q=ana&status=pending", null)).toBe(
      "/admin/lista?q=ana&status=pending",
    );
    expect(safeNextPath("/admin/robos", null)).toBe("/admin/robos");
    expect(safeNextPath("/admin/lista\r\nSet-Cookie: a=b", null)).toBe("/admin/lista");
    expect(safeNextPath("/admin/lista\u0000", null)).toBe("/admin/lista");
    for (const bad of [
      "https://evil.test/admin/x",
      "//evil.test/admin/",
      "/admin\\x",
      "/blog",
      "/adminx",
    ]) {
      expect(safeNextPath(bad, null), bad).toBe("/admin/lista");
    }
    expect(safeNextPath(null, "blog")).toBe("/admin/blog");
  });
});

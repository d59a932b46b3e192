import { describe, expect, it } from "vitest";
import { adminTabHref, adminTabOf, adminTabs, parseAdminTab } from "./tabs.ts";

describe("admin tabs in the URL", () => {
  it("defaults to the waitlist for a missing or unknown tab", () => {
    expect(parseAdminTab(null)).toBe("lista");
    expect(parseAdminTab("")).toBe("lista");
    expect(parseAdminTab("usuarios")).toBe("lista");
    expect(parseAdminTab("robos")).toBe("robos");
    expect(parseAdminTab("blog")).toBe("blog");
  });

  it("round-trips every tab through its link", () => {
    for (const tab of adminTabs) {
      const url = new URL(adminTabHref(tab), "http://x");
      expect(adminTabOf({ pathname: url.pathname, search: url.search })).toBe(tab);
    }
    expect(adminTabHref("lista")).toBe("/admin");
    expect(adminTabHref("robos")).toBe("/admin?tab=robos");
  });

  it("knows no tab outside the admin page", () => {
    expect(adminTabOf({ pathname: "/blog", search: "?tab=robos" })).toBeNull();
    expect(adminTabOf({ pathname: "/admin/", search: "?tab=blog" })).toBe("blog");
  });
});

import { describe, expect, it } from "vitest";
import { cn } from "./cn.ts";

describe("cn", () => {
  it("joins class names, skipping falsy values, and keeps conditional ones that are on", () => {
    expect(cn("px-2 py-1", false, null, undefined, "", "px-4")).toBe("px-2 py-1 px-4");
    expect(cn("text-sm", { "font-bold": true, italic: false })).toBe("text-sm font-bold");
    expect(cn(["mt-2", ["hidden", false]], 0)).toBe("mt-2 hidden");
  });

  it("keeps a caller's conflicting class next to the component's (no merging)", () => {
    expect(cn("mt-0.5 size-4", "mt-0!")).toBe("mt-0.5 size-4 mt-0!");
  });
});

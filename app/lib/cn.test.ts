import { describe, expect, it } from "vitest";
import { cn } from "./cn.ts";

describe("cn", () => {
  it("skips falsy values and lets a later Tailwind class override a conflicting one", () => {
    expect(cn("px-2 py-1", false, null, undefined, "px-4")).toBe("py-1 px-4");
    expect(cn("text-sm", { "font-bold": true, italic: false })).toBe("text-sm font-bold");
  });
});

import { describe, expect, it } from "vitest";
import { isMenuItemActive } from "./active-menu.ts";

describe("isMenuItemActive", () => {
  it("marks Home only on an exact match", () => {
    expect(isMenuItemActive("/", "/")).toBe(true);
    expect(isMenuItemActive("/", "/agentes")).toBe(false);
  });

  it("marks other items by path prefix, on segment boundaries", () => {
    expect(isMenuItemActive("/agentes", "/agentes")).toBe(true);
    expect(isMenuItemActive("/agentes", "/agentes/yenmax")).toBe(true);
    expect(isMenuItemActive("/blog", "/blogueiros")).toBe(false);
    expect(isMenuItemActive("/precos", "/agentes")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { httpUrlOrNull } from "./url.ts";

describe("httpUrlOrNull", () => {
  it("keeps absolute http(s) URLs", () => {
    expect(httpUrlOrNull("https://www.myfxbook.com/members/x")).toBe(
      "https://www.myfxbook.com/members/x",
    );
    expect(httpUrlOrNull(" http://example.com/a.png ")).toBe("http://example.com/a.png");
  });

  it("keeps only https URLs for images", () => {
    expect(httpUrlOrNull("https://cdn.example.com/a.png", { httpsOnly: true })).toBe(
      "https://cdn.example.com/a.png",
    );
    expect(httpUrlOrNull("http://cdn.example.com/a.png", { httpsOnly: true })).toBeNull();
  });

  it("drops empty, relative and non-http URLs", () => {
    for (const value of [
      null,
      undefined,
      "",
      "/relative.png",
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:image/png;base64,AAAA",
      "ftp://example.com/x",
      "not a url",
    ]) {
      expect(httpUrlOrNull(value)).toBeNull();
    }
  });
});

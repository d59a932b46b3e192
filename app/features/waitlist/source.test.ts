import { describe, expect, it } from "vitest";
import { signupSourceOf } from "./source.ts";

const request = (url: string, referer?: string) =>
  new Request(url, referer ? { headers: { Referer: referer } } : {});

describe("signupSourceOf", () => {
  it("prefers utm_source, trimmed and bounded to 200 characters", () => {
    expect(signupSourceOf(request("http://site.test/contato?utm_source=%20insta%20"))).toBe(
      "insta",
    );
    expect(signupSourceOf(request(`http://site.test/?utm_source=${"y".repeat(300)}`))).toBe(
      "y".repeat(200),
    );
  });

  it("else keeps only the origin of a Referer from another site", () => {
    expect(
      signupSourceOf(request("http://site.test/contato", "https://m.facebook.com/a/b?id=1")),
    ).toBe("https://m.facebook.com");
    expect(signupSourceOf(request("http://site.test/contato", "http://site.test/agentes"))).toBe(
      null,
    );
    expect(signupSourceOf(request("http://site.test/contato", "android-app://x"))).toBe(null);
    expect(signupSourceOf(request("http://site.test/contato", "not a url"))).toBe(null);
    expect(signupSourceOf(request("http://site.test/contato"))).toBe(null);
  });
});

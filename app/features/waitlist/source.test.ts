import { describe, expect, it } from "vitest";
import { attributionRedirect, postedAttribution, signupAttributionOf } from "./source.ts";

const request = (url: string, referer?: string) =>
  new Request(url, referer ? { headers: { Referer: referer } } : {});
const sourceOf = (url: string, referer?: string) =>
  signupAttributionOf(request(url, referer)).source;

describe("signupAttributionOf", () => {
  it("prefers utm_source, trimmed and bounded to 200 characters", () => {
    expect(sourceOf("http://site.test/contato?utm_source=%20insta%20")).toBe("insta");
    expect(sourceOf(`http://site.test/?utm_source=${"y".repeat(300)}`)).toBe("y".repeat(200));
  });

  it("else keeps only the origin of a Referer from another site", () => {
    expect(sourceOf("http://site.test/contato", "https://m.facebook.com/a/b?id=1")).toBe(
      "https://m.facebook.com",
    );
    expect(sourceOf("http://site.test/contato", "http://site.test/agentes")).toBe(null);
    expect(sourceOf("http://site.test/contato", "android-app://x")).toBe(null);
    expect(sourceOf("http://site.test/contato", "not a url")).toBe(null);
    expect(sourceOf("http://site.test/contato")).toBe(null);
  });

  it("reads the whole campaign from the page, and the external site apart", () => {
    expect(
      signupAttributionOf(
        request(
          "http://site.test/contato?utm_source=insta&utm_medium=stories&utm_campaign=black-friday",
          "https://l.instagram.com/x?u=1",
        ),
      ),
    ).toEqual({
      source: "insta",
      utmMedium: "stories",
      utmCampaign: "black-friday",
      referrer: "https://l.instagram.com",
    });
  });

  it("carries the campaign of the landing page one click before, from its Referer", () => {
    expect(
      signupAttributionOf(
        request(
          "http://site.test/contato?agente=yenmax",
          "http://site.test/agentes/yenmax?utm_source=news&utm_medium=email&utm_campaign=nov",
        ),
      ),
    ).toEqual({ source: "news", utmMedium: "email", utmCampaign: "nov", referrer: null });
    // The page's own campaign wins over the one before.
    expect(
      signupAttributionOf(
        request("http://site.test/contato?utm_source=ads", "http://site.test/?utm_source=news"),
      ),
    ).toMatchObject({ source: "ads", utmMedium: null });
    // Another site's query is never read: it may be personal.
    expect(
      signupAttributionOf(
        request("http://site.test/contato", "https://other.test/?utm_source=x&email=a@b"),
      ),
    ).toEqual({
      source: "https://other.test",
      utmMedium: null,
      utmCampaign: null,
      referrer: "https://other.test",
    });
  });
});

describe("postedAttribution", () => {
  it("bounds each hidden field and drops control characters", () => {
    const form = new URLSearchParams({
      source: " insta ",
      utm_medium: "a\u0001b",
      utm_campaign: "c".repeat(300),
      referrer: "https://l.instagram.com",
    });
    expect(postedAttribution(form)).toEqual({
      source: "insta",
      utmMedium: null,
      utmCampaign: "c".repeat(200),
      referrer: "https://l.instagram.com",
    });
  });
});

describe("attributionRedirect", () => {
  const redirectOf = (url: string, referer: string | null) =>
    attributionRedirect(new URL(url), referer);

  it("passes a landing page's campaign on to the next page, keeping the page's own query", () => {
    expect(
      redirectOf(
        "http://site.test/agentes/yenmax?aba=2",
        "http://site.test/agentes?utm_source=x&utm_campaign=y&other=z",
      ),
    ).toBe("/agentes/yenmax?aba=2&utm_source=x&utm_campaign=y");
    // Any number of clicks: each page passes on what it was given.
    expect(
      redirectOf(
        "http://site.test/contato",
        "http://site.test/agentes/yenmax?utm_source=x&ref=https%3A%2F%2Ft.co",
      ),
    ).toBe("/contato?utm_source=x&ref=https%3A%2F%2Ft.co");
  });

  it("puts the origin of another site in `ref`, never its path or query", () => {
    expect(redirectOf("http://site.test/?utm_source=x", "https://t.co/abc?email=a@b")).toBe(
      "/?utm_source=x&ref=https%3A%2F%2Ft.co",
    );
  });

  it("leaves alone a page with nothing to carry, or that carries it already", () => {
    expect(redirectOf("http://site.test/agentes", null)).toBe(null);
    expect(redirectOf("http://site.test/agentes", "http://site.test/")).toBe(null);
    expect(
      redirectOf("http://site.test/agentes?utm_source=a", "http://site.test/?utm_source=b"),
    ).toBe(null);
    expect(redirectOf("http://site.test/?ref=https%3A%2F%2Ft.co", "https://t.co/")).toBe(null);
    expect(redirectOf("http://site.test/agentes", "android-app://x")).toBe(null);
  });

  it("feeds the sign-up page: the carried referrer is read as one from another site", () => {
    expect(
      signupAttributionOf(
        request("http://site.test/contato?utm_campaign=y&ref=https%3A%2F%2Fm.facebook.com"),
      ),
    ).toEqual({
      source: "https://m.facebook.com",
      utmMedium: null,
      utmCampaign: "y",
      referrer: "https://m.facebook.com",
    });
    expect(
      signupAttributionOf(request("http://site.test/contato?ref=javascript%3Aalert(1)")),
    ).toMatchObject({
      referrer: null,
    });
  });
});

import { describe, expect, it } from "vitest";
import { paintBeforeHydrating } from "./paint-before-hydrating.server.ts";

// What React Router 8's <Scripts /> writes, trimmed to one preload and one route.
const source = `;\nimport * as route0 from "/assets/root-A.js";\nwindow.x = "<!--<script>";\nimport("/assets/entry.client-B.js");`;
const page = [
  `<html><head><style>p{}</style>`,
  `<link rel="modulepreload" href="/assets/entry.client-B.js" nonce="N1"/>`,
  `<link rel="modulepreload" href="/assets/root-A.js" nonce="N1"/></head>`,
  `<body><p>Olá</p><script nonce="N1">window.__reactRouterContext = {};</script>`,
  `<script nonce="N1" type="module" async="">${source}</script>`,
  `<script nonce="N1">window.after = 1;</script></body></html>`,
].join("");

/** The module source the deferred script carries, read back from its string literal. */
function carriedSource(html: string): string {
  const literal = /\}\)\((".*?"),document\.currentScript\.nonce\)<\/script>/s.exec(html)?.[1];
  if (!literal) throw new Error("no deferred hydration script");
  return JSON.parse(literal) as string;
}

describe("paintBeforeHydrating", () => {
  it("drops the module preloads and the module script", () => {
    const html = paintBeforeHydrating(page);
    expect(html).not.toContain("modulepreload");
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain("<style>p{}</style></head>");
  });

  it("runs the same source, in the same place, with the same nonce", () => {
    const html = paintBeforeHydrating(page);
    expect(carriedSource(html)).toBe(source);
    expect(html).toMatch(
      /<script nonce="N1">window.__reactRouterContext = \{\};<\/script><script nonce="N1">\(function/,
    );
    expect(html).toContain(`</script><script nonce="N1">window.after = 1;</script></body>`);
  });

  it("writes the source with no '<' that could end or confuse its script", () => {
    const deferred = /<script nonce="N1">(\(function[^<]*)<\/script>/.exec(
      paintBeforeHydrating(page),
    );
    expect(deferred?.[1]).toContain("\\u003c!--\\u003cscript>");
  });

  it("leaves a page without hydration scripts as it was", () => {
    const plain = `<html><head><link rel="modulepreload" href="/a.js"/></head><body></body></html>`;
    expect(paintBeforeHydrating(plain)).toBe(plain);
  });
});

import { href } from "react-router";
import { describe, expect, it } from "vitest";
import { buildRobotsTxt, buildSitemap } from "./sitemap.ts";

describe("buildSitemap", () => {
  it("lists absolute URLs with optional lastmod dates", () => {
    const xml = buildSitemap("https://agentesfx.com.br", [
      { path: "/" },
      { path: "/blog/hedge-e-preco-medio", lastModified: new Date("2026-10-28T12:00:00Z") },
    ]);
    expect(xml).toContain('<?xml version="1.0" encoding="UTF-8"?>');
    expect(xml).toContain("<url><loc>https://agentesfx.com.br/</loc></url>");
    expect(xml).toContain(
      "<url><loc>https://agentesfx.com.br/blog/hedge-e-preco-medio</loc><lastmod>2026-10-28</lastmod></url>",
    );
  });

  it("escapes an encoded path for XML without encoding it again", () => {
    const xml = buildSitemap("https://a.b", [{ path: href("/blog/:slug", { slug: "a&b<ç>%" }) }]);
    expect(xml).toContain("<loc>https://a.b/blog/a&amp;b%3C%C3%A7%3E%25</loc>");
  });
});

describe("buildRobotsTxt", () => {
  it("disallows the admin area and names the sitemap", () => {
    const text = buildRobotsTxt("https://agentesfx.com.br");
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Sitemap: https:\/\/agentesfx\.com\.br\/sitemap\.xml$/m);
  });

  it("keeps the admin out for parsers that take the first matching rule, and the rest open", () => {
    const rules = buildRobotsTxt("https://agentesfx.com.br")
      .split("\n")
      .map((line) => /^(Allow|Disallow): (\S+)$/.exec(line))
      .filter((match) => match !== null)
      .map(([, kind, prefix]) => ({ kind, prefix: prefix! }));
    const firstMatch = (path: string) => rules.find((rule) => path.startsWith(rule.prefix))?.kind;
    expect(firstMatch("/admin")).toBe("Disallow");
    expect(firstMatch("/admin/lista")).toBe("Disallow");
    expect(firstMatch("/agentes/yenmax")).toBe("Allow");
  });
});

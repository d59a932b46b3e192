import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import { errorPageMeta, seoMeta, siteUrlFromMatches } from "./seo.ts";

describe("seoMeta", () => {
  const tags = seoMeta({
    siteUrl: "https://agentesfx.com.br",
    path: "/precos",
    title: "Preços",
    description: "Planos mensais.",
  });

  it("builds title, description, canonical and Open Graph tags from one input", () => {
    expect(tags).toContainEqual({ title: "Preços | Agentes FX" });
    expect(tags).toContainEqual({ name: "description", content: "Planos mensais." });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://agentesfx.com.br/precos",
    });
    expect(tags).toContainEqual({ property: "og:url", content: "https://agentesfx.com.br/precos" });
    expect(tags).toContainEqual({ property: "og:title", content: "Preços | Agentes FX" });
    expect(tags).toContainEqual({ property: "og:locale", content: "pt_BR" });
    expect(tags).toContainEqual({
      property: "og:image",
      content: "https://agentesfx.com.br/og/site.png",
    });
    expect(tags).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("adds an image and article type when given, and puts the brand first on request", () => {
    const article = seoMeta({
      siteUrl: "",
      path: "/blog/x",
      title: "X",
      description: "d",
      type: "article",
      image: "https://cdn.example.com/x.png",
      brandFirst: true,
    });
    expect(article).toContainEqual({ title: "Agentes FX | X" });
    expect(article).toContainEqual({ property: "og:type", content: "article" });
    expect(article).toContainEqual({
      property: "og:image",
      content: "https://cdn.example.com/x.png",
    });
    expect(article.filter((tag) => "property" in tag && tag.property === "og:image")).toHaveLength(
      1,
    );
  });

  it("uses the card of the page's type when it has no image of its own", () => {
    const agent = seoMeta({
      siteUrl: "https://a.b",
      path: "/agentes",
      title: "A",
      description: "d",
      card: "agent",
    });
    expect(agent).toContainEqual({ property: "og:image", content: "https://a.b/og/agent.png" });
  });
});

describe("siteUrlFromMatches", () => {
  it("reads SITE_URL from the root match and falls back to an empty origin", () => {
    const root = { id: "root", loaderData: { site: { siteUrl: "https://a.b" } } };
    expect(siteUrlFromMatches([root, { id: "x" }])).toBe("https://a.b");
    expect(siteUrlFromMatches([{ id: "root", loaderData: undefined }])).toBe("");
    expect(siteUrlFromMatches([])).toBe("");
  });
});

describe("errorPageMeta", () => {
  it("titles a 404 and a crash in Portuguese and keeps both out of search engines", () => {
    expect(errorPageMeta(new ErrorResponseImpl(404, "Not Found", null))).toEqual([
      { title: "Página não encontrada (404) | Agentes FX" },
      { name: "robots", content: "noindex" },
    ]);
    expect(errorPageMeta(new Error("boom"))).toEqual([
      { title: "Erro inesperado | Agentes FX" },
      { name: "robots", content: "noindex" },
    ]);
  });
});

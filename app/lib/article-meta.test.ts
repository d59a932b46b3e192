import { describe, expect, it } from "vitest";
import { articleMeta } from "./article-meta.ts";

describe("articleMeta", () => {
  it("gives a post its publication time and an Article published by the Organization", () => {
    const tags = articleMeta({
      siteUrl: "https://agentesfx.example",
      path: "/blog/gestao-de-risco",
      title: "Gestão de risco",
      description: "Como dimensionar posições.",
      author: "Equipe Agentes FX",
      section: "Educação",
      publishedAt: "2026-11-20T12:00:00.000Z",
      image: "https://agentesfx.example/og/blog.png",
    });
    expect(tags).toContainEqual({
      property: "article:published_time",
      content: "2026-11-20T12:00:00.000Z",
    });
    const ld = tags.flatMap((tag) => ("script:ld+json" in tag ? [tag["script:ld+json"]] : []))[0];
    expect(ld).toMatchObject({
      "@type": "Article",
      headline: "Gestão de risco",
      datePublished: "2026-11-20T12:00:00.000Z",
      author: { "@type": "Person", name: "Equipe Agentes FX" },
      publisher: { "@type": "Organization", name: "Agentes FX" },
    });
  });
});

import type { MetaDescriptor } from "react-router";
import { brand } from "../content/layout.ts";

// A blog post's tags beyond seoMeta, apart from seo.ts: the root and /contato load seo.ts in
// the browser, and only the post page uses these (docs/decisions/322).

export interface ArticleInput {
  siteUrl: string;
  path: string;
  title: string;
  description: string;
  author: string;
  section: string;
  /** ISO 8601. */
  publishedAt: string;
  image: string;
}

/**
 * What search engines and link previews read of a blog post beyond seoMeta: its publication
 * time and section (Open Graph article:*) and schema.org's Article, published by the site's
 * Organization, as JSON-LD.
 */
export function articleMeta(input: ArticleInput): MetaDescriptor[] {
  const url = `${input.siteUrl}${input.path}`;
  return [
    { property: "article:published_time", content: input.publishedAt },
    { property: "article:section", content: input.section },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: input.title,
        description: input.description,
        datePublished: input.publishedAt,
        mainEntityOfPage: url,
        url,
        image: input.image,
        articleSection: input.section,
        author: { "@type": "Person", name: input.author },
        publisher: {
          "@type": "Organization",
          name: brand.name,
          url: `${input.siteUrl}/`,
          logo: { "@type": "ImageObject", url: `${input.siteUrl}/icon-512.png` },
        },
      },
    },
  ];
}

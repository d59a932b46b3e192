import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { brand, errorCopy, notFoundCopy } from "../content/layout.ts";
import { shareCards, shareCardSize, type ShareCardType } from "../content/share-cards.ts";

// One place that builds every page's title, description, canonical link and Open Graph
// tags. The public origin (SITE_URL) reaches meta functions through the root loader's data.

export interface SeoInput {
  /** Public origin without a trailing slash, from siteUrlFromMatches(). */
  siteUrl: string;
  /** Path (and query, if it selects different content) of the canonical URL. */
  path: string;
  title: string;
  description: string;
  type?: "website" | "article";
  /** Absolute http(s) image URL for Open Graph, when the page has one of its own. */
  image?: string | null;
  /** Otherwise the card of its page type (decision 064); "site" by default. */
  card?: ShareCardType;
  /** The home page puts the brand first. */
  brandFirst?: boolean;
}

export function pageTitle(title: string, brandFirst = false): string {
  return brandFirst ? `${brand.name} | ${title}` : `${title} | ${brand.name}`;
}

export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const title = pageTitle(input.title, input.brandFirst);
  const url = `${input.siteUrl}${input.path}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: brand.name },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (input.image) {
    tags.push({ property: "og:image", content: input.image });
  } else {
    const card = shareCards[input.card ?? "site"];
    tags.push(
      { property: "og:image", content: `${input.siteUrl}${card.image}` },
      { property: "og:image:width", content: String(shareCardSize.width) },
      { property: "og:image:height", content: String(shareCardSize.height) },
      { property: "og:image:alt", content: card.alt },
    );
  }
  return tags;
}

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** SITE_URL as the root loader sent it ("" when the root has no data, e.g. on an error). */
export function siteUrlFromMatches(matches: readonly (MatchLike | undefined)[]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData;
  if (typeof root !== "object" || root === null || !("site" in root)) return "";
  const site = (root as { site?: { siteUrl?: unknown } }).site;
  return typeof site?.siteUrl === "string" ? site.siteUrl : "";
}

/** The title of the 404 page and of the crash page, never indexed (meta of an error boundary). */
export function errorPageMeta(error: unknown): MetaDescriptor[] {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: notFound ? notFoundCopy.pageTitle : errorCopy.pageTitle },
    { name: "robots", content: "noindex" },
  ];
}

import { escapeXml } from "./sitemap.ts";

export interface RssChannel {
  title: string;
  description: string;
  /** Absolute URL of the page the feed mirrors. */
  link: string;
  /** Absolute URL of the feed itself. */
  feedUrl: string;
}

export interface RssItem {
  title: string;
  /** Absolute URL; also the item's guid. */
  link: string;
  description: string;
  category: string;
  publishedAt: Date;
}

/** An RSS 2.0 feed (with atom:link to itself, as validators expect). */
export function buildRss(channel: RssChannel, items: readonly RssItem[]): string {
  const entries = items.map((item) =>
    [
      "    <item>",
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(item.link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
      `      <description>${escapeXml(item.description)}</description>`,
      `      <category>${escapeXml(item.category)}</category>`,
      `      <pubDate>${item.publishedAt.toUTCString()}</pubDate>`,
      "    </item>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(channel.link)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    "    <language>pt-BR</language>",
    `    <atom:link href="${escapeXml(channel.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    ...entries,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

const xmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

// What XML 1.0 forbids in a document even as a character reference: C0 controls but tab and
// line breaks, lone surrogates, U+FFFE and U+FFFF. PostgreSQL stores all of them but the
// first, so stored text may hold them; one would make the whole feed unreadable.
const forbiddenInXml = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as XML character data or an attribute value: escaped, forbidden characters dropped. */
export function escapeXml(value: string): string {
  return value.replace(forbiddenInXml, "").replace(/[&<>"']/g, (char) => xmlEscapes[char] ?? char);
}

/** A sitemaps.org urlset of absolute URLs under siteUrl; paths come encoded, from `href()`. */
export function buildSitemap(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified
      ? `<lastmod>${entry.lastModified.toISOString().slice(0, 10)}</lastmod>`
      : "";
    return `  <url><loc>${escapeXml(`${siteUrl}${entry.path}`)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt: everything but the admin area, and where the sitemap is. */
export function buildRobotsTxt(siteUrl: string): string {
  // Disallow first: parsers that take the first matching line (not the longest) would read
  // `Allow: /` as allowing the admin (docs/decisions/402).
  return `User-agent: *\nDisallow: /admin\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

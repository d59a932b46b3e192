import { beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "../../../db/schema.ts";
import { parseXml } from "../../../tests/support/xml.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { loader as rssLoader } from "../../routes/blog/rss.ts";
import { loader as sitemapLoader } from "../../routes/seo/sitemap.ts";

// Text stored by any path (an import, a console, an old admin form) may hold characters XML
// 1.0 forbids: U+FFFE, U+FFFF and C0 controls. PostgreSQL stores them; the feeds must not.
const forbidden = "\uFFFE\uFFFF\u0001\u0008\u000B\u001F";
const title = `Hedge${forbidden} & preço <médio>`;
const excerpt = `Risco "real" & retorno ${forbidden}<alto> (&amp; já escrito)`;
const slug = `feed-${Date.now()}\u0001\uFFFE`;

beforeAll(async () => {
  await (await getDb()).insert(blogPosts).values({
    title,
    slug,
    content: "Texto.",
    excerpt,
    isPublished: true,
    publishedAt: new Date(),
  });
});

const withoutForbidden = (text: string) =>
  Array.from(text)
    .filter((char) => !forbidden.includes(char))
    .join("");

describe("feeds with characters XML forbids in stored text", () => {
  it("RSS parses as XML, and each text reads as stored, escaped once", async () => {
    const response = await rssLoader();
    const elements = parseXml(await response.text());
    const titles = elements.filter((e) => e.name === "title").map((e) => e.text);
    expect(titles).toContain(withoutForbidden(title));
    const descriptions = elements.filter((e) => e.name === "description").map((e) => e.text);
    expect(descriptions).toContain(withoutForbidden(excerpt));
  });

  it("the sitemap parses as XML and lists the post", async () => {
    const response = await sitemapLoader();
    const locs = parseXml(await response.text())
      .filter((e) => e.name === "loc")
      .map((e) => decodeURI(e.text));
    expect(locs.some((loc) => loc.endsWith(`/blog/${slug}`))).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { buildRss } from "./rss.ts";

const channel = {
  title: "Blog | Agentes FX",
  description: "Artigos",
  link: "https://exemplo.com.br/blog",
  feedUrl: "https://exemplo.com.br/blog/rss.xml",
};

describe("buildRss", () => {
  it("writes an RSS 2.0 channel with one escaped item per post", () => {
    const xml = buildRss(channel, [
      {
        title: "Hedge & preço <médio>",
        link: "https://exemplo.com.br/blog/hedge",
        description: 'Risco "real"',
        category: "Estratégia",
        publishedAt: new Date("2026-11-10T12:00:00.000Z"),
      },
    ]);
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain("<title>Hedge &amp; preço &lt;médio&gt;</title>");
    expect(xml).toContain("<description>Risco &quot;real&quot;</description>");
    expect(xml).toContain("<pubDate>Tue, 10 Nov 2026 12:00:00 GMT</pubDate>");
    expect(xml).toContain('<guid isPermaLink="true">https://exemplo.com.br/blog/hedge</guid>');
    expect(xml.match(/<item>/g)).toHaveLength(1);
  });

  it("is a valid empty channel without posts", () => {
    const xml = buildRss(channel, []);
    expect(xml).toContain("<channel>");
    expect(xml).not.toContain("<item>");
  });
});

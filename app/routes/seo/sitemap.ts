import { listPublishedPostSlugs } from "../../features/posts/queries.server.ts";
import { publicPaths } from "../../lib/public-routes.ts";
import { getSiteConfig } from "../../lib/site-config.server.ts";
import { buildSitemap } from "../../lib/sitemap.ts";

export async function loader() {
  const posts = await listPublishedPostSlugs();
  const xml = buildSitemap(getSiteConfig().siteUrl, [
    ...publicPaths.map((path) => ({ path })),
    ...posts.map((post) => ({
      path: `/blog/${post.slug}`,
      lastModified: post.publishedAt ?? post.createdAt,
    })),
  ]);
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}

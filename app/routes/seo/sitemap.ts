import { href } from "react-router";
import { listPublishedPostSlugs } from "../../features/posts/queries.server.ts";
import { agentOffers } from "../../features/robots/offer.ts";
import { listRobots } from "../../features/robots/queries.server.ts";
import { publicPaths } from "../../lib/public-routes.ts";
import { getSiteConfig } from "../../lib/site-config.server.ts";
import { buildSitemap } from "../../lib/sitemap.ts";

export async function loader() {
  const [posts, robots] = await Promise.all([listPublishedPostSlugs(), listRobots()]);
  // Agent pages under their current slugs (a renamed robot's old path answers 301).
  const agentPaths = new Map(
    agentOffers(robots).map((o) => [href("/agentes/:slug", { slug: o.id }), o.slug]),
  );
  const xml = buildSitemap(getSiteConfig().siteUrl, [
    ...publicPaths.map((path) => {
      const slug = agentPaths.get(path);
      return { path: slug ? href("/agentes/:slug", { slug }) : path };
    }),
    ...posts.map((post) => ({
      path: href("/blog/:slug", { slug: post.slug }),
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

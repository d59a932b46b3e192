import { href } from "react-router";
import { blogCopy } from "../../content/blog.ts";
import { listPublishedPosts } from "../../features/posts/queries.server.ts";
import { blogFeedPath } from "../../lib/public-routes.ts";
import { buildRss } from "../../lib/rss.ts";
import { pageTitle } from "../../lib/seo.ts";
import { getSiteConfig } from "../../lib/site-config.server.ts";

// /blog/rss.xml: the published posts, newest first, as RSS 2.0 (linked from /blog's head).
export async function loader() {
  const { siteUrl } = getSiteConfig();
  const posts = await listPublishedPosts();
  const xml = buildRss(
    {
      title: pageTitle(blogCopy.meta.title),
      description: blogCopy.meta.description,
      link: `${siteUrl}${href("/blog")}`,
      feedUrl: `${siteUrl}${blogFeedPath}`,
    },
    posts.map((post) => ({
      title: post.title,
      link: `${siteUrl}${href("/blog/:slug", { slug: post.slug })}`,
      description: post.excerpt ?? "",
      category: post.category,
      publishedAt: post.publishedAt ?? post.createdAt,
    })),
  );
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}

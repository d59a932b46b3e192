import type { blogPosts } from "../../../db/schema.ts";
import { formatDate } from "../../lib/format.ts";
import { httpUrlOrNull } from "../../lib/url.ts";
import { readTimeMinutes } from "./read-time.ts";

export type PostRow = typeof blogPosts.$inferSelect;

/** What a post card and a post page show, computed on the server (dates in São Paulo time). */
export function toPostCard(post: PostRow) {
  const date = post.publishedAt ?? post.createdAt;
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt ?? "",
    category: post.category,
    author: post.author,
    date: formatDate(date),
    isoDate: date.toISOString(),
    readTimeMinutes: readTimeMinutes(post.content),
    imageUrl: httpUrlOrNull(post.featuredImageUrl, { httpsOnly: true }),
  };
}

export type PostCard = ReturnType<typeof toPostCard>;

import { and, eq, sql } from "drizzle-orm";
import { blogPosts, type PostCategory } from "../../../db/schema.ts";
import { getDb } from "../../lib/db.server.ts";

// Public reads: drafts never leave the database through these (DESIGN.md decision 8).
const newestFirst = [
  sql`${blogPosts.publishedAt} desc nulls last`,
  sql`${blogPosts.createdAt} desc`,
] as const;

/** Published posts, newest first by published_at, optionally of one category. */
export async function listPublishedPosts(category?: PostCategory | null) {
  const db = await getDb();
  return db
    .select()
    .from(blogPosts)
    .where(
      and(eq(blogPosts.isPublished, true), category ? eq(blogPosts.category, category) : undefined),
    )
    .orderBy(...newestFirst);
}

/** The published post with this slug, or undefined (drafts included in "undefined"). */
export async function getPublishedPostBySlug(slug: string) {
  const db = await getDb();
  const [post] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.isPublished, true)))
    .limit(1);
  return post;
}

/** Slugs and dates of published posts, for the sitemap. */
export async function listPublishedPostSlugs() {
  const db = await getDb();
  return db
    .select({
      slug: blogPosts.slug,
      publishedAt: blogPosts.publishedAt,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.isPublished, true))
    .orderBy(...newestFirst);
}

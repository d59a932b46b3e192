import { eq, isNull, sql } from "drizzle-orm";
import type { Database } from "./database.ts";
import { blogPosts, robots } from "./schema.ts";
import { seedPosts, seedRobots } from "./seed-data.ts";

/**
 * Fills empty tables with the three agents and the three sample posts, and stores the HTML
 * of posts saved without it. It runs at every start and only ever fills a table that is
 * empty, so rows edited or re-slugged by an admin are never brought back
 * (docs/decisions/005-seed-only-empty-tables.md).
 */
export async function seed(db: Database): Promise<void> {
  // The Markdown renderer (marked, sanitize-html) loads only when a post needs its HTML, not
  // with every server (docs/decisions/111).
  const markdown = () => import("../app/features/posts/markdown.server.ts");
  const [robotCount] = await db.select({ n: sql<number>`count(*)::int` }).from(robots);
  if (robotCount?.n === 0) {
    await db
      .insert(robots)
      .values(seedRobots.map((robot) => ({ ...robot })))
      .onConflictDoNothing();
  }
  const [postCount] = await db.select({ n: sql<number>`count(*)::int` }).from(blogPosts);
  if (postCount?.n === 0) {
    const { backfillPostHtml } = await markdown();
    await db
      .insert(blogPosts)
      .values(
        seedPosts.map(({ publishedAt, ...post }) => ({
          ...post,
          contentHtml: backfillPostHtml(post.content),
          isPublished: true,
          publishedAt: new Date(publishedAt),
          createdAt: new Date(publishedAt),
        })),
      )
      .onConflictDoNothing();
  }
  // Posts saved before their HTML was stored (migration 0001) get it once.
  const unrendered = await db
    .select({ id: blogPosts.id, content: blogPosts.content })
    .from(blogPosts)
    .where(isNull(blogPosts.contentHtml));
  if (unrendered.length === 0) return;
  const { backfillPostHtml } = await markdown();
  for (const post of unrendered) {
    await db
      .update(blogPosts)
      .set({ contentHtml: backfillPostHtml(post.content) })
      .where(eq(blogPosts.id, post.id));
  }
}

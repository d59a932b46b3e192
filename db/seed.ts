import { sql } from "drizzle-orm";
import type { Database } from "./database.ts";
import { blogPosts, robots } from "./schema.ts";
import { seedPosts, seedRobots } from "./seed-data.ts";

/**
 * Fills empty tables with the three agents and the three sample posts. It runs at every start
 * and only ever fills a table that is empty, so rows edited or re-slugged by an admin are
 * never brought back (docs/decisions/005-seed-only-empty-tables.md). The posts' HTML is
 * rendered when a post is first read (features/posts/queries.server.ts): the seed is data
 * and imports no feature code (docs/decisions/124).
 */
export async function seed(db: Database): Promise<void> {
  const [robotCount] = await db.select({ n: sql<number>`count(*)::int` }).from(robots);
  if (robotCount?.n === 0) {
    await db
      .insert(robots)
      .values(seedRobots.map((robot) => ({ ...robot })))
      .onConflictDoNothing();
  }
  const [postCount] = await db.select({ n: sql<number>`count(*)::int` }).from(blogPosts);
  if (postCount?.n === 0) {
    await db
      .insert(blogPosts)
      .values(
        seedPosts.map(({ publishedAt, ...post }) => ({
          ...post,
          isPublished: true,
          publishedAt: new Date(publishedAt),
          createdAt: new Date(publishedAt),
        })),
      )
      .onConflictDoNothing();
  }
}

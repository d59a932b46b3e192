import { asc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blogPosts, robots } from "../../../db/schema.ts";
import { seed } from "../../../db/seed.ts";
import { getDb, pingDatabase } from "./db.server.ts";

describe("database", () => {
  it("answers a ping", async () => {
    expect(await pingDatabase()).toBe(true);
  });

  it("is seeded with the three robots and three published posts", async () => {
    const db = await getDb();
    const robotRows = await db.select().from(robots).orderBy(asc(robots.slug));
    expect(robotRows.map((r) => [r.slug, r.price])).toEqual([
      ["midaspulse", "179.00"],
      ["trendkey-btc", "249.00"],
      ["yenmax", "199.00"],
    ]);
    const posts = await db.select().from(blogPosts);
    expect(posts).toHaveLength(3);
    expect(posts.every((p) => p.isPublished && p.publishedAt)).toBe(true);
  });

  it("seeds idempotently and never brings back a re-slugged robot", async () => {
    const db = await getDb();
    await db.update(robots).set({ slug: "yenmax-v2" }).where(eqSlug("yenmax"));
    await seed(db);
    await seed(db);
    const slugs = (await db.select({ slug: robots.slug }).from(robots)).map((r) => r.slug);
    expect(slugs.sort()).toEqual(["midaspulse", "trendkey-btc", "yenmax-v2"]);
    expect(await db.select().from(blogPosts)).toHaveLength(3);
  });
});

function eqSlug(slug: string) {
  return sql`${robots.slug} = ${slug}`;
}

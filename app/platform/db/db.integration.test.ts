import { asc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blogPosts, robots } from "../../../db/schema.ts";
import { seed } from "../../../db/seed.ts";
import { getDb, pingDatabase, withTransaction } from "./db.server.ts";

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

  // On PGlite the client itself reads these types as text, and drizzle's queries run without
  // parsers of their own (docs/decisions/490): what drizzle maps must be what it gets on
  // PostgreSQL, in a transaction as outside one.
  it("reads timestamps, dates, intervals and their arrays as text for drizzle, as PostgreSQL does", async () => {
    const query = sql`select '2026-01-02 03:04:05+00'::timestamptz as at,
      '2026-01-02 03:04:05'::timestamp as ts, '2026-01-02'::date as d, '1 day'::interval as i,
      array['2026-01-02'::date] as ds, array[1.5]::numeric[] as ns,
      array['2026-01-02 03:04:05+00'::timestamptz] as ats, '\\x0102'::bytea as b`;
    const expected = {
      at: "2026-01-02 03:04:05+00",
      ts: "2026-01-02 03:04:05",
      d: "2026-01-02",
      i: "1 day",
      ds: "{2026-01-02}",
      ns: "{1.5}",
      ats: '{"2026-01-02 03:04:05+00"}',
      b: Buffer.from([1, 2]),
    };
    const rows = (result: unknown) => (result as { rows: unknown[] }).rows;
    const db = await getDb();
    expect(rows(await db.execute(query))).toEqual([expected]);
    expect(rows(await withTransaction((tx) => tx.execute(query)))).toEqual([expected]);
    const [row] = await db
      .select({ createdAt: robots.createdAt })
      .from(robots)
      .where(eqSlug("yenmax"));
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(Number.isNaN(row?.createdAt.getTime())).toBe(false);
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

import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createPost, updatePost } from "../../features/posts/queries.server.ts";
import { listRobots, updateRobot } from "../../features/robots/queries.server.ts";
import { getDb } from "../db/db.server.ts";
import {
  connectPublicPagesRelay,
  keptUntilPublicDataChanges,
  onPublicPagesChanged,
  type PublicPagesRelay,
} from "./public-pages.server.ts";

// Public data changes reach the page cache from the database itself: triggers on the tables
// public pages read NOTIFY at commit, whoever wrote (docs/decisions/221), and every listening
// process hears it (server/page-cache.test.ts shows the cache obeying the signal). On
// PostgreSQL other server processes are stood in for by relays of their own.
const heard: string[] = [];
onPublicPagesChanged((reason) => heard.push(reason));
const relays: PublicPagesRelay[] = [];

afterEach(async () => {
  heard.length = 0;
  await Promise.all(relays.splice(0).map((relay) => relay.close()));
});

const post = {
  title: "Sinal de mudança",
  slug: "sinal-de-mudanca",
  content: "Texto.",
  contentHtml: "<p>Texto.</p>",
  excerpt: null,
  featuredImageUrl: null,
  category: "Mercado",
  author: "Equipe",
  isPublished: false,
} as const;

async function yenmax() {
  const robot = (await listRobots()).find((row) => row.slug === "yenmax");
  if (!robot) throw new Error("seeded robot missing");
  return robot;
}

/** Lets any notification still on its way arrive. */
async function settle() {
  await (await getDb()).execute(sql`select 1`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}

describe("public pages changed", () => {
  it("is said by the database on a robot's update, not by an update that changed no row", async () => {
    const robot = await yenmax();
    await settle();
    heard.length = 0;
    const update = { ...robot, price: 150 };
    expect(await updateRobot("00000000-0000-0000-0000-000000000000", update)).toEqual({
      ok: false,
      reason: "not-found",
    });
    await settle();
    expect(heard).toEqual([]);
    expect(await updateRobot(robot.id, update)).toEqual({ ok: true });
    await expect.poll(() => heard).toEqual(["robots"]);
  });

  it("is said on a post's creation and update", async () => {
    const created = await createPost(post);
    if (!created.ok) throw new Error("post not created");
    await expect.poll(() => heard).toEqual(["blog_posts"]);
    expect(await updatePost(created.id, { ...post, isPublished: true })).toMatchObject({
      ok: true,
    });
    await expect.poll(() => heard).toEqual(["blog_posts", "blog_posts"]);
  });

  it("is said for a write in plain SQL that no app code made", async () => {
    const url = process.env.DATABASE_URL;
    if (url) {
      // Another program on the same PostgreSQL.
      const outside = new pg.Client({ connectionString: url });
      await outside.connect();
      try {
        await outside.query("update robots set description = description || '.' where slug = $1", [
          "yenmax",
        ]);
        await outside.query("update invitations set status = status");
      } finally {
        await outside.end();
      }
    } else {
      await (await getDb()).execute(sql`update robots set capacity = 9 where slug = 'yenmax'`);
    }
    await expect.poll(() => heard).toEqual(["robots"]);
  });

  it.runIf(process.env.DATABASE_URL)(
    "reaches every server process on the same PostgreSQL",
    async () => {
      await getDb();
      const url = process.env.DATABASE_URL as string;
      const first: string[] = [];
      const second: string[] = [];
      relays.push(await connectPublicPagesRelay(url, (reason) => first.push(reason)));
      relays.push(await connectPublicPagesRelay(url, (reason) => second.push(reason)));

      const robot = await yenmax();
      await updateRobot(robot.id, { ...robot, price: 151 });
      for (const oneProcess of [heard, first, second]) {
        await expect.poll(() => oneProcess).toEqual(["robots"]);
      }
    },
  );

  it("empties what public pages read, and keeps no reading a change overtook", async () => {
    const kept = keptUntilPublicDataChanges<number>(64);
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    expect(await kept("a", read)).toBe(1);
    expect(await kept("a", read)).toBe(1);
    // A change while a reading is under way: that reading is answered, not kept.
    const robot = await yenmax();
    const overtaken = await kept("b", async () => {
      expect(await updateRobot(robot.id, { ...robot, price: 151 })).toMatchObject({ ok: true });
      await expect.poll(() => heard).toContain("robots");
      return ++reads;
    });
    expect(overtaken).toBe(2);
    expect(await kept("b", read)).toBe(3);
    expect(await kept("b", read)).toBe(3);
    // The change dropped what was kept before it.
    expect(await kept("a", read)).toBe(4);
  });
});

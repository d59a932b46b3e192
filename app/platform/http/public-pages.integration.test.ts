import { afterEach, describe, expect, it } from "vitest";
import { createPost, updatePost } from "../../features/posts/queries.server.ts";
import { listRobots, updateRobot } from "../../features/robots/queries.server.ts";
import { getDb } from "../db/db.server.ts";
import {
  connectPublicPagesRelay,
  onPublicPagesChanged,
  type PublicPagesRelay,
  publicPagesChanged,
} from "./public-pages.server.ts";

// Every admin change of what public pages show empties the page cache, which listens to
// this signal (server/page-cache.test.ts shows the cache obeying it). On PostgreSQL the
// signal also reaches other server processes, here stood in for by a second connection.
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

describe("public pages changed", () => {
  it("is signalled by a robot's update, not by an update that changed nothing", async () => {
    const robot = await yenmax();
    const update = { ...robot, price: 150 };
    expect(await updateRobot(robot.id, update)).toEqual({ ok: true });
    expect(heard).toEqual(["robot updated"]);
    expect(await updateRobot("00000000-0000-0000-0000-000000000000", update)).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(heard).toEqual(["robot updated"]);
  });

  it("is signalled by a post's creation and update", async () => {
    const created = await createPost(post);
    if (!created.ok) throw new Error("post not created");
    expect(heard).toEqual(["post created"]);
    expect(await updatePost(created.id, { ...post, isPublished: true })).toMatchObject({
      ok: true,
    });
    expect(heard).toEqual(["post created", "post updated"]);
    // A refused write (the slug is taken) changes nothing.
    await createPost(post);
    expect(heard).toEqual(["post created", "post updated"]);
  });

  it.runIf(process.env.DATABASE_URL)(
    "reaches the other processes on the same PostgreSQL, and theirs reach this one",
    async () => {
      await getDb();
      const url = process.env.DATABASE_URL as string;
      const other: string[] = [];
      const otherProcess = await connectPublicPagesRelay(url, (reason) => other.push(reason));
      relays.push(otherProcess);

      const robot = await yenmax();
      await updateRobot(robot.id, { ...robot, price: 151 });
      await expect.poll(() => other).toEqual(["robot updated"]);

      await otherProcess.send("invitation accepted");
      await expect.poll(() => heard).toEqual(["robot updated", "invitation accepted"]);
      // Its own NOTIFY does not come back to the process that sent it.
      expect(other).toEqual(["robot updated"]);
      publicPagesChanged("signal");
      await expect.poll(() => other).toEqual(["robot updated", "signal"]);
    },
  );
});

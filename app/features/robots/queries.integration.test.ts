import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { robots } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { loader as agentLoader } from "../../routes/site/agent.tsx";
import { agentOffers } from "./offer.ts";
import { getRobotAndPublicationBySlug } from "../performance/queries.server.ts";
import { listRobots, movedAgentSlug, updateRobot } from "./queries.server.ts";
import type { RobotUpdate } from "./schema.ts";

async function robotByKey(key: string) {
  const db = await getDb();
  const [row] = await db.select().from(robots).where(eq(robots.key, key));
  if (!row) throw new Error(`no robot ${key}`);
  return row;
}

function edit(row: typeof robots.$inferSelect, changes: Partial<RobotUpdate>): RobotUpdate {
  return {
    name: row.name,
    slug: row.slug,
    description: row.description,
    logoUrl: row.logoUrl,
    myfxbookLink: row.myfxbookLink,
    price: row.price === null ? null : Number(row.price),
    capacity: row.capacity,
    ...changes,
  };
}

/** The agent page's loader as the router calls it: its data, or the Response it throws. */
async function agentPageFor(slug: string) {
  try {
    const args = { params: { slug } } as unknown as Parameters<typeof agentLoader>[0];
    return { data: await agentLoader(args) };
  } catch (thrown) {
    if (thrown instanceof Response) return { response: thrown };
    const status = (thrown as { init?: { status?: number } }).init?.status;
    return { response: new Response(null, { status }) };
  }
}

describe("robot queries", () => {
  it("lists the seeded robots in the public site's order, whatever their creation times", async () => {
    const db = await getDb();
    await db
      .update(robots)
      .set({ createdAt: new Date("2030-01-01T00:00:00Z") })
      .where(eq(robots.slug, "trendkey-btc"));
    const rows = await listRobots();
    expect(rows.map((row) => [row.key, row.capacity, row.freeSpots])).toEqual([
      ["yenmax", null, null],
      ["midaspulse", null, null],
      ["trendkey-btc", 20, 20],
    ]);
  });

  it("finds a robot by slug, and nothing for an unknown slug", async () => {
    const yenmax = await getRobotAndPublicationBySlug("yenmax");
    expect(yenmax?.robot).toMatchObject({
      name: "YenMax Agent",
      price: "199.00",
      myfxbookLink: null,
    });
    expect(yenmax?.published).toBeUndefined();
    expect(await getRobotAndPublicationBySlug("nao-existe")).toBeUndefined();
  });

  it("feeds edited prices, names and links to the public offers", async () => {
    const db = await getDb();
    await db
      .update(robots)
      .set({ price: "100.00", name: "YenMax 2", myfxbookLink: "https://www.myfxbook.com/y" })
      .where(eq(robots.slug, "yenmax"));
    await db.update(robots).set({ price: null }).where(eq(robots.slug, "trendkey-btc"));
    const offers = agentOffers(await listRobots());
    expect(offers.map((o) => [o.id, o.name, o.price?.partner ?? null, o.myfxbookUrl])).toEqual([
      ["yenmax", "YenMax 2", "US$\u00a075,00", "https://www.myfxbook.com/y"],
      ["midaspulse", "MidasPulse Agent", "US$\u00a0134,25", null],
      ["trendkey-btc", "TrendKey BTC", null, null],
    ]);
  });
});

describe("renaming a robot's slug", () => {
  it("keeps the robot on its page under the new slug; old slugs answer 301", async () => {
    const midas = await robotByKey("midaspulse");
    await setPrice(midas.id, "179.00");
    expect(await updateRobot(midas.id, edit(midas, { slug: "midas-pulse" }))).toEqual({
      ok: true,
    });
    const renamed = await robotByKey("midaspulse");
    expect(renamed.slug).toBe("midas-pulse");

    const page = await agentPageFor("midas-pulse");
    expect(page.data?.offer).toMatchObject({
      id: "midaspulse",
      slug: "midas-pulse",
      price: { monthly: "US$\u00a0179,00", partner: "US$\u00a0134,25" },
    });

    const old = await agentPageFor("midaspulse");
    expect(old.response?.status).toBe(301);
    expect(old.response?.headers.get("location")).toBe("/agentes/midas-pulse");

    // A second rename: both earlier slugs lead to the newest.
    expect(await updateRobot(midas.id, edit(renamed, { slug: "midas" }))).toEqual({ ok: true });
    for (const slug of ["midaspulse", "midas-pulse"]) {
      expect(await movedAgentSlug(slug)).toBe("midas");
    }
    // The public offers still find it by key, with links to the current slug.
    expect(agentOffers(await listRobots())[1]).toMatchObject({ id: "midaspulse", slug: "midas" });
    expect((await agentPageFor("nao-existe")).response?.status).toBe(404);
  });

  it("lets another robot take a retired slug, which then leads to it", async () => {
    const yenmax = await robotByKey("yenmax");
    expect(await updateRobot(yenmax.id, edit(yenmax, { slug: "midas-pulse" }))).toEqual({
      ok: true,
    });
    const page = await agentPageFor("midas-pulse");
    expect(page.data?.offer.id).toBe("yenmax");
    expect(await movedAgentSlug("yenmax")).toBe("midas-pulse");
  });
});

describe("a robot's capacity", () => {
  it("is saved from the dialog, kept when the form lacks the field, emptied for unlimited", async () => {
    const trendkey = await robotByKey("trendkey-btc");
    expect(await updateRobot(trendkey.id, edit(trendkey, { capacity: 2 }))).toEqual({ ok: true });
    expect((await robotByKey("trendkey-btc")).capacity).toBe(2);
    expect(await updateRobot(trendkey.id, edit(trendkey, { capacity: undefined }))).toEqual({
      ok: true,
    });
    expect((await robotByKey("trendkey-btc")).capacity).toBe(2);
    expect(await updateRobot(trendkey.id, edit(trendkey, { capacity: null }))).toEqual({
      ok: true,
    });
    expect((await robotByKey("trendkey-btc")).capacity).toBeNull();
  });
});

async function setPrice(id: string, price: string) {
  const db = await getDb();
  await db.update(robots).set({ price }).where(eq(robots.id, id));
}

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { robots } from "../../../db/schema.ts";
import { getDb } from "../../lib/db.server.ts";
import { agentOffers } from "./offer.ts";
import { getRobotBySlug, listRobots } from "./queries.server.ts";

describe("robot queries", () => {
  it("lists the seeded robots, newest first", async () => {
    const db = await getDb();
    await db
      .update(robots)
      .set({ createdAt: new Date("2030-01-01T00:00:00Z") })
      .where(eq(robots.slug, "midaspulse"));
    const rows = await listRobots();
    expect(rows).toHaveLength(3);
    expect(rows[0]?.slug).toBe("midaspulse");
    expect(rows.map((row) => row.slug).sort()).toEqual(["midaspulse", "trendkey-btc", "yenmax"]);
  });

  it("finds a robot by slug, and nothing for an unknown slug", async () => {
    const yenmax = await getRobotBySlug("yenmax");
    expect(yenmax).toMatchObject({ name: "YenMax Agent", price: "199.00", myfxbookLink: null });
    expect(await getRobotBySlug("nao-existe")).toBeUndefined();
  });

  it("feeds edited prices, names and links to the public offers", async () => {
    const db = await getDb();
    await db
      .update(robots)
      .set({ price: "100.00", name: "YenMax 2", myfxbookLink: "https://www.myfxbook.com/y" })
      .where(eq(robots.slug, "yenmax"));
    await db.update(robots).set({ price: null }).where(eq(robots.slug, "trendkey-btc"));
    const offers = agentOffers(await listRobots());
    expect(offers.map((o) => [o.id, o.name, o.discountedPrice, o.myfxbookUrl])).toEqual([
      ["yenmax", "YenMax 2", 75, "https://www.myfxbook.com/y"],
      ["midaspulse", "MidasPulse Agent", 134.25, null],
      ["trendkey-btc", "TrendKey BTC", null, null],
    ]);
  });
});

import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { waitlist } from "../../../db/schema.ts";
import { getDb, withTransaction } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { waitlistFigures } from "./admin-figures.server.ts";
import { waitlistFilterSchema } from "./admin-filters.ts";
import { listWaitlistPage, setWaitlistStatuses } from "./admin-queries.server.ts";

// The list's figures on both databases (docs/decisions/145): the trigger-kept
// waitlist_tallies table agrees with grouping the matching rows live (a search for "@" matches
// everyone and takes that path), after inserts, status changes, confirmations, edits and
// deletes, for every filter part it answers; past 10,000 matches every figure stays exact.
const filter = (query: string) =>
  waitlistFilterSchema.parse(Object.fromEntries(new URLSearchParams(query)));
const NOW = new Date("2026-11-20T15:00:00Z");

/** The same figures, grouped live from the waitlist rows. */
async function grouped(query: string) {
  return waitlistFigures({ ...filter(query), q: "@" }, undefined, NOW);
}

beforeAll(async () => {
  const db = await getDb();
  await db.insert(waitlist).values(
    Array.from({ length: 40 }, (_, i) => ({
      name: `Contagem ${i}`,
      email: `contagem${i}@exemplo.com`,
      interestedAgents: [[], ["yenmax"], ["trendkey-btc", "midaspulse"], ["yenmax", "midaspulse"]][
        i % 4
      ]!,
      status: (["pending", "contacted", "converted"] as const)[i % 3],
      source: i % 5 === 0 ? "Instagram" : i % 5 === 1 ? "instagrám" : null,
      confirmedAt: i % 2 === 0 ? new Date() : null,
      termsAcceptedAt: new Date(),
      // Two sign-ups a day from 2026-11-01; 02:30 UTC is still the day before in São Paulo.
      createdAt: new Date(Date.UTC(2026, 10, 1 + Math.floor(i / 2), i % 2 === 0 ? 2 : 14, 30)),
    })),
  );
  await db.insert(waitlist).values({
    name: "Pioneira",
    email: "pioneira@exemplo.com",
    termsAcceptedAt: new Date(),
    createdAt: new Date("2026-02-02T15:00:00Z"),
  });
});

const tallied = [
  "",
  "?status=contacted",
  "?agente=yenmax",
  "?agente=midaspulse&status=pending",
  "?de=2026-11-05&ate=2026-11-12",
  "?origem=INSTAGRAM",
  "?confirmado=nao&agente=trendkey-btc",
  "?de=2026-11-03&origem=instagram&confirmado=sim&status=pending",
  // A period drawn per week.
  "?de=2026-02-04&ate=2026-11-20",
];

describe("waitlist figures", () => {
  it.each(tallied)("from the tallies equal the live grouping for %s", async (query) => {
    expect(await waitlistFigures(filter(query), undefined, NOW)).toEqual(await grouped(query));
  });

  it("stay exact after status changes, confirmations, edits, new sign-ups and deletes", async () => {
    const db = await getDb();
    const before = await waitlistFigures(filter(""), undefined, NOW);
    const ids = (
      await db
        .select({ id: waitlist.id })
        .from(waitlist)
        .where(eq(waitlist.status, "pending"))
        .limit(5)
    ).map((row) => row.id);
    await withTransaction((tx) => setWaitlistStatuses(tx, ids, "converted", "a@b.c"));
    await db
      .update(waitlist)
      .set({ interestedAgents: ["trendkey-btc"], source: "google" })
      .where(inArray(waitlist.id, ids.slice(0, 2)));
    await db.update(waitlist).set({ confirmedAt: null }).where(eq(waitlist.id, ids[2]!));
    await db.update(waitlist).set({ confirmedAt: new Date() }).where(eq(waitlist.id, ids[3]!));
    // An edit of no counted column changes nothing.
    await db.update(waitlist).set({ message: "olá" }).where(eq(waitlist.id, ids[3]!));
    await db.insert(waitlist).values({
      name: "Nova",
      email: "nova-contagem@exemplo.com",
      interestedAgents: ["yenmax"],
      termsAcceptedAt: new Date(),
      createdAt: new Date("2026-11-19T12:00:00Z"),
    });
    await db.delete(waitlist).where(eq(waitlist.id, ids[4]!));
    // A transaction rolled back leaves the figures as they were.
    await expect(
      withTransaction(async (tx) => {
        await setWaitlistStatuses(tx, ids.slice(0, 1), "contacted", "a@b.c");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");

    const after = await waitlistFigures(filter(""), undefined, NOW);
    expect(after.byStatus.converted).toBe(before.byStatus.converted + 4);
    expect(after.byStatus.pending).toBe(before.byStatus.pending - 5 + 1);
    expect(after.total).toBe(before.total);
    for (const query of tallied) {
      expect(await waitlistFigures(filter(query), undefined, NOW)).toEqual(await grouped(query));
    }
  });

  it("filter by utm_medium and utm_campaign, ignoring case and accents, in the list and its figures", async () => {
    const db = await getDb();
    await db.insert(waitlist).values(
      ["Black-Friday", "black-fríday", "natal"].map((campaign, i) => ({
        name: `Campanha ${i}`,
        email: `campanha${i}@exemplo.com`,
        utmMedium: i === 2 ? "stories" : "E-mail",
        utmCampaign: campaign,
        termsAcceptedAt: new Date(),
        createdAt: new Date("2026-11-18T15:00:00Z"),
      })),
    );
    const names = async (query: string) =>
      (await listWaitlistPage(filter(query))).rows.map((row) => row.name).sort();
    expect(await names("?campanha=BLACK-FRIDAY")).toEqual(["Campanha 0", "Campanha 1"]);
    expect(await names("?meio=e-mail&campanha=black-friday")).toEqual(["Campanha 0", "Campanha 1"]);
    expect(await names("?meio=STORIES")).toEqual(["Campanha 2"]);
    expect((await waitlistFigures(filter("?campanha=black-friday"), undefined, NOW)).total).toBe(2);
    expect(() => filter(`?campanha=${"x".repeat(101)}`)).toThrow();
  });

  it("summarise the filter: per status, agent, source and sign-ups per São Paulo day", async () => {
    const db = await getDb();
    const figures = await waitlistFigures(filter("?de=2026-10-31&ate=2026-11-06"), undefined, NOW);
    const [exact] = rowsOf<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from waitlist
         where (created_at at time zone 'America/Sao_Paulo')::date between '2026-10-31' and '2026-11-06'`),
    );
    expect(figures.total).toBe(exact!.n);
    expect(figures.summary.total).toBe(figures.total);
    const { chart } = figures.summary;
    expect(chart).toMatchObject({ from: "2026-10-31", to: "2026-11-06", unit: "day" });
    expect(chart.points.map((point) => point.start)).toEqual([
      "2026-10-31",
      "2026-11-01",
      "2026-11-02",
      "2026-11-03",
      "2026-11-04",
      "2026-11-05",
      "2026-11-06",
    ]);
    // 02:30 UTC on 1 November is 31 October in São Paulo: one sign-up that day, then two a day.
    expect(chart.points.map((point) => point.n).slice(0, 3)).toEqual([1, 2, 2]);
    expect(chart.points.reduce((sum, point) => sum + point.n, 0)).toBe(figures.total);
    // Sources ignore case and accents in the filter, and are listed as stored.
    const instagram = await waitlistFigures(filter("?origem=ÍNSTAGRAM"), undefined, NOW);
    expect(instagram.summary.topSources.map((row) => row.source).sort()).toEqual([
      "Instagram",
      "instagrám",
    ]);
    // A long period is drawn per week or month, from the first sign-up at the earliest;
    // without a period, the last 30 days.
    const since1900 = await waitlistFigures(
      filter("?de=1900-01-01&ate=2026-11-20"),
      undefined,
      NOW,
    );
    expect(since1900.summary.chart).toMatchObject({ from: "2026-02-02", unit: "week" });
    expect(since1900.summary.chart.points[0]).toEqual({ start: "2026-02-02", n: 1 });
    const recent = (await waitlistFigures(filter(""), undefined, NOW)).summary.chart;
    expect(recent).toMatchObject({ from: "2026-10-22", to: "2026-11-20", unit: "day" });
    expect(recent.points).toHaveLength(30);
  });

  it("find every word of a search anywhere in the name, and ignore case and accents in Origem", async () => {
    const db = await getDb();
    await db.insert(waitlist).values([
      { name: "Maria da Silva Santos", email: "mds@exemplo.com", termsAcceptedAt: new Date() },
      { name: "Mariana Souza", email: "silvana@exemplo.com", termsAcceptedAt: new Date() },
      { name: "João Silva", email: "js@exemplo.com", termsAcceptedAt: new Date() },
    ]);
    const names = async (query: string) =>
      (await listWaitlistPage(filter(query))).rows.map((row) => row.name).sort();
    expect(await names("?q=maria silva")).toEqual(["Maria da Silva Santos", "Mariana Souza"]);
    expect(await names("?q=MARIA   santos")).toEqual(["Maria da Silva Santos"]);
    expect((await waitlistFigures(filter("?q=maria silva"), undefined, NOW)).total).toBe(2);
    const instagram = await waitlistFigures(filter("?origem=instagram"), undefined, NOW);
    expect(instagram.total).toBeGreaterThan(10);
    expect((await listWaitlistPage(filter("?origem=Instagrám"))).rows).toHaveLength(
      instagram.total,
    );
  });

  it("stay exact past 10,000 matches, for a search as for the whole list", async () => {
    const db = await getDb();
    const before = await waitlistFigures(filter(""), undefined, NOW);
    await db.execute(sql`
      insert into waitlist (name, email, interested_agents, status, terms_accepted_at)
      select 'Massa ' || i, 'massa' || i || '@exemplo.com', array['yenmax'],
             case when i % 4 = 0 then 'converted' else 'pending' end, now()
        from generate_series(1, 10005) as i`);
    const searched = await waitlistFigures(filter("?q=massa"), undefined, NOW);
    expect(searched.total).toBe(10_005);
    expect(searched.byStatus).toEqual({ pending: 7504, contacted: 0, converted: 2501 });
    expect(searched.byAgent).toEqual({ yenmax: 10_005, midaspulse: 0, "trendkey-btc": 0 });
    const converted = await waitlistFigures(filter("?q=massa&status=converted"), undefined, NOW);
    expect(converted.total).toBe(2501);
    const all = await waitlistFigures(filter(""), undefined, NOW);
    expect(all.total).toBe(before.total + 10_005);
  });
});

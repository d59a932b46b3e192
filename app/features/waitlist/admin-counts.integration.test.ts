import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { waitlist } from "../../../db/schema.ts";
import { getDb, withTransaction } from "../../platform/db/db.server.ts";
import { waitlistFilterSchema } from "./admin-filters.ts";
import {
  COUNT_SCAN_LIMIT,
  countWaitlist,
  setWaitlistStatuses,
  waitlistSummary,
} from "./admin-queries.server.ts";

// The list's counts on both databases (docs/decisions/074, 075): the trigger-kept
// waitlist_counts table agrees with a scan after inserts, status changes, edits and deletes;
// a filter it cannot answer scans, and stops at COUNT_SCAN_LIMIT.
const filter = (query: string) =>
  waitlistFilterSchema.parse(Object.fromEntries(new URLSearchParams(query)));

/** The same figures, counted the slow way (with `limit: null`, i.e. exact). */
async function scanned(query: string) {
  const counts = await countWaitlist({ ...filter(query), q: "@" });
  return { ...counts, limit: null };
}

beforeAll(async () => {
  const db = await getDb();
  await db.insert(waitlist).values(
    Array.from({ length: 40 }, (_, i) => ({
      name: `Contagem ${i}`,
      email: `contagem${i}@exemplo.com`,
      interestedAgents: [[], ["yenmax"], ["midaspulse", "trendkey-btc"], ["yenmax", "midaspulse"]][
        i % 4
      ]!,
      status: (["pending", "contacted", "converted"] as const)[i % 3],
      source: i % 5 === 0 ? "instagram" : null,
      termsAcceptedAt: new Date(),
    })),
  );
});

describe("waitlist counts", () => {
  const tableAnswered = [
    "",
    "?status=contacted",
    "?agente=yenmax",
    "?agente=midaspulse&status=pending",
  ];

  it.each(tableAnswered)("come from the table, exact, for %s", async (query) => {
    const counts = await countWaitlist(filter(query));
    expect(counts).toEqual(await scanned(query));
    expect(counts.limit).toBeNull();
  });

  it("stay exact after status changes, edits, new sign-ups and deletes", async () => {
    const db = await getDb();
    const before = await countWaitlist(filter(""));
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
    // An edit of no counted column changes nothing.
    await db.update(waitlist).set({ confirmedAt: new Date() }).where(eq(waitlist.id, ids[2]!));
    await db.insert(waitlist).values({
      name: "Nova",
      email: "nova-contagem@exemplo.com",
      interestedAgents: ["yenmax"],
      termsAcceptedAt: new Date(),
    });
    await db.delete(waitlist).where(eq(waitlist.id, ids[4]!));
    // A transaction rolled back leaves the figures as they were.
    await expect(
      withTransaction(async (tx) => {
        await setWaitlistStatuses(tx, ids.slice(0, 1), "contacted", "a@b.c");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");

    const after = await countWaitlist(filter(""));
    expect(after.byStatus!.converted).toBe(before.byStatus!.converted + 4);
    expect(after.byStatus!.pending).toBe(before.byStatus!.pending - 5 + 1);
    expect(after.total).toBe(before.total);
    for (const query of tableAnswered) {
      expect(await countWaitlist(filter(query))).toEqual(await scanned(query));
    }
  });

  it("give the summary: the whole list per status, agent and source", async () => {
    const db = await getDb();
    const summary = await waitlistSummary();
    const exact = await scanned("");
    expect(summary.total).toBe(exact.total);
    expect(summary.byStatus).toEqual(exact.byStatus);
    expect(summary.byAgent).toEqual(exact.byAgent);
    const sources = await db
      .select({
        source: sql<string>`coalesce(${waitlist.source}, '')`,
        n: sql<number>`count(*)::int`,
      })
      .from(waitlist)
      .groupBy(sql`1`)
      .orderBy(sql`2 desc`, sql`1`);
    expect(summary.topSources).toEqual(sources.slice(0, 6));
    expect(summary.otherSources).toBe(sources.slice(6).reduce((sum, { n }) => sum + n, 0));
    expect(summary.topSources.map((row) => row.source)).toContain("instagram");
  });

  it("stop at the limit when they have to scan, and say so", async () => {
    const db = await getDb();
    await db.execute(sql`
      insert into waitlist (name, email, interested_agents, terms_accepted_at)
      select 'Massa ' || i, 'massa' || i || '@exemplo.com', array['yenmax'], now()
        from generate_series(1, ${COUNT_SCAN_LIMIT + 5}) as i`);
    const searched = await countWaitlist(filter("?q=massa"));
    expect(searched.limit).toBe(COUNT_SCAN_LIMIT);
    expect(searched.total).toBe(COUNT_SCAN_LIMIT + 1);
    expect(searched.byStatus).toBeNull();
    expect(searched.byAgent).toBeNull();
    // With a facet the total is counted on its own, up to the limit.
    const converted = await countWaitlist(filter("?q=massa&status=converted"));
    expect(converted).toEqual({ total: 0, byStatus: null, byAgent: null, limit: COUNT_SCAN_LIMIT });
    const few = await countWaitlist(filter("?q=massa1234"));
    expect(few.total).toBe(1);
    // The table still answers the unfiltered list exactly.
    const all = await countWaitlist(filter(""));
    expect(all.limit).toBeNull();
    expect(all.total).toBeGreaterThan(COUNT_SCAN_LIMIT + 40);
  });
});

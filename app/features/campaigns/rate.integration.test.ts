import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  campaignMessages,
  campaigns,
  newsletterSubscribers,
  sendRates,
} from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { campaignQueue, leaseDueSql, startCampaign, takeSendSlots } from "./queue.server.ts";

describe("shared send rates", () => {
  it("grants at most one second's worth, shared by every caller of a key", async () => {
    const db = await getDb();
    // One a second: one now, then none until the second has passed.
    expect(await takeSendSlots(db, "test:slow", 1, 8)).toBe(1);
    expect(await takeSendSlots(db, "test:slow", 1, 8)).toBe(0);
    // Ten a second: at most ten over two quick calls (a slow machine may free one more).
    const first = await takeSendSlots(db, "test:fast", 10, 8);
    const second = await takeSendSlots(db, "test:fast", 10, 8);
    expect(first).toBe(8);
    expect(first + second).toBeGreaterThanOrEqual(10);
    expect(first + second).toBeLessThanOrEqual(12);
    // Another key is another bucket; a rate of 0 means no limit.
    expect(await takeSendSlots(db, "test:other", 1, 8)).toBe(1);
    expect(await takeSendSlots(db, "test:none", 0, 500)).toBe(500);
  });
});

describe("the campaign queue's claim", () => {
  it("takes from the global rate only what it sends, and nothing while nothing is due", async () => {
    const db = await getDb();
    const queue = campaignQueue(() => ({ global: 5, domain: 0 }));
    // Nothing due: the bucket is not touched.
    expect(await queue.claim(db, 16, 60_000)).toEqual([]);
    expect(await db.$count(sendRates, eq(sendRates.key, "global"))).toBe(0);

    const readers = await db
      .insert(newsletterSubscribers)
      .values(
        ["a", "b", "c"].map((name) => ({
          email: `taxa-${name}@exemplo.com.br`,
          confirmedAt: new Date(),
        })),
      )
      .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email });
    const [campaign] = await db
      .insert(campaigns)
      .values({
        subject: "Taxa",
        body: "Texto",
        status: "sending",
        createdBy: "equipe@agentesfx.test",
      })
      .returning({ id: campaigns.id });
    await db.insert(campaignMessages).values(
      readers.map((reader) => ({
        campaignId: campaign!.id,
        email: reader.email,
        subscriberId: reader.id,
        domain: "exemplo.com.br",
      })),
    );
    // Five a second are free; three are due: three go, and the two others stay in the bucket.
    const started = performance.now();
    expect(await queue.claim(db, 16, 60_000)).toHaveLength(3);
    // Without giving them back, none would be left; the bucket refills five a second, so a
    // busy machine may find more than two (the bound grows with the time that passed).
    const left = await takeSendSlots(db, "global", 5, 5);
    const refilled = Math.ceil(((performance.now() - started) / 1000) * 5);
    expect(left).toBeGreaterThanOrEqual(2);
    expect(left).toBeLessThanOrEqual(Math.min(5, 2 + refilled));
  });
});

describe("a campaign that starts", () => {
  it("leaves the claim reading its due messages in order, not sorting all of them (decision 261)", async () => {
    const db = await getDb();
    await db.execute(sql`
      insert into newsletter_subscribers (email, confirmed_at)
      select 'plano-' || i || '@exemplo.com.br', now() from generate_series(1, 5000) i`);
    const [campaign] = await db
      .insert(campaigns)
      .values({ subject: "Plano", body: "Texto", createdBy: "equipe@agentesfx.test" })
      .returning({ id: campaigns.id });
    // The readers of the test above are in its audience too.
    expect(await startCampaign(db, campaign!.id, "draft")).toBeGreaterThanOrEqual(5000);
    const plan = rowsOf<Record<string, string>>(
      await db.execute(sql`explain ${leaseDueSql(4, 60_000)}`),
    )
      .map((row) => Object.values(row).join(""))
      .join("\n");
    expect(plan).toContain("campaign_messages_due_idx");
    expect(plan).not.toMatch(/Sort/);
  });
});

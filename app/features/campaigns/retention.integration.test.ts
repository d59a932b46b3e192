import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campaignMessages, campaigns } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { campaignFigures, purgeSettledCampaignMessages } from "./figures.server.ts";

const daysAgo = (days: number) => sql`now() - ${days} * interval '1 day'`;

describe("campaign retention", () => {
  it("purges the messages of campaigns settled longer ago than the retention, keeping their figures", async () => {
    const db = await getDb();
    const campaign = async (
      name: string,
      status: "done" | "cancelled" | "sending",
      settled: number | null,
    ) => {
      const [row] = await db
        .insert(campaigns)
        .values({
          subject: name,
          status,
          createdBy: "equipe@agentesfx.test",
          startedAt: daysAgo(60),
          finishedAt: status === "done" && settled !== null ? daysAgo(settled) : null,
          cancelledAt: status === "cancelled" && settled !== null ? daysAgo(settled) : null,
        })
        .returning({ id: campaigns.id });
      const message = (
        email: string,
        messageStatus: "sent" | "failed" | "suppressed" | "pending",
      ) => ({
        campaignId: row!.id,
        email: `${name}-${email}@exemplo.com.br`,
        domain: "exemplo.com.br",
        status: messageStatus,
      });
      await db
        .insert(campaignMessages)
        .values([
          message("a", "sent"),
          message("b", "sent"),
          message("c", "failed"),
          message("d", status === "sending" ? "pending" : "suppressed"),
        ]);
      return row!.id;
    };
    const doneOld = await campaign("done-old", "done", 31);
    const doneNew = await campaign("done-new", "done", 29);
    const cancelledOld = await campaign("cancelled-old", "cancelled", 40);
    // Started long ago, still sending (deferrals): nothing of it goes.
    const sending = await campaign("sending", "sending", null);
    const before = await campaignFigures(db, doneOld);

    expect(await purgeSettledCampaignMessages(db, 30)).toBe(8);
    const left = async (id: string) =>
      db.$count(campaignMessages, eq(campaignMessages.campaignId, id));
    expect(await left(doneOld)).toBe(0);
    expect(await left(cancelledOld)).toBe(0);
    expect(await left(doneNew)).toBe(4);
    expect(await left(sending)).toBe(4);
    // Staff still see what the purged campaign did.
    expect(before).toMatchObject({ recipients: 4, sent: 2, failed: 1, suppressed: 1 });
    expect(await campaignFigures(db, doneOld)).toEqual(before);
    // Purged once: a second run finds nothing.
    expect(await purgeSettledCampaignMessages(db, 30)).toBe(0);
  });
});

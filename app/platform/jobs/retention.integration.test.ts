import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailMailbox, emailOutbox } from "../../../db/schema.ts";
import { getDb } from "../db/db.server.ts";
import { purgeSettledMessages } from "./retention.server.ts";

const daysAgo = (days: number) => sql`now() - ${days} * interval '1 day'`;

describe("retention", () => {
  it("purges exactly the messages settled longer ago than the retention, and old mailbox copies", async () => {
    const db = await getDb();
    const row = (status: "queued" | "sent" | "failed" | "cancelled", recipient: string) => ({
      template: "already-listed",
      recipient: `${recipient}@example.com`,
      payload: {},
      status,
    });
    await db.insert(emailOutbox).values([
      { ...row("sent", "sent-old"), settledAt: daysAgo(31) },
      { ...row("sent", "sent-new"), settledAt: daysAgo(29) },
      { ...row("cancelled", "cancelled-old"), settledAt: daysAgo(31) },
      { ...row("cancelled", "cancelled-new"), settledAt: daysAgo(1) },
      // Failed: only once staff saw it, and that long ago.
      { ...row("failed", "failed-seen-old"), settledAt: daysAgo(40), seenAt: daysAgo(31) },
      { ...row("failed", "failed-seen-new"), settledAt: daysAgo(40), seenAt: daysAgo(2) },
      { ...row("failed", "failed-unseen"), settledAt: daysAgo(90) },
      // Queued, however old, is still to be sent.
      { ...row("queued", "queued-old"), createdAt: daysAgo(90) },
    ]);
    await db.insert(emailMailbox).values([
      {
        messageId: "<old@x>",
        recipient: "a@example.com",
        subject: "s",
        html: "h",
        text: "t",
        createdAt: daysAgo(31),
      },
      {
        messageId: "<new@x>",
        recipient: "b@example.com",
        subject: "s",
        html: "h",
        text: "t",
        createdAt: daysAgo(3),
      },
    ]);

    expect(await purgeSettledMessages(db, 30)).toBe(3);
    const left = await db.select({ recipient: emailOutbox.recipient }).from(emailOutbox);
    expect(left.map((r) => r.recipient.split("@")[0]).sort()).toEqual([
      "cancelled-new",
      "failed-seen-new",
      "failed-unseen",
      "queued-old",
      "sent-new",
    ]);
    const mailbox = await db.select({ id: emailMailbox.messageId }).from(emailMailbox);
    expect(mailbox.map((m) => m.id)).toEqual(["<new@x>"]);
  });
});

import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliveryReports, emailOutbox } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { loadDeliverability } from "./admin.server.ts";
import { purgeOldReports } from "./jobs.server.ts";

const NOW = new Date("2027-03-10T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

async function ourMessage(): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .insert(emailOutbox)
    .values({ template: "newsletter-welcome", recipient: "real@exemplo.com.br", payload: {} })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

describe("delivery reports at rest (decision 404)", () => {
  it("purges unmatched reports waiting for staff after 30 days and every report after 180", async () => {
    const db = await getDb();
    await db.delete(deliveryReports);
    const id = await ourMessage();
    const report = (subject: string, receivedAt: Date, ours: boolean, reviewed: boolean) => ({
      kind: "unclassified" as const,
      source: "smtp-receiver" as const,
      messageId: ours ? id : null,
      subject,
      raw: "texto",
      receivedAt,
      reviewedAt: reviewed ? receivedAt : null,
    });
    await db
      .insert(deliveryReports)
      .values([
        report("alheio velho", daysAgo(31), false, false),
        report("alheio recente", daysAgo(29), false, false),
        report("alheio revisado", daysAgo(31), false, true),
        report("nosso a revisar", daysAgo(179), true, false),
        report("nosso antigo", daysAgo(181), true, true),
      ]);
    expect(await purgeOldReports(db, NOW)).toBe(2);
    const left = await db.select({ subject: deliveryReports.subject }).from(deliveryReports);
    expect(left.map((r) => r.subject).sort()).toEqual([
      "alheio recente",
      "alheio revisado",
      "nosso a revisar",
    ]);
  });

  it("keeps a report about our message in the staff's view under a flood of unmatched ones", async () => {
    const db = await getDb();
    await db.delete(deliveryReports);
    const id = await ourMessage();
    await db.insert(deliveryReports).values({
      kind: "unclassified",
      source: "smtp-receiver",
      messageId: id,
      subject: "ilegível, nosso",
      receivedAt: daysAgo(2),
    });
    await db.execute(sql`
      insert into delivery_reports (kind, source, subject, raw, received_at)
      select 'unclassified', 'smtp-receiver', 'inundação ' || i, 'x', now() - i * interval '1 second'
        from generate_series(1, 500) as i`);
    const { review } = await loadDeliverability();
    expect(review[0]).toMatchObject({ subject: "ilegível, nosso", messageId: id });
    expect(review.filter((r) => r.messageId === null)).toHaveLength(200);
  });
});

import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  consentEvents,
  deliveryReports,
  emailOutbox,
  newsletterSubscribers,
  suppressions,
  waitlist,
} from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { reportMaxBytes } from "../../platform/mail/deliverability-model.ts";
import { isSuppressedSql, liftSuppression } from "../../platform/mail/suppression.server.ts";
import { ingestReport } from "./ingest.server.ts";

const context = { bounceDomain: "bounces.agentesfx.com.br", messageIdDomain: "agentesfx.com.br" };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

const fixture = (name: string) =>
  readFileSync(new URL(`../../platform/mail/report-fixtures/${name}`, import.meta.url), "utf8");

/** A message of ours to this address, as the outbox holds it once sent. */
async function sentMessage(recipient: string): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .insert(emailOutbox)
    .values({ template: "newsletter-welcome", recipient, payload: {}, status: "sent" })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

/** The fixture, naming our message `id` wherever it named its own. */
const reportAbout = (name: string, id: string) => Buffer.from(fixture(name).replace(UUID, id));

async function isSuppressed(email: string) {
  const db = await getDb();
  const [row] = rowsOf<{ suppressed: boolean }>(
    await db.execute(sql`select ${isSuppressedSql(sql`${email}`)} as suppressed`),
  );
  return row?.suppressed;
}

async function ingest(raw: Buffer) {
  const result = await ingestReport(raw, "http", context);
  if (!result.ok) throw new Error(result.reason);
  return result.recorded;
}

describe("reports about our messages", () => {
  it("suppresses the recipient of our message on a hard bounce, not the address the report states", async () => {
    const id = await sentMessage("destinatario@exemplo.com.br");
    const recorded = await ingest(reportAbout("postfix-user-unknown.eml", id));
    expect(recorded).toMatchObject({
      kind: "hard-bounce",
      recipient: "destinatario@exemplo.com.br",
      suppressed: "hard-bounce",
      forReview: false,
    });
    expect(await isSuppressed("destinatario@exemplo.com.br")).toBe(true);
    // The report's own Final-Recipient is not ours to suppress.
    expect(await isSuppressed("joao.silva@exemplo.com.br")).toBe(false);
    const db = await getDb();
    const [suppression] = await db
      .select()
      .from(suppressions)
      .where(eq(suppressions.email, "destinatario@exemplo.com.br"));
    expect(suppression).toMatchObject({ reason: "hard-bounce", messageId: id, expiresAt: null });
    expect(suppression?.detail).toContain("5.1.1");
    const [report] = await db
      .select()
      .from(deliveryReports)
      .where(eq(deliveryReports.id, recorded.reportId));
    expect(report).toMatchObject({ raw: null, reviewedBy: "automático", messageId: id });

    // A second bounce of the same address adds no second suppression.
    await ingest(
      reportAbout("exim-no-such-user.eml", await sentMessage("destinatario@exemplo.com.br")),
    );
    expect(
      await db.$count(suppressions, eq(suppressions.email, "destinatario@exemplo.com.br")),
    ).toBe(1);

    // Staff lift it: mail flows again, and who and when are kept.
    expect(await liftSuppression(db, suppression!.id, "staff@agentesfx.com.br")).toBe(true);
    expect(await isSuppressed("destinatario@exemplo.com.br")).toBe(false);
    const [lifted] = await db
      .select()
      .from(suppressions)
      .where(eq(suppressions.id, suppression!.id));
    expect(lifted?.liftedBy).toBe("staff@agentesfx.com.br");
    expect(lifted?.liftedAt).toBeInstanceOf(Date);
    expect(await liftSuppression(db, suppression!.id, "outro@agentesfx.com.br")).toBe(false);
  });

  it("turns a complaint into a suppression, a withdrawn consent in the ledger and an ended subscription", async () => {
    const email = "reclamou@exemplo.com.br";
    const db = await getDb();
    const [entry] = await db
      .insert(waitlist)
      .values({ name: "Carla", email, termsAcceptedAt: new Date(), marketingConsent: true })
      .returning();
    await db.insert(newsletterSubscribers).values({ email, confirmedAt: new Date() });
    const recorded = await ingest(reportAbout("arf-abuse.eml", await sentMessage(email)));
    expect(recorded).toMatchObject({ kind: "complaint", suppressed: "complaint" });
    expect(await isSuppressed(email)).toBe(true);
    const [after] = await db.select().from(waitlist).where(eq(waitlist.id, entry!.id));
    expect(after?.marketingConsent).toBe(false);
    const ledger = await db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.waitlistId, entry!.id));
    expect(ledger.map((line) => [line.kind, line.channel])).toEqual([
      ["marketing-withdrawn", "abuse-report"],
    ]);
    const [subscriber] = await db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    expect(subscriber?.unsubscribedAt).toBeInstanceOf(Date);
  });

  it("suppresses for 7 days after soft bounces of 3 distinct messages within 7 days", async () => {
    const email = "caixa-cheia@exemplo.com.br";
    const first = await sentMessage(email);
    await ingest(reportAbout("postfix-delayed.eml", first));
    // The same message reported twice counts once.
    await ingest(reportAbout("gmail-over-quota.eml", first));
    await ingest(reportAbout("postfix-delayed.eml", await sentMessage(email)));
    expect(await isSuppressed(email)).toBe(false);
    const third = await ingest(reportAbout("gmail-over-quota.eml", await sentMessage(email)));
    expect(third.suppressed).toBe("soft-bounce");
    expect(await isSuppressed(email)).toBe(true);
    const db = await getDb();
    const [suppression] = await db.select().from(suppressions).where(eq(suppressions.email, email));
    const days =
      (suppression!.expiresAt!.getTime() - suppression!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    // Once it expires the address gets mail again.
    await db
      .update(suppressions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(suppressions.email, email));
    expect(await isSuppressed(email)).toBe(false);
  });
});

describe("reports for staff to review", () => {
  it.each([
    ["a complaint about no message of ours", "arf-rfc5965-example.eml", "complaint"],
    ["a reply no rule classifies", "unclassified-reply.eml", "unclassified"],
  ])("keeps %s with its text and suppresses nothing", async (_, name, kind) => {
    const before = await (await getDb()).$count(suppressions);
    const recorded = await ingest(Buffer.from(fixture(name)));
    expect(recorded).toMatchObject({ kind, forReview: true, suppressed: null });
    const db = await getDb();
    const [report] = await db
      .select()
      .from(deliveryReports)
      .where(eq(deliveryReports.id, recorded.reportId));
    expect(report?.raw).toBe(fixture(name));
    expect(report?.reviewedAt).toBeNull();
    expect(await db.$count(suppressions)).toBe(before);
  });

  it("keeps unreadable bytes for review and refuses a report over 1 MB", async () => {
    const noise = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 31) % 256));
    const recorded = await ingest(noise);
    expect(recorded).toMatchObject({ kind: "unclassified", forReview: true });
    const huge = Buffer.alloc(reportMaxBytes + 1, "a");
    expect(await ingestReport(huge, "http", context)).toEqual({ ok: false, reason: "too-large" });
    const db = await getDb();
    expect(
      await db.$count(
        deliveryReports,
        and(eq(deliveryReports.kind, "unclassified"), sql`length(raw) > ${reportMaxBytes}`),
      ),
    ).toBe(0);
  });
});

import fc from "fast-check";
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  campaignMessages,
  campaigns,
  newsletterSubscribers,
  suppressions,
  waitlist,
} from "../../../db/schema.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { deliverQueued } from "../../../tests/support/outbox.ts";
import { startCampaign } from "./queue.server.ts";

// Whatever happens between the audience being written and the messages being sent (consent
// withdrawn, an unsubscription, a suppression, an erasure), no address that may not receive
// the campaign at sending time is ever handed to the SMTP server.
const smtp = await smtpServerForFile();
beforeAll(async () => {
  process.env.CAMPAIGN_RATE_PER_SECOND = "0";
  process.env.CAMPAIGN_DOMAIN_RATE_PER_SECOND = "0";
});

const change = fc.constantFrom(
  "none",
  "withdraw",
  "unsubscribe",
  "suppress",
  "suppress-lifted",
  "suppress-expired",
  "erase",
);
const person = fc.record({
  list: fc.constantFrom("newsletter", "waitlist", "both"),
  change,
});

let run = 0;

describe("the sender's claim", () => {
  it("never hands a withdrawn, unsubscribed, suppressed or erased address to the transport", async () => {
    const db = await getDb();
    await fc.assert(
      fc.asyncProperty(fc.array(person, { minLength: 1, maxLength: 8 }), async (people) => {
        run += 1;
        const tag = `prop${run}`;
        const email = (i: number) => `${tag}-${i}@exemplo${i % 3}.com.br`;
        for (const [i, p] of people.entries()) {
          if (p.list !== "waitlist") {
            await db
              .insert(newsletterSubscribers)
              .values({ email: email(i), confirmedAt: new Date() });
          }
          if (p.list !== "newsletter") {
            await db.insert(waitlist).values({
              name: tag,
              email: email(i),
              marketingConsent: true,
              termsAcceptedAt: new Date(),
              source: tag,
            });
          }
        }
        const [campaign] = await db
          .insert(campaigns)
          .values({
            subject: tag,
            body: "Texto",
            audience: "both",
            waitlistFilter: { origem: tag },
            createdBy: "prop",
          })
          .returning();
        // The newsletter part is everyone confirmed: only this run's addresses count here.
        await db.execute(sql`
          update newsletter_subscribers set unsubscribed_at = now()
          where email not like ${`${tag}-%`} and unsubscribed_at is null`);
        await startCampaign(db, campaign!.id, "draft");

        // After the audience is written, the world changes.
        const allowed = new Set<string>();
        for (const [i, p] of people.entries()) {
          const address = email(i);
          if (p.change === "withdraw") {
            await db
              .update(waitlist)
              .set({ marketingConsent: false })
              .where(eq(waitlist.email, address));
          } else if (p.change === "unsubscribe") {
            await db
              .update(newsletterSubscribers)
              .set({ unsubscribedAt: new Date() })
              .where(eq(newsletterSubscribers.email, address));
          } else if (p.change.startsWith("suppress")) {
            await db.insert(suppressions).values({
              email: address,
              reason: "hard-bounce",
              liftedAt: p.change === "suppress-lifted" ? new Date() : null,
              liftedBy: p.change === "suppress-lifted" ? "prop" : null,
              expiresAt: p.change === "suppress-expired" ? new Date(Date.now() - 1000) : null,
            });
          } else if (p.change === "erase") {
            await db.delete(waitlist).where(eq(waitlist.email, address));
            await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, address));
          }
          const subscribed = p.list !== "waitlist";
          const listed = p.list !== "newsletter";
          // Withdrawing the waitlist consent leaves a newsletter subscription, and the reverse.
          const stillConsented =
            p.change === "none" ||
            p.change === "suppress-lifted" ||
            p.change === "suppress-expired" ||
            (p.change === "withdraw" && subscribed) ||
            (p.change === "unsubscribe" && listed);
          if (stillConsented) allowed.add(address);
        }

        const before = smtp.messages.length;
        await deliverQueued(smtp);

        const handed = smtp.messages.slice(before).map((mail) => [mail.to].flat()[0]!.text);
        expect(handed.filter((address) => !allowed.has(address))).toEqual([]);
        expect(new Set(handed)).toEqual(allowed);
        expect(handed).toHaveLength(allowed.size);
        const settled = await db
          .select({ status: campaignMessages.status })
          .from(campaignMessages)
          .where(inArray(campaignMessages.campaignId, [campaign!.id]));
        expect(settled.every((row) => row.status !== "pending")).toBe(true);
      }),
      { numRuns: 10 },
    );
    // Each run writes and sends a campaign: slow on PGlite on a busy 2-core machine.
  }, 180_000);
});

import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  campaignMessages,
  deliveryReports,
  emailOutbox,
  newsletterSubscribers,
  orders,
  orderSetups,
  suppressions,
  waitlist,
  waitlistTallies,
} from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { eraseWaitlistEntry } from "./erasure.server.ts";

// Issue 25, class 3 (docs/decisions/148): erasing a person reaches the newsletter, delivery
// reports and suppressions of the address, the personal fields of their orders' setup, and
// the tallies' copy of a source nobody else has; the order itself stays, for the accounts.
it("erases the person everywhere personal-data.ts says, and keeps the accounts", async () => {
  const db = await getDb();
  const email = "apagar-tudo@exemplo.com";
  const [person] = await db
    .insert(waitlist)
    .values({
      name: "Apagar Tudo",
      email,
      source: "apagar-tudo-fonte",
      termsAcceptedAt: new Date(),
    })
    .returning({ id: waitlist.id });
  await db.insert(waitlist).values({
    name: "Outra",
    email: "outra@exemplo.com",
    source: "compartilhada",
    termsAcceptedAt: new Date(),
  });
  const [shared] = await db
    .insert(waitlist)
    .values({
      name: "Compartilha",
      email: "compartilha@exemplo.com",
      source: "compartilhada",
      termsAcceptedAt: new Date(),
    })
    .returning({ id: waitlist.id });
  await db.insert(newsletterSubscribers).values({ email });
  await db.insert(newsletterSubscribers).values({ email: "fica@exemplo.com" });
  await db.insert(deliveryReports).values({
    kind: "hard-bounce",
    source: "http",
    recipient: email,
    raw: `550 ${email} unknown`,
  });
  await db.insert(suppressions).values({ email, reason: "hard-bounce" });
  await db.execute(sql`
    with campaign as (
      insert into campaigns (kind, subject, body, audience, created_by)
      values ('campaign', 'Novidades', 'Texto', 'waitlist', 'staff@exemplo.com') returning id
    )
    insert into campaign_messages (campaign_id, email, waitlist_id, domain)
    select id, ${email}, ${person!.id}, 'exemplo.com' from campaign`);
  await db
    .insert(emailOutbox)
    .values({ template: "confirm-signup", recipient: email, payload: {} });
  const [order] = await db
    .insert(orders)
    .values({
      reference: "AFXAPAGARTUDO1",
      waitlistId: person!.id,
      robotName: "YenMax Agent",
      partnerBroker: false,
      deadline: new Date(),
    })
    .returning({ id: orders.id });
  await db.insert(orderSetups).values({
    orderId: order!.id,
    accountNumber: "123456",
    brokerServer: "Broker-Live",
    whatsapp: "+55 11 99999-0000",
    credentialSealed: "selado",
  });

  expect(await eraseWaitlistEntry(person!.id)).toBe(true);

  expect(await db.$count(waitlist, eq(waitlist.email, email))).toBe(0);
  expect(await db.$count(newsletterSubscribers, eq(newsletterSubscribers.email, email))).toBe(0);
  expect(await db.$count(newsletterSubscribers)).toBeGreaterThanOrEqual(1);
  expect(await db.$count(deliveryReports, eq(deliveryReports.recipient, email))).toBe(0);
  expect(await db.$count(suppressions, eq(suppressions.email, email))).toBe(0);
  expect(await db.$count(campaignMessages, eq(campaignMessages.email, email))).toBe(0);
  expect(await db.$count(emailOutbox, eq(emailOutbox.recipient, email))).toBe(0);
  expect(await db.$count(waitlistTallies, eq(waitlistTallies.source, "apagar-tudo-fonte"))).toBe(0);
  const [setup] = await db.select().from(orderSetups).where(eq(orderSetups.orderId, order!.id));
  expect(setup).toMatchObject({
    accountNumber: null,
    brokerServer: null,
    whatsapp: null,
    credentialSealed: null,
  });
  const [kept] = await db.select().from(orders).where(eq(orders.id, order!.id));
  expect(kept).toMatchObject({ reference: "AFXAPAGARTUDO1", waitlistId: null });

  // A source someone else still has keeps its tallies.
  expect(await eraseWaitlistEntry(shared!.id)).toBe(true);
  const [left] = await db
    .select({ n: sql<number>`sum(${waitlistTallies.n})::int` })
    .from(waitlistTallies)
    .where(eq(waitlistTallies.source, "compartilhada"));
  expect(left?.n).toBe(1);
  expect(await eraseWaitlistEntry(shared!.id)).toBe(false);
});

import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { clearSales } from "../../../tests/support/sales.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import {
  emailOutbox,
  invitations,
  orders,
  robots,
  subscriptionCharges,
  subscriptionEvents,
  subscriptions,
  waitlist,
} from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { spotsOf } from "../invitations/invitations.server.ts";
import { setEarlyDiscount, setExchangeRate } from "../orders/orders.server.ts";
import { refundOrder } from "../sales/refund.server.ts";
import { requestRefund } from "../sales/refund-request.server.ts";
import { cancelSubscription } from "../sales/cancel.server.ts";
import { payCharge } from "../sales/pay.server.ts";
import { recordRefund } from "../sales/refund.server.ts";
import { runRenewals } from "../sales/renew.server.ts";

import { PAID_AT, STAFF, subscribe } from "../../../tests/support/subscriber.ts";

const at = (iso: string) => new Date(iso);

async function reload(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row!;
}

async function chargesOf(id: string) {
  const db = await getDb();
  return db
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.subscriptionId, id))
    .orderBy(asc(subscriptionCharges.cycle));
}

async function mailTo(email: string) {
  const db = await getDb();
  const rows = await db
    .select({ template: emailOutbox.template, payload: emailOutbox.payload })
    .from(emailOutbox)
    .where(eq(emailOutbox.recipient, email))
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
  // Only this feature's messages: accepting and paying the first order send their own.
  return rows.filter((row) => /^(renewal|subscription|sale)-/.test(row.template));
}

const smtp = await smtpServerForFile();

beforeEach(async () => {
  await clearSales();
  await setExchangeRate(54321, STAFF, at("2027-01-01T12:00:00Z"));
});

describe("a paid order starts a subscription", () => {
  it("anchored on the São Paulo payment date, the first cycle paid, the price frozen", async () => {
    const { subscription } = await subscribe("yenmax", { smtp, partnerBroker: true });
    expect(subscription).toMatchObject({
      state: "active",
      priceUsdCents: 19900,
      partnerBroker: true,
      anchorDate: "2027-01-31",
      anchorCycle: 1,
      paidCycle: 1,
      paidThrough: "2027-02-28",
      firstPaidAt: PAID_AT,
    });
  });
});

describe("renewal", () => {
  it("creates each cycle's charge once, 7 days before at 9h, with its own txid, and reminds the day before", async () => {
    const yenmax = (
      await (await getDb()).select().from(robots).where(eq(robots.key, "yenmax"))
    )[0]!;
    await setEarlyDiscount(yenmax.id, { basisPoints: 1000, months: 2 }, STAFF, PAID_AT);
    const { subscription, email } = await subscribe("yenmax", { smtp, partnerBroker: true });

    expect((await runRenewals(at("2027-02-21T11:59:00Z"))).charges).toBe(0);
    const [first, second] = await Promise.all([
      runRenewals(at("2027-02-21T12:00:00Z")),
      runRenewals(at("2027-02-21T12:00:00Z")),
    ]);
    expect(first!.charges + second!.charges).toBe(1);
    expect((await runRenewals(at("2027-02-22T12:00:00Z"))).charges).toBe(0);

    const [charge, ...others] = await chargesOf(subscription.id);
    expect(others).toEqual([]);
    const db = await getDb();
    const [order] = await db.select().from(orders).where(eq(orders.id, subscription.orderId));
    expect(charge).toMatchObject({
      cycle: 2,
      state: "open",
      dueDate: "2027-02-28",
      // Cycle 2 is within the early discount's 2 months; the broker account is active.
      priceUsdCents: 19900,
      partnerDiscountUsdCents: 4975,
      earlyDiscountUsdCents: 1493,
      totalUsdCents: 13432,
      exchangeRate: "5.4321",
      totalBrlCents: 72964,
      remindedAt: null,
    });
    expect(charge!.reference).toMatch(/^AFX[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(charge!.reference).not.toBe(order!.reference);

    // A second charge for the same cycle is refused by the database itself.
    await expect(
      db
        .insert(subscriptionCharges)
        .values({ ...charge!, id: undefined, reference: "AFXDUPLICATE00" }),
    ).rejects.toThrow();

    expect((await runRenewals(at("2027-02-27T11:00:00Z"))).reminders).toBe(0);
    expect((await runRenewals(at("2027-02-27T12:00:00Z"))).reminders).toBe(1);
    expect((await runRenewals(at("2027-02-27T13:00:00Z"))).reminders).toBe(0);
    const mail = await mailTo(email);
    expect(mail.map((m) => m.template)).toEqual(["renewal-charge", "renewal-reminder"]);
    expect(mail[0]!.payload).toMatchObject({
      dueDate: "28/02/2027",
      amountUsd: "US$\u00a0134,32",
      amountBrl: "R$\u00a0729,64",
      rate: "5,4321",
      reference: charge!.reference,
    });

    // Paid: the next cycle runs to 31/03, whose charge leaves the early discount behind.
    expect(
      await payCharge(
        charge!.reference,
        { method: "pix", reference: "E2E-2" },
        STAFF,
        at("2027-02-25T15:00:00Z"),
      ),
    ).toBe("paid");
    expect(
      await payCharge(
        charge!.reference,
        { method: "pix", reference: "E2E-2" },
        STAFF,
        at("2027-02-25T15:00:00Z"),
      ),
    ).toBe("already-paid");
    expect(await reload(subscription.id)).toMatchObject({
      paidCycle: 2,
      paidThrough: "2027-03-31",
    });
    // One receipt for the renewal, paid twice or not (decision 362).
    const receipts = await db
      .select({ payload: emailOutbox.payload })
      .from(emailOutbox)
      .where(eq(emailOutbox.template, "payment-receipt"));
    const renewalReceipts = receipts.filter(
      (row) => (row.payload as Record<string, string>).reference === charge!.reference,
    );
    expect(renewalReceipts.map((row) => row.payload)).toEqual([
      {
        name: expect.any(String),
        service: "Assinatura mensal do agente YenMax Agent (2º mês)",
        amount: "R$\u00a0729,64",
        rate: "Câmbio de R$ 5,4321 por US$ 1, definido em 01/01/2027 09:00.",
        method: "PIX",
        paymentReference: "E2E-2",
        reference: charge!.reference,
        paidAt: "25/02/2027 12:00",
      },
    ]);
    await runRenewals(at("2027-03-24T12:00:00Z"));
    const third = (await chargesOf(subscription.id))[1]!;
    expect(third).toMatchObject({
      cycle: 3,
      dueDate: "2027-03-31",
      earlyDiscountUsdCents: 0,
      totalUsdCents: 14925,
    });
  });

  it("goes past due at the due date, suspends after the grace days, and reactivates on a late payment", async () => {
    const { subscription, email } = await subscribe("midaspulse", { smtp });
    await runRenewals(at("2027-02-21T12:00:00Z"));
    expect((await runRenewals(at("2027-02-28T02:59:00Z"))).late).toBe(0);
    expect((await runRenewals(at("2027-02-28T03:00:00Z"))).late).toBe(1);
    expect((await reload(subscription.id)).state).toBe("past-due");
    expect((await runRenewals(at("2027-03-03T02:59:00Z"), 3)).suspended).toBe(0);
    expect((await runRenewals(at("2027-03-03T03:00:00Z"), 3)).suspended).toBe(1);
    expect((await reload(subscription.id)).state).toBe("suspended");
    // No further charge while the cycle is unpaid.
    await runRenewals(at("2027-03-25T12:00:00Z"), 3);
    const charges = await chargesOf(subscription.id);
    expect(charges).toHaveLength(1);

    expect(
      await payCharge(
        charges[0]!.reference,
        { method: "transfer", reference: "TED 9" },
        STAFF,
        at("2027-03-10T18:00:00Z"),
      ),
    ).toBe("paid");
    expect(await reload(subscription.id)).toMatchObject({
      state: "active",
      anchorDate: "2027-03-10",
      anchorCycle: 2,
      paidCycle: 2,
      paidThrough: "2027-04-10",
      suspendedAt: null,
    });
    expect((await mailTo(email)).map((m) => m.template)).toEqual([
      "renewal-charge",
      "renewal-reminder",
      "renewal-late",
      "subscription-suspended",
      "subscription-reactivated",
    ]);
  });

  it("keeps the cycle's dates when paid within the grace period", async () => {
    const { subscription } = await subscribe("midaspulse", { smtp });
    await runRenewals(at("2027-02-21T12:00:00Z"));
    await runRenewals(at("2027-03-01T12:00:00Z"));
    expect((await reload(subscription.id)).state).toBe("past-due");
    const [charge] = await chargesOf(subscription.id);
    await payCharge(
      charge!.reference,
      { method: "pix", reference: "E2E-3" },
      STAFF,
      at("2027-03-02T12:00:00Z"),
    );
    expect(await reload(subscription.id)).toMatchObject({
      state: "active",
      anchorDate: "2027-01-31",
      paidThrough: "2027-03-31",
    });
  });
});

describe("cancel at the end of the cycle", () => {
  it("serves to the end of the paid cycle, issues no charge, confirms by e-mail, then frees the spot", async () => {
    const db = await getDb();
    const { subscription, email, robotId } = await subscribe("trendkey-btc", { smtp });
    const [robot] = await db.select().from(robots).where(eq(robots.id, robotId));
    const spots = async () => (await spotsOf(db, robot!, PAID_AT)).taken;
    expect(await spots()).toBe(1);

    expect(
      await cancelSubscription(subscription.id, "cliente", at("2027-02-10T12:00:00Z")),
    ).toEqual({
      outcome: "cancelled",
      lastServedDay: "2027-02-27",
    });
    expect(
      await cancelSubscription(subscription.id, "cliente", at("2027-02-11T12:00:00Z")),
    ).toEqual({
      outcome: "already-cancelled",
      lastServedDay: "2027-02-27",
    });
    expect((await runRenewals(at("2027-02-21T12:00:00Z"))).charges).toBe(0);
    expect(await chargesOf(subscription.id)).toEqual([]);
    expect(await spots()).toBe(1);

    expect((await runRenewals(at("2027-02-28T03:00:00Z"))).ended).toBe(1);
    expect(await reload(subscription.id)).toMatchObject({
      state: "ended",
      endedAt: at("2027-02-28T03:00:00Z"),
    });
    expect(await spots()).toBe(0);
    expect(
      await cancelSubscription(subscription.id, "cliente", at("2027-03-01T12:00:00Z")),
    ).toEqual({ outcome: "already-ended" });
    const mail = await mailTo(email);
    expect(mail).toEqual([
      {
        template: "subscription-cancelled",
        payload: expect.objectContaining({ lastDay: "27/02/2027" }),
      },
      // Issue 36: the end of the subscription is told too.
      { template: "subscription-ended", payload: expect.objectContaining({ day: "28/02/2027" }) },
    ]);
  });

  it("gives the freed spot to the next person in the queue when the robot invites automatically", async () => {
    const { subscription, robotId } = await subscribe("yenmax", { smtp });
    const db = await getDb();
    await db.update(robots).set({ capacity: 1, autoInvite: true }).where(eq(robots.id, robotId));
    const [next] = await db
      .insert(waitlist)
      .values({
        name: "Próxima da Fila",
        email: "proxima@exemplo.com",
        interestedAgents: ["yenmax"],
        termsAcceptedAt: at("2027-01-02T12:00:00Z"),
        createdAt: at("2027-01-02T12:00:00Z"),
        confirmedAt: at("2027-01-02T12:00:00Z"),
      })
      .returning({ id: waitlist.id });
    const invitationsOfNext = () =>
      db
        .select({ robotId: invitations.robotId, invitedBy: invitations.invitedBy })
        .from(invitations)
        .where(eq(invitations.waitlistId, next!.id));

    await cancelSubscription(subscription.id, "cliente", at("2027-02-10T12:00:00Z"));
    // Still served (and its spot held) until the end of the paid cycle.
    await runRenewals(at("2027-02-27T12:00:00Z"));
    expect(await invitationsOfNext()).toEqual([]);
    expect((await runRenewals(at("2027-02-28T03:00:00Z"))).ended).toBe(1);
    expect(await invitationsOfNext()).toEqual([{ robotId, invitedBy: expect.any(String) }]);
    // The invitation holds the one spot the subscription gave back.
    const [robot] = await db.select().from(robots).where(eq(robots.id, robotId));
    expect(await spotsOf(db, robot!, at("2027-02-28T03:00:00Z"))).toMatchObject({
      taken: 0,
      held: 1,
      free: 0,
    });
  });

  it("voids the open charge and ends at once when nothing paid remains", async () => {
    const { subscription } = await subscribe("yenmax", { smtp });
    await runRenewals(at("2027-02-21T12:00:00Z"));
    await runRenewals(at("2027-03-01T12:00:00Z"));
    expect(await cancelSubscription(subscription.id, STAFF, at("2027-03-01T13:00:00Z"))).toEqual({
      outcome: "ended",
    });
    expect((await chargesOf(subscription.id)).map((c) => c.state)).toEqual(["void"]);
    const [charge] = await chargesOf(subscription.id);
    expect(
      await payCharge(
        charge!.reference,
        { method: "pix", reference: "late" },
        STAFF,
        at("2027-03-02T12:00:00Z"),
      ),
    ).toBe("not-payable");
  });
});

describe("the 7-day guarantee", () => {
  it("is refused on day 8", async () => {
    const { subscription } = await subscribe("yenmax", { smtp });
    expect(await requestRefund(subscription.id, at("2027-02-08T03:00:00Z"))).toEqual({
      outcome: "guarantee-over",
      lastDay: "2027-02-07",
    });
    // Staff may still refund, but only the amount they agree on: nothing is assumed.
    expect(
      await recordRefund(
        subscription.id,
        { destination: "pix", pixKey: "k", reference: "x" },
        STAFF,
        at("2027-02-08T04:00:00Z"),
      ),
    ).toMatchObject({ outcome: "refused" });
    expect((await reload(subscription.id)).state).toBe("active");
  });

  it("on day 7: staff record the refund, the subscription ends at once, the order is refunded, the spot freed", async () => {
    const db = await getDb();
    const { subscription, email, orderId, robotId } = await subscribe("trendkey-btc", { smtp });
    expect(await requestRefund(subscription.id, at("2027-02-08T02:59:00Z"))).toEqual({
      outcome: "requested",
    });
    expect(await requestRefund(subscription.id, at("2027-02-08T02:59:30Z"))).toEqual({
      outcome: "already-requested",
    });
    expect(
      await recordRefund(
        subscription.id,
        { destination: "pix", pixKey: "cliente@exemplo.com", reference: "DEVOLUCAO-1" },
        STAFF,
        at("2027-02-08T02:59:40Z"),
      ),
    ).toMatchObject({ outcome: "refunded", withinGuarantee: true });
    expect(await reload(subscription.id)).toMatchObject({
      state: "refunded",
      refundMethod: "pix",
      refundReference: "DEVOLUCAO-1",
      refundedBy: STAFF,
    });
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.state).toBe("refunded");
    const [robot] = await db.select().from(robots).where(eq(robots.id, robotId));
    expect((await spotsOf(db, robot!, PAID_AT)).taken).toBe(0);
    expect((await mailTo(email)).map((m) => m.template)).toEqual(["sale-refunded"]);
    expect(
      await recordRefund(
        subscription.id,
        { destination: "pix", pixKey: "k", reference: "again" },
        STAFF,
        at("2027-02-09T12:00:00Z"),
      ),
    ).toMatchObject({ outcome: "refused" });
  });

  it("a refund staff record on the order from /admin/pedidos ends the subscription too", async () => {
    const { subscription, orderId } = await subscribe("yenmax", { smtp });
    await refundOrder(
      orderId,
      { destination: "card", reference: "estorno" },
      STAFF,
      at("2027-02-02T12:00:00Z"),
    );
    expect((await reload(subscription.id)).state).toBe("refunded");
    const db = await getDb();
    const events = await db
      .select({ toState: subscriptionEvents.toState })
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, subscription.id))
      .orderBy(asc(subscriptionEvents.at));
    expect(events.map((e) => e.toState)).toEqual(["active", "refunded"]);
  });
});

import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  cardCheckouts,
  emailOutbox,
  newsletterSubscribers,
  orders,
  orderSetups,
  robotSwitches,
  subscriptionCharges,
  subscriptions,
  waitlist,
} from "../../../db/schema.ts";
import { callSection, signIn } from "../../../tests/support/admin-requests.ts";
import { createOrResetAdmin } from "../../lib/auth.server.ts";
import {
  startFakeMercadoPago,
  type FakeMercadoPago,
} from "../../../tests/support/mercado-pago-api.ts";
import { clearSales } from "../../../tests/support/sales.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { STAFF, subscribe } from "../../../tests/support/subscriber.ts";
import { getDb } from "../../platform/db/db.server.ts";
import type { MercadoPagoConfig } from "../../platform/payments/mercado-pago.server.ts";
import { openCardCheckout } from "../orders/card-checkout.server.ts";
import { requestPaymentLink } from "../orders/order-view.server.ts";
import { setExchangeRate } from "../orders/orders.server.ts";
import { notifyOverdueSetups, submitSetup } from "../orders/setup.server.ts";
import { eraseDeferredEntries } from "../privacy/erasure.server.ts";
import { cancelSubscription } from "./cancel.server.ts";
import { cutClosedCheckouts } from "./checkout-cuts.server.ts";
import { endDueSubscriptions } from "./end.server.ts";
import { eraseMyData } from "./erase.server.ts";
import { payCharge } from "./pay.server.ts";
import { requestRefund } from "./refund-request.server.ts";
import { runRenewals } from "./renew.server.ts";
import { advanceSetup } from "./setup-steps.server.ts";
import { suspendDueSubscriptions } from "./suspend.server.ts";

// Issue 36, "staff and customers told at every move" (docs/decisions/344-348).

const smtp = await smtpServerForFile();

const ADMIN = { email: "ligar@agentesfx.test", password: "uma-senha-bem-longa-3" };
let cookie = "";
beforeAll(async () => {
  await createOrResetAdmin(await getDb(), ADMIN);
  cookie = await signIn(ADMIN.email, ADMIN.password, "198.51.100.61");
});

const setupForm = {
  accountNumber: "12345678",
  brokerServer: "Broker-Live",
  platform: "MT5" as const,
  whatsapp: "11912345678",
  credential: null,
};

async function queued(template: string) {
  const db = await getDb();
  return db
    .select({ recipient: emailOutbox.recipient, payload: emailOutbox.payload })
    .from(emailOutbox)
    .where(eq(emailOutbox.template, template));
}

async function pendingSwitches(orderId: string) {
  const db = await getDb();
  return db
    .select({ action: robotSwitches.action, reason: robotSwitches.reason })
    .from(robotSwitches)
    .where(and(eq(robotSwitches.orderId, orderId), isNull(robotSwitches.doneAt)));
}

/** A paid customer whose form arrived: the setup awaits its VPS. */
async function withForm(orderId: string, submittedAt: Date) {
  const db = await getDb();
  await db
    .update(orderSetups)
    .set({
      state: "awaiting-vps",
      accountNumber: "12345678",
      brokerServer: "Broker-Live",
      platform: "MT5",
      submittedAt,
    })
    .where(eq(orderSetups.orderId, orderId));
}

/** A customer whose robot runs (form, VPS, switched on). */
async function running(orderId: string) {
  await withForm(orderId, new Date("2027-02-01T13:00:00Z"));
  expect(await advanceSetup(orderId, "vps-ready", STAFF, new Date("2027-02-01T14:00:00Z"))).toBe(
    "saved",
  );
  expect(await advanceSetup(orderId, "running", STAFF, new Date("2027-02-01T15:00:00Z"))).toBe(
    "saved",
  );
  expect(await pendingSwitches(orderId)).toEqual([]);
}

async function entryOf(email: string) {
  const db = await getDb();
  const [entry] = await db.select().from(waitlist).where(eq(waitlist.email, email));
  return entry;
}

beforeEach(async () => {
  await clearSales([robotSwitches, cardCheckouts]);
  await setExchangeRate(54321, STAFF, new Date("2027-01-01T12:00:00Z"));
});

describe("Robôs a ligar e a desligar", () => {
  it("lists the activation when the VPS is ready, and staff marking it on runs the robot", async () => {
    const { orderId } = await subscribe("yenmax", { smtp });
    await withForm(orderId, new Date("2027-02-01T13:00:00Z"));
    await advanceSetup(orderId, "vps-ready", STAFF, new Date("2027-02-01T14:00:00Z"));
    expect(await pendingSwitches(orderId)).toEqual([
      { action: "on", reason: "VPS configurada: ligar o agente pela primeira vez" },
    ]);
    const page = await callSection("/admin/ligar-desligar", { cookie });
    const lists = page.body as { on: { id: string; reference: string }[]; off: unknown[] };
    expect(lists.on).toHaveLength(1);
    expect(lists.off).toEqual([]);
    const done = await callSection("/admin/ligar-desligar", {
      cookie,
      fields: { switchId: lists.on[0]!.id },
    });
    expect(done.status).toBe(200);
    const db = await getDb();
    const [setup] = await db.select().from(orderSetups).where(eq(orderSetups.orderId, orderId));
    expect(setup?.state).toBe("running");
    expect(await pendingSwitches(orderId)).toEqual([]);
    // Done twice: a clear refusal, nothing changes.
    const again = await callSection("/admin/ligar-desligar", {
      cookie,
      fields: { switchId: lists.on[0]!.id },
    });
    expect(again.status).toBe(409);
    const bad = await callSection("/admin/ligar-desligar", {
      cookie,
      fields: { switchId: "nada" },
    });
    expect(bad.status).toBe(400);
  });

  it("lists the suspension to switch off, and the reactivation to switch on again", async () => {
    const { subscription, orderId } = await subscribe("yenmax", { smtp });
    await running(orderId);
    await runRenewals(new Date("2027-02-21T12:00:00Z"));
    await suspendDueSubscriptions(new Date("2027-03-01T12:00:00Z"), 3);
    expect(await pendingSwitches(orderId)).toEqual([]);
    await suspendDueSubscriptions(new Date("2027-03-04T12:00:00Z"), 3);
    expect(await pendingSwitches(orderId)).toEqual([
      { action: "off", reason: "assinatura suspensa: desligar o agente" },
    ]);
    const db = await getDb();
    const [charge] = await db
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.subscriptionId, subscription.id));
    expect(
      await payCharge(
        charge!.reference,
        { method: "pix", reference: "E2E-2" },
        STAFF,
        new Date("2027-03-05T12:00:00Z"),
      ),
    ).toBe("paid");
    // The robot's last word counts: the off line is settled by the on line.
    expect(await pendingSwitches(orderId)).toEqual([
      { action: "on", reason: "assinatura reativada: ligar o agente" },
    ]);
    expect(await queued("subscription-reactivated")).toHaveLength(1);
    expect(await queued("payment-receipt")).toHaveLength(2);
  });

  it("lists the end of a cancelled cycle, and a cancellation with nothing paid left", async () => {
    const first = await subscribe("yenmax", { smtp });
    await running(first.orderId);
    await cancelSubscription(first.subscription.id, "cliente", new Date("2027-02-10T12:00:00Z"));
    expect(await pendingSwitches(first.orderId)).toEqual([]);
    expect(await endDueSubscriptions(new Date("2027-02-28T12:00:00Z"))).toBe(1);
    expect(await pendingSwitches(first.orderId)).toEqual([
      { action: "off", reason: "assinatura encerrada: desligar o agente" },
    ]);
    expect(await queued("subscription-ended")).toHaveLength(1);

    const second = await subscribe("midaspulse", { smtp });
    await running(second.orderId);
    await runRenewals(new Date("2027-02-21T12:00:00Z"));
    await suspendDueSubscriptions(new Date("2027-03-01T12:00:00Z"), 3);
    await cancelSubscription(second.subscription.id, "cliente", new Date("2027-03-02T12:00:00Z"));
    expect(await pendingSwitches(second.orderId)).toEqual([
      {
        action: "off",
        reason: "assinatura cancelada sem ciclo pago em curso: desligar o agente",
      },
    ]);
  });

  it("lists nothing for a robot whose VPS was never set up", async () => {
    const { subscription, orderId } = await subscribe("yenmax", { smtp });
    await cancelSubscription(subscription.id, "cliente", new Date("2027-02-10T12:00:00Z"));
    await endDueSubscriptions(new Date("2027-02-28T12:00:00Z"));
    expect(await pendingSwitches(orderId)).toEqual([]);
  });
});

describe("staff e-mails", () => {
  it("tells staff of a refund request within the guarantee, once", async () => {
    const { subscription } = await subscribe("yenmax", { smtp });
    const at = new Date("2027-02-03T12:00:00Z");
    expect(await requestRefund(subscription.id, at)).toEqual({ outcome: "requested" });
    expect(await requestRefund(subscription.id, at)).toEqual({ outcome: "already-requested" });
    const mails = await queued("staff-refund-requested");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.payload).toMatchObject({ robotName: "YenMax Agent", lastDay: "07/02/2027" });
  });

  it("tells staff of each payment-link request, and of a change of method only", async () => {
    const { email, orderId } = await subscribe("yenmax", { smtp, pay: false });
    const entry = await entryOf(email);
    const db = await getDb();
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const link = { entryId: entry!.id, reference: order!.reference };
    const at = new Date("2027-01-31T13:30:00Z");
    expect(await requestPaymentLink(link, "paypal", at)).toBe("requested");
    expect(await requestPaymentLink(link, "paypal", at)).toBe("requested");
    expect(await requestPaymentLink(link, "crypto", at)).toBe("requested");
    const mails = await queued("staff-payment-link-requested");
    expect(mails.map((mail) => (mail.payload as { method: string }).method)).toEqual([
      "PayPal",
      "Cripto (Bitcoin, USDT)",
    ]);
  });

  it("tells staff when a setup form arrives", async () => {
    const { email, orderId } = await subscribe("yenmax", { smtp });
    const entry = await entryOf(email);
    const db = await getDb();
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(
      await submitSetup(
        { entryId: entry!.id, reference: order!.reference },
        setupForm,
        new Date("2027-02-01T13:00:00Z"),
      ),
    ).toBe("saved");
    const mails = await queued("staff-setup-submitted");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.payload).toMatchObject({ reference: order!.reference, platform: "MT5" });
  });

  it("tells staff once of a setup past 4 business hours, counting São Paulo business hours", async () => {
    const late = await subscribe("yenmax", { smtp });
    const evening = await subscribe("midaspulse", { smtp });
    // Tuesday 2 March 2027, 10h and 17h in São Paulo.
    await withForm(late.orderId, new Date("2027-03-02T13:00:00Z"));
    await withForm(evening.orderId, new Date("2027-03-02T20:00:00Z"));
    expect(await notifyOverdueSetups(new Date("2027-03-02T16:30:00Z"))).toBe(0);
    expect(await notifyOverdueSetups(new Date("2027-03-02T17:30:00Z"))).toBe(1);
    expect(await notifyOverdueSetups(new Date("2027-03-02T18:30:00Z"))).toBe(0);
    // The evening form: 16 wall-clock hours later is 1h30 of business time.
    expect(await notifyOverdueSetups(new Date("2027-03-03T12:30:00Z"))).toBe(0);
    expect(await notifyOverdueSetups(new Date("2027-03-03T16:30:00Z"))).toBe(1);
    expect(await queued("staff-setup-overdue")).toHaveLength(2);
  });
});

describe("card checkouts of a voided charge", () => {
  let api: FakeMercadoPago;
  let config: MercadoPagoConfig;
  beforeAll(async () => {
    api = await startFakeMercadoPago();
    config = { accessToken: "APP_USR-test", webhookSecret: "secret", apiUrl: api.url };
  });
  afterAll(() => api.close());

  it("expires the open preference at the provider once the charge is voided", async () => {
    const { subscription } = await subscribe("yenmax", { smtp });
    await runRenewals(new Date("2027-02-21T12:00:00Z"));
    const db = await getDb();
    const [charge] = await db
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.subscriptionId, subscription.id));
    const opened = new Date("2027-02-22T15:00:00Z");
    const checkout = await openCardCheckout(
      config,
      {
        reference: charge!.reference,
        title: "YenMax",
        amountBrlCents: charge!.totalBrlCents,
        payerEmail: null,
      },
      "/minha-conta/painel",
      opened,
    );
    expect(checkout.outcome).toBe("checkout");
    const cutAt = new Date(opened.getTime() + 60_000);
    // Open charge: nothing to cut.
    expect(await cutClosedCheckouts(config, cutAt)).toBe(0);
    await cancelSubscription(subscription.id, "cliente", cutAt);
    api.failWith(503);
    expect(await cutClosedCheckouts(config, cutAt)).toBe(0);
    api.failWith(null);
    expect(await cutClosedCheckouts(config, cutAt)).toBe(1);
    expect(await cutClosedCheckouts(config, cutAt)).toBe(0);
    const puts = api.requests.filter((request) => request.method === "PUT");
    expect(puts.at(-1)?.path).toBe("/checkout/preferences/123-pref-1");
    expect(JSON.parse(puts.at(-1)!.body)).toMatchObject({
      expires: true,
      expiration_date_to: "2027-02-22T12:01:00.000-03:00",
    });
  });
});

describe("erasing Meus dados while subscribed", () => {
  it("erases nothing without a choice, and keeps what the contract requires when asked", async () => {
    const { email, subscription, orderId } = await subscribe("yenmax", { smtp });
    await running(orderId);
    const db = await getDb();
    await db.insert(newsletterSubscribers).values({ email, confirmedAt: new Date() });
    const entry = await entryOf(email);
    const at = new Date("2027-02-10T12:00:00Z");
    expect(await eraseMyData(entry!.id, null, at)).toEqual({ outcome: "choice-needed" });
    expect(await entryOf(email)).toBeDefined();
    expect(await eraseMyData(entry!.id, "keep", at)).toEqual({ outcome: "kept" });
    const kept = await entryOf(email);
    expect(kept).toMatchObject({ name: entry!.name, marketingConsent: false });
    expect(kept?.erasureRequestedAt).toEqual(at);
    const [setup] = await db.select().from(orderSetups).where(eq(orderSetups.orderId, orderId));
    expect(setup?.accountNumber).toBe("12345678");
    const [live] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id));
    expect(live?.state).toBe("active");
    expect(
      await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)),
    ).toEqual([]);
    expect(await eraseDeferredEntries()).toBe(0);
    // The subscription ends: the rest goes.
    await cancelSubscription(subscription.id, "cliente", at);
    await endDueSubscriptions(new Date("2027-02-28T12:00:00Z"));
    expect(await eraseDeferredEntries()).toBe(1);
    expect(await entryOf(email)).toBeUndefined();
  });

  it("ends the subscription at once, lists the robot off, asks staff for the guarantee refund, and erases", async () => {
    const { email, subscription, orderId } = await subscribe("yenmax", { smtp });
    await running(orderId);
    const entry = await entryOf(email);
    expect(await eraseMyData(entry!.id, "end", new Date("2027-02-03T12:00:00Z"))).toEqual({
      outcome: "erased",
    });
    const db = await getDb();
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id));
    expect(row?.state).toBe("ended");
    expect(await pendingSwitches(orderId)).toEqual([
      { action: "off", reason: "dados apagados pelo cliente: desligar o agente" },
    ]);
    const mails = await queued("staff-refund-requested");
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0]!.payload)).not.toContain(email);
    expect(await entryOf(email)).toBeUndefined();
  });
});

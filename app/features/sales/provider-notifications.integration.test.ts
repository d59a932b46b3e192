import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearSales } from "../../../tests/support/sales.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import {
  emailOutbox,
  moneyEvents,
  orders,
  paymentNotifications,
  subscriptionCharges,
  subscriptions,
} from "../../../db/schema.ts";
import {
  signNotification,
  startFakeMercadoPago,
  type FakeMercadoPago,
} from "../../../tests/support/mercado-pago-api.ts";
import { STAFF, subscribe } from "../../../tests/support/subscriber.ts";
import { getDb } from "../../platform/db/db.server.ts";
import type { MercadoPagoConfig } from "../../platform/payments/mercado-pago.server.ts";
import { setExchangeRate } from "../orders/orders.server.ts";
import {
  purgeOldNotifications,
  receiveMercadoPagoNotification,
} from "./provider-notifications.server.ts";
import { runRenewals } from "./renew.server.ts";
import { cancelOrder, cancelSubscription } from "./cancel.server.ts";
import { refundSale } from "./refund.server.ts";

async function staffMails() {
  const db = await getDb();
  const rows = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(eq(emailOutbox.template, "staff-money-waiting"));
  return rows.length;
}

const secret = "webhook-secret-of-the-test-application";
const NOW = new Date("2027-02-22T15:00:00Z");
let api: FakeMercadoPago;
let config: MercadoPagoConfig;
let requests = 0;

/** A notification as Mercado Pago posts it, signed by the test with the application's secret. */
function notification(paymentId: number, options: { ts?: number; requestId?: string } = {}) {
  requests += 1;
  const requestId = options.requestId ?? `req-${requests}`;
  const ts = options.ts ?? Math.floor(NOW.getTime() / 1000);
  const url = new URL(
    `https://agentesfx.com.br/webhooks/mercado-pago?data.id=${paymentId}&type=payment`,
  );
  const headers = new Headers({
    "x-request-id": requestId,
    "x-signature": signNotification({ secret, dataId: String(paymentId), requestId, ts }),
  });
  return { url, headers, requestId };
}

const receive = (n: { url: URL; headers: Headers }, now = NOW) =>
  receiveMercadoPagoNotification(n.url, n.headers, now, config);

async function openCharge() {
  const { subscription, email } = await subscribe("yenmax", { smtp });
  await runRenewals(new Date("2027-02-21T12:00:00Z"));
  const db = await getDb();
  const [charge] = await db
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.subscriptionId, subscription.id));
  return { subscription, charge: charge!, email };
}

async function chargeState(reference: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.reference, reference));
  return row!;
}

async function recorded() {
  const db = await getDb();
  return db
    .select({
      requestId: paymentNotifications.requestId,
      verified: paymentNotifications.verified,
      outcome: paymentNotifications.outcome,
      detail: paymentNotifications.detail,
    })
    .from(paymentNotifications)
    .orderBy(asc(paymentNotifications.receivedAt), asc(paymentNotifications.id));
}

const approved = (id: number, reference: string, amount: number) => ({
  id,
  status: "approved",
  status_detail: "accredited",
  transaction_amount: amount,
  currency_id: "BRL",
  external_reference: reference,
  date_approved: "2027-02-22T11:59:00.000-03:00",
  payment_type_id: "credit_card",
});

beforeAll(async () => {
  api = await startFakeMercadoPago();
  config = { accessToken: "APP_USR-test", webhookSecret: secret, apiUrl: api.url };
});
afterAll(() => api.close());

const smtp = await smtpServerForFile();

beforeEach(async () => {
  await clearSales([paymentNotifications]);
  await setExchangeRate(54321, STAFF, new Date("2027-01-01T12:00:00Z"));
  api.failWith(null);
});

describe("Mercado Pago notifications", () => {
  it("pays the charge once the provider's API confirms it; the same notification again changes nothing", async () => {
    const { subscription, charge } = await openCharge();
    // 19900 at 5.4321 = R$ 1080.99
    api.setPayment(approved(501, charge.reference, 1080.99));
    const first = notification(501);
    expect(await receive(first)).toEqual({ status: 200, outcome: "paid" });
    expect(await chargeState(charge.reference)).toMatchObject({
      state: "paid",
      paymentMethod: "card",
      paymentReference: "MP 501",
      paymentAmountBrlCents: 108099,
      paymentRecordedBy: "Mercado Pago",
    });
    const db = await getDb();
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id));
    expect(row).toMatchObject({ paidCycle: 2, paidThrough: "2027-03-31" });
    expect(api.requests.at(-1)).toMatchObject({
      method: "GET",
      path: "/v1/payments/501",
      headers: expect.objectContaining({ authorization: "Bearer APP_USR-test" }),
    });

    const calls = api.requests.length;
    expect(await receive(first)).toEqual({ status: 200, outcome: "duplicate" });
    expect(api.requests.length).toBe(calls);
    // Another delivery about the same payment (payment.created arriving after payment.updated).
    expect(await receive(notification(501))).toEqual({ status: 200, outcome: "already-paid" });
    expect((await recorded()).map((r) => r.outcome).sort()).toEqual(["already-paid", "paid"]);
  });

  it("refuses a bad or stale signature before asking anything, and stores nothing", async () => {
    const { charge } = await openCharge();
    api.setPayment(approved(502, charge.reference, 1080.99));
    const forged = notification(502);
    forged.headers.set(
      "x-signature",
      signNotification({
        secret: "guess",
        dataId: "502",
        requestId: forged.requestId,
        ts: Math.floor(NOW.getTime() / 1000),
      }),
    );
    const calls = api.requests.length;
    expect(await receive(forged)).toEqual({ status: 401, outcome: "bad-signature" });
    // A genuine notification captured and replayed ten minutes later.
    const captured = notification(502);
    expect(await receive(captured, new Date(NOW.getTime() + 10 * 60_000))).toEqual({
      status: 401,
      outcome: "bad-signature",
    });
    const unsigned = notification(502);
    unsigned.headers.delete("x-signature");
    expect(await receive(unsigned)).toEqual({ status: 401, outcome: "bad-signature" });
    expect(api.requests.length).toBe(calls);
    expect((await chargeState(charge.reference)).state).toBe("open");
    // Anyone can post to the webhook: an unverified call leaves no row (decision 404).
    expect(await recorded()).toEqual([]);
    // The genuine one still goes through.
    expect(await receive(notification(502))).toEqual({ status: 200, outcome: "paid" });
  });

  it("keeps verified notifications 90 days and no unverified one (retention)", async () => {
    const db = await getDb();
    const day = 86_400_000;
    await db.insert(paymentNotifications).values([
      {
        provider: "mercado-pago",
        requestId: "velha",
        verified: true,
        outcome: "paid",
        receivedAt: new Date(NOW.getTime() - 91 * day),
      },
      {
        provider: "mercado-pago",
        requestId: "recente",
        verified: true,
        outcome: "paid",
        receivedAt: new Date(NOW.getTime() - 89 * day),
      },
      {
        provider: "mercado-pago",
        requestId: "forjada",
        verified: false,
        outcome: "bad-signature",
        receivedAt: NOW,
      },
    ]);
    expect(await purgeOldNotifications(db, NOW)).toBe(2);
    expect((await recorded()).map((r) => r.requestId)).toEqual(["recente"]);
  });

  it("pays nothing when the amount differs from the charge, and says so", async () => {
    const { charge } = await openCharge();
    api.setPayment(approved(503, charge.reference, 1.0));
    expect(await receive(notification(503))).toEqual({ status: 200, outcome: "waiting" });
    expect((await chargeState(charge.reference)).state).toBe("open");
    expect((await recorded())[0]!.detail).toContain("diferente do esperado (R$");
  });

  it("waits for approval: a pending payment changes nothing, its approval later pays", async () => {
    const { charge } = await openCharge();
    api.setPayment({
      ...approved(504, charge.reference, 1080.99),
      status: "pending",
      date_approved: null,
    });
    expect(await receive(notification(504))).toEqual({ status: 200, outcome: "not-approved" });
    expect((await chargeState(charge.reference)).state).toBe("open");
    api.setPayment(approved(504, charge.reference, 1080.99));
    expect(await receive(notification(504))).toEqual({ status: 200, outcome: "paid" });
  });

  it("answers 503 while the provider is unreachable, so the retry is processed", async () => {
    const { charge } = await openCharge();
    api.setPayment(approved(505, charge.reference, 1080.99));
    const delivery = notification(505);
    api.failWith(500);
    expect(await receive(delivery)).toEqual({ status: 503, outcome: "provider-unavailable" });
    api.failWith(null);
    expect(await receive(delivery)).toEqual({ status: 200, outcome: "paid" });
  });

  it("pays a first order by its reference, which starts the subscription", async () => {
    const { orderId } = await subscribe("midaspulse", { smtp, pay: false });
    const db = await getDb();
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    api.setPayment(approved(506, order!.reference, 972.35));
    expect(order!.totalBrlCents).toBe(97235);
    expect(await receive(notification(506))).toEqual({ status: 200, outcome: "paid" });
    const [subscription] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, orderId));
    expect(subscription).toMatchObject({ state: "active", anchorDate: "2027-02-22" });
  });

  // Issue 36: money taken is never lost or invisible.
  it("a card paid after staff cancelled the order waits in Pagamentos a resolver, staff e-mailed", async () => {
    const { orderId } = await subscribe("midaspulse", { smtp, pay: false });
    const db = await getDb();
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect((await cancelOrder(orderId, STAFF, "desistiu", NOW)).outcome).toBe("closed");
    api.setPayment(approved(507, order!.reference, 972.35));
    expect(await receive(notification(507))).toEqual({ status: 200, outcome: "waiting" });
    const [event] = await db
      .select()
      .from(moneyEvents)
      .where(eq(moneyEvents.sourceId, "507:approved"));
    expect(event).toMatchObject({
      state: "waiting",
      kind: "card-approved",
      amountCents: 97235,
      waitingReason: 'O pedido já está "Cancelado": o pagamento não foi aplicado.',
    });
    expect(await staffMails()).toBe(1);
    const [after] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(after!.state).toBe("cancelled");
  });

  it("a customer's cancel racing the card payment of the open renewal never loses the payment", async () => {
    const { subscription, charge } = await openCharge();
    api.setPayment(approved(508, charge.reference, 1080.99));
    const [, answer] = await Promise.all([
      cancelSubscription(subscription.id, "cliente", NOW),
      receive(notification(508)),
    ]);
    expect(["paid", "waiting"]).toContain(answer.outcome);
    const db = await getDb();
    const events = await db
      .select()
      .from(moneyEvents)
      .where(eq(moneyEvents.sourceId, "508:approved"));
    expect(events).toHaveLength(1);
    const state = (await chargeState(charge.reference)).state;
    // Either the payment came first (the charge is paid, the cancel ends after that cycle),
    // or the cancel did (the charge is void and the money waits for staff).
    if (state === "paid") expect(events[0]).toMatchObject({ state: "applied" });
    else expect(events[0]).toMatchObject({ state: "waiting" });
  });

  it("a payment after a refund never revives the subscription: it waits for staff", async () => {
    const { subscription, charge } = await openCharge();
    const refunded = await refundSale(
      { subscriptionId: subscription.id },
      { destination: "pix", pixKey: "cliente@exemplo.com", reference: "DEV-9", amountCents: 100 },
      STAFF,
      NOW,
    );
    expect(refunded.outcome).toBe("refunded");
    expect((await chargeState(charge.reference)).state).toBe("void");
    api.setPayment(approved(509, charge.reference, 1080.99));
    expect(await receive(notification(509))).toEqual({ status: 200, outcome: "waiting" });
    const db = await getDb();
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id));
    expect(row!.state).toBe("refunded");
    const [event] = await db
      .select()
      .from(moneyEvents)
      .where(eq(moneyEvents.sourceId, "509:approved"));
    expect(event).toMatchObject({ state: "waiting", chargeId: null });
    expect(await staffMails()).toBe(1);
  });

  it("is off without a token: 404, nothing recorded", async () => {
    const result = await receiveMercadoPagoNotification(
      notification(1).url,
      new Headers(),
      NOW,
      null,
    );
    expect(result).toEqual({ status: 404, outcome: "disabled" });
    expect(await recorded()).toEqual([]);
  });
});

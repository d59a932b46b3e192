import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  signNotification,
  startFakeMercadoPago,
  type FakeMercadoPago,
} from "../../../tests/support/mercado-pago-api.ts";
import {
  createCheckout,
  getPayment,
  ProviderUnavailableError,
  verifyNotificationSignature,
  type MercadoPagoConfig,
} from "./mercado-pago.server.ts";

const secret = "a-webhook-secret-of-the-application";
const now = new Date("2027-02-21T12:00:00Z");
const ts = Math.floor(now.getTime() / 1000);

describe("notification signature", () => {
  const requestId = "bb56a2f1-6aae-46ac-982e-9dcd3581d08e";
  const signed = (overrides: Partial<Parameters<typeof signNotification>[0]> = {}) =>
    signNotification({ secret, dataId: "123456", requestId, ts, ...overrides });

  it("accepts the documented manifest signed with the application's secret", () => {
    expect(
      verifyNotificationSignature({
        secret,
        signature: signed(),
        requestId,
        dataId: "123456",
        now,
      }),
    ).toEqual({ ok: true, timestamp: new Date(ts * 1000) });
  });

  it("lower-cases an alphanumeric data.id, as the documentation says", () => {
    const signature = signed({ dataId: "ORD01JQ4S4KY" });
    expect(
      verifyNotificationSignature({ secret, signature, requestId, dataId: "ORD01JQ4S4KY", now }).ok,
    ).toBe(true);
  });

  it("accepts a timestamp in milliseconds", () => {
    const signature = signed({ ts: now.getTime() - 1000 });
    expect(
      verifyNotificationSignature({ secret, signature, requestId, dataId: "123456", now }).ok,
    ).toBe(true);
  });

  it("refuses another secret, another resource, another request id", () => {
    const other = signNotification({ secret: "someone-else", dataId: "123456", requestId, ts });
    expect(
      verifyNotificationSignature({ secret, signature: other, requestId, dataId: "123456", now }),
    ).toEqual({ ok: false, reason: "mismatch" });
    expect(
      verifyNotificationSignature({
        secret,
        signature: signed(),
        requestId,
        dataId: "999999",
        now,
      }),
    ).toEqual({ ok: false, reason: "mismatch" });
    expect(
      verifyNotificationSignature({
        secret,
        signature: signed(),
        requestId: "another-request",
        dataId: "123456",
        now,
      }),
    ).toEqual({ ok: false, reason: "mismatch" });
  });

  it("refuses a missing or malformed header", () => {
    const check = (signature: string | null) =>
      verifyNotificationSignature({ secret, signature, requestId, dataId: "123456", now });
    expect(check(null)).toEqual({ ok: false, reason: "missing" });
    expect(check("v1=abc")).toEqual({ ok: false, reason: "malformed" });
    expect(check(`ts=${ts},v1=zz`)).toEqual({ ok: false, reason: "malformed" });
    expect(check(`ts=${ts}`)).toEqual({ ok: false, reason: "malformed" });
  });

  it("refuses a timestamp outside the tolerance, either way (a replay later on)", () => {
    const check = (at: Date) =>
      verifyNotificationSignature({
        secret,
        signature: signed(),
        requestId,
        dataId: "123456",
        now: at,
      });
    expect(check(new Date(now.getTime() + 5 * 60_000)).ok).toBe(true);
    expect(check(new Date(now.getTime() + 5 * 60_000 + 1000))).toEqual({
      ok: false,
      reason: "stale",
    });
    expect(check(new Date(now.getTime() - 6 * 60_000))).toEqual({ ok: false, reason: "stale" });
  });
});

describe("the provider's HTTP API (a local server in its place)", () => {
  let api: FakeMercadoPago;
  let config: MercadoPagoConfig;

  beforeAll(async () => {
    api = await startFakeMercadoPago();
    config = { accessToken: "APP_USR-test-token", webhookSecret: secret, apiUrl: api.url };
  });
  afterAll(() => api.close());

  it("creates a Checkout Pro preference in reais, the amount written from its cents", async () => {
    const checkout = await createCheckout(config, {
      reference: "AFX0123456789",
      title: "YenMax Agent - ciclo 2",
      amountBrlCents: 81070,
      payerEmail: "ana@example.com",
      notificationUrl: "https://agentesfx.com.br/webhooks/mercado-pago",
      returnUrl: "https://agentesfx.com.br/minha-conta",
      opensAt: new Date("2027-02-21T12:00:00.000Z"),
      expiresAt: new Date("2027-02-21T12:30:00.000Z"),
    });
    expect(checkout.checkoutUrl).toMatch(/^https:\/\/www\.mercadopago\.com\.br\/checkout\//);
    const request = api.requests.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/checkout/preferences");
    expect(request.headers.authorization).toBe("Bearer APP_USR-test-token");
    expect(request.headers["x-idempotency-key"]).toBe(
      `preference-AFX0123456789-81070-${Date.parse("2027-02-21T12:30:00.000Z")}`,
    );
    expect(request.body).toContain('"unit_price":810.70');
    expect(JSON.parse(request.body)).toMatchObject({
      external_reference: "AFX0123456789",
      notification_url: "https://agentesfx.com.br/webhooks/mercado-pago",
      items: [{ quantity: 1, currency_id: "BRL" }],
      payer: { email: "ana@example.com" },
      expires: true,
      expiration_date_from: "2027-02-21T09:00:00.000-03:00",
      expiration_date_to: "2027-02-21T09:30:00.000-03:00",
      date_of_expiration: "2027-02-21T09:30:00.000-03:00",
    });
  });

  it("is refused by the stand-in when its return URL carries a link token", async () => {
    await expect(
      createCheckout(config, {
        reference: "AFX0123456789",
        title: "YenMax Agent",
        amountBrlCents: 81070,
        payerEmail: null,
        notificationUrl: "https://agentesfx.com.br/webhooks/mercado-pago",
        returnUrl: `https://agentesfx.com.br/convite/${"a".repeat(43)}`,
        opensAt: new Date("2027-02-21T12:00:00.000Z"),
        expiresAt: new Date("2027-02-21T12:30:00.000Z"),
      }),
    ).rejects.toThrow(/HTTP 400/);
  });

  it("reads a payment, its amount in cents", async () => {
    api.setPayment({
      id: 1234567890,
      status: "approved",
      status_detail: "accredited",
      transaction_amount: 810.7,
      currency_id: "BRL",
      external_reference: "AFX0123456789",
      date_approved: "2027-02-21T09:01:08.000-03:00",
      payment_type_id: "credit_card",
    });
    expect(await getPayment(config, "1234567890")).toEqual({
      id: "1234567890",
      status: "approved",
      amountCents: 81070,
      currency: "BRL",
      externalReference: "AFX0123456789",
      approvedAt: new Date("2027-02-21T12:01:08.000Z"),
      paymentType: "credit_card",
    });
    expect(api.requests.at(-1)?.headers.authorization).toBe("Bearer APP_USR-test-token");
  });

  it("gives no amount for one with more than two decimals", async () => {
    api.setPayment({ id: 2, status: "approved", transaction_amount: 810.745 });
    expect((await getPayment(config, "2"))?.amountCents).toBeNull();
  });

  it("says null for a payment it does not know, and never asks about a malformed id", async () => {
    expect(await getPayment(config, "404404")).toBeNull();
    const before = api.requests.length;
    expect(await getPayment(config, "../../users/me")).toBeNull();
    expect(api.requests.length).toBe(before);
  });

  it("reports an error answer or an unreachable API as unavailable, to be retried", async () => {
    api.failWith(503);
    await expect(getPayment(config, "1234567890")).rejects.toBeInstanceOf(ProviderUnavailableError);
    api.failWith(null);
    const closed = { ...config, apiUrl: "http://127.0.0.1:9" };
    await expect(getPayment(closed, "1")).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

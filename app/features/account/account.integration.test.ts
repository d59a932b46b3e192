import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  emailOutbox,
  emailTokens,
  orderSetups,
  subscriptionCharges,
  subscriptions,
  waitlist,
} from "../../../db/schema.ts";
import { form } from "../../../tests/support/http.ts";
import { deliverQueued, linkRequestsCounted, linkTokens } from "../../../tests/support/outbox.ts";
import { callRoute, cookieOf } from "../../../tests/support/route-calls.ts";
import { freshIp } from "../../../tests/support/signup-requests.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { startFakeMercadoPago } from "../../../tests/support/mercado-pago-api.ts";
import { PAID_AT, STAFF, subscribe } from "../../../tests/support/subscriber.ts";
import { accountCopy, accountPanelCopy } from "../../content/account.ts";
import { subscriptionOutcomeCopy } from "../../content/subscriptions.ts";
import { getDb } from "../../platform/db/db.server.ts";
import * as requestRoute from "../../routes/site/account.tsx";
import * as linkRoute from "../../routes/site/account-link.tsx";
import * as panelRoute from "../../routes/site/account-panel.tsx";
import * as receiptRoute from "../../routes/site/account-receipt.tsx";
import * as myDataRequestRoute from "../../routes/site/my-data.tsx";
import * as myDataLinkRoute from "../../routes/site/my-data-view.tsx";
import * as myDataJsonRoute from "../../routes/site/my-data-json.ts";
import { setExchangeRate } from "../orders/orders.server.ts";
import { payCharge } from "../sales/pay.server.ts";
import { runRenewals } from "../sales/renew.server.ts";
import {
  accountOverview,
  cancelOwnSubscription,
  correctOwnAccount,
  ownChargeCheckout,
  ownReceipt,
  requestOwnRefund,
} from "./account.server.ts";
import { accountLinkMessage } from "./messages.tsx";

// The open charge's PIX code is drawn from the site's key (read once, at the first getEnv).
process.env.PIX_KEY = "pix@agentesfx.com.br";

const site = "http://localhost:3000";
const at = (iso: string) => new Date(iso);

const smtp = await smtpServerForFile();

beforeEach(async () => {
  await setExchangeRate(54321, STAFF, at("2027-01-01T12:00:00Z"));
});

const ask = (email: string, extra: Record<string, string> = {}) =>
  callRoute(requestRoute.action, {
    url: `${site}/minha-conta`,
    body: form({ email, ...extra }),
    clientIp: freshIp(),
  });

const link = (token: string, post = false) =>
  callRoute(post ? linkRoute.action : linkRoute.loader, {
    url: `${site}/minha-conta/${token}`,
    params: { token },
    body: post ? "" : undefined,
  });

const panel = (cookie: string) =>
  callRoute(panelRoute.loader, { url: `${site}/minha-conta/painel`, headers: { cookie } });

const act = (cookie: string, fields: Record<string, string>) =>
  callRoute(panelRoute.action, {
    url: `${site}/minha-conta/painel`,
    body: form(fields),
    headers: { cookie },
  });

const receipt = (cookie: string, reference: string) =>
  callRoute(receiptRoute.loader, {
    url: `${site}/minha-conta/recibos/${reference}`,
    params: { reference },
    headers: { cookie },
  });

async function entryIdOf(email: string): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ id: waitlist.id })
    .from(waitlist)
    .where(eq(waitlist.email, email));
  return row!.id;
}

/** Asks for the area's link and opens it: answers the session cookie. */
async function openArea(email: string): Promise<string> {
  expect((await ask(email)).status).toBe(200);
  const token = (await linkTokens(smtp, email, "/minha-conta")).at(-1)!;
  expect((await link(token)).status).toBe(200);
  const opened = await link(token, true);
  expect(opened.status).toBe(303);
  expect(opened.headers.get("Location")).toBe("/minha-conta/painel");
  return cookieOf(opened.headers);
}

describe("/minha-conta, the link and the session", () => {
  it("answers every address the same and e-mails a link only to a customer", async () => {
    const { email } = await subscribe("yenmax", { smtp });
    const db = await getDb();
    await db.insert(waitlist).values({
      name: "Sem pedido",
      email: "sem-pedido@exemplo.com",
      interestedAgents: ["yenmax"],
      termsAcceptedAt: PAID_AT,
    });
    const sent = { status: 200, body: { message: accountCopy.sent } };
    expect(await ask(email)).toMatchObject(sent);
    expect(await ask("sem-pedido@exemplo.com")).toMatchObject(sent);
    expect(await ask("ninguem@exemplo.com")).toMatchObject(sent);
    expect(await ask(email, { website: "bot" })).toMatchObject(sent);
    expect(await ask("não é e-mail")).toMatchObject({ status: 400 });
    const links = await db
      .select({ to: emailOutbox.recipient })
      .from(emailOutbox)
      .where(eq(emailOutbox.template, accountLinkMessage.name));
    expect(links).toEqual([{ to: email }]);
    // At most 3 links a day to one address, whoever asks (decision 202); the answer is the same.
    for (let i = 0; i < 3; i += 1) expect(await ask(email)).toMatchObject(sent);
    expect(await db.$count(emailOutbox, eq(emailOutbox.template, accountLinkMessage.name))).toBe(3);
    // An address without an order is counted as one with an order is (decision 225).
    for (let i = 0; i < 3; i += 1) expect(await ask("ninguem@exemplo.com")).toMatchObject(sent);
    expect(await linkRequestsCounted(accountLinkMessage, email)).toBe(4);
    expect(await linkRequestsCounted(accountLinkMessage, "ninguem@exemplo.com")).toBe(4);
    expect(await linkRequestsCounted(accountLinkMessage, "sem-pedido@exemplo.com")).toBe(1);
  });

  it("opens once within the hour, with an HttpOnly strict cookie for /minha-conta only", async () => {
    const { email } = await subscribe("yenmax", { smtp });
    expect((await ask(email)).status).toBe(200);
    const token = (await linkTokens(smtp, email, "/minha-conta")).at(-1)!;
    // A GET (a mail scanner) shows the button and spends nothing.
    expect((await link(token)).status).toBe(200);
    expect((await link(token)).status).toBe(200);
    const opened = await link(token, true);
    expect(opened.status).toBe(303);
    const setCookie = opened.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/minha-conta/);
    expect(setCookie).toMatch(/Max-Age=3600/);
    expect(await link(token, true)).toMatchObject({ status: 410 });
    expect(await link(token)).toMatchObject({ status: 410 });
    expect(await link("x".repeat(43), true)).toMatchObject({ status: 404 });

    const cookie = cookieOf(opened.headers);
    expect((await panel(cookie)).status).toBe(200);
    expect(await panel("")).toMatchObject({ status: 401 });
    expect(await act("", { intent: "cancel" })).toMatchObject({ status: 401 });

    // The session ends after its hour.
    const db = await getDb();
    await db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailTokens.purpose, "my-account-session"));
    expect(await panel(cookie)).toMatchObject({ status: 401 });
  });

  it("a link past its hour is gone, and a Meus dados link does not open the area", async () => {
    const { email } = await subscribe("yenmax", { smtp });
    expect((await ask(email)).status).toBe(200);
    const token = (await linkTokens(smtp, email, "/minha-conta")).at(-1)!;
    const db = await getDb();
    await db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(emailTokens.purpose, "my-account"), sql`used_at is null`));
    expect(await link(token, true)).toMatchObject({ status: 410 });

    await callRoute(myDataRequestRoute.action, {
      url: `${site}/meus-dados`,
      body: form({ email }),
      clientIp: freshIp(),
    });
    const myDataToken = (await linkTokens(smtp, email, "/meus-dados")).at(-1)!;
    expect(await link(myDataToken, true)).toMatchObject({ status: 404 });
  });
});

describe("what the area shows", () => {
  it("each subscription with its status, cycle, next due date, amount and open charge", async () => {
    const { email, subscription } = await subscribe("yenmax", { smtp, partnerBroker: true });
    const entryId = await entryIdOf(email);
    const before = await accountOverview(entryId, at("2027-02-10T12:00:00Z"));
    expect(before?.subscriptions).toHaveLength(1);
    expect(before!.subscriptions[0]).toMatchObject({
      id: subscription.id,
      robotName: subscription.robotName,
      state: "active",
      currentCycle: { number: 1, start: "2027-01-31", lastDay: "2027-02-27" },
      nextDue: "2027-02-28",
      // US$ 199.00 less the partner's 25%, at today's rate.
      nextAmount: { usdCents: 14925, brlCents: 81074 },
      openCharge: null,
      guarantee: { allowed: false, lastDay: "2027-02-07" },
    });

    await runRenewals(at("2027-02-21T12:00:00Z"));
    const after = await accountOverview(entryId, at("2027-02-21T13:00:00Z"));
    const [line] = after!.subscriptions;
    expect(line!.openCharge).toMatchObject({
      cycle: 2,
      dueDate: "2027-02-28",
      totalBrlCents: 81074,
    });
    expect(line!.openCharge!.pix?.code).toContain(line!.openCharge!.reference);
    expect(line!.history.map((h) => [h.cycle, h.state])).toEqual([
      [1, "paid"],
      [2, "open"],
    ]);
  });
});

describe("cancel", () => {
  it("keeps service to the end of the paid cycle, e-mails the date, and only for one's own", async () => {
    const { email, subscription } = await subscribe("yenmax", { smtp });
    const other = await subscribe("yenmax", { smtp });
    const entryId = await entryIdOf(email);
    expect(
      await cancelOwnSubscription(entryId, other.subscription.id, at("2027-02-10T12:00:00Z")),
    ).toEqual({
      outcome: "not-found",
    });
    expect(await cancelOwnSubscription(entryId, "not-a-uuid", at("2027-02-10T12:00:00Z"))).toEqual({
      outcome: "not-found",
    });
    const db = await getDb();
    const [untouched] = await db
      .select({ state: subscriptions.state })
      .from(subscriptions)
      .where(eq(subscriptions.id, other.subscription.id));
    expect(untouched?.state).toBe("active");

    expect(
      await cancelOwnSubscription(entryId, subscription.id, at("2027-02-10T12:00:00Z")),
    ).toEqual({
      outcome: "cancelled",
      lastServedDay: "2027-02-27",
    });
    await deliverQueued(smtp);
    const confirmation = smtp.messages.find(
      (mail) => mail.subject === "Cancelamento confirmado" && mail.text?.includes("27/02/2027"),
    );
    expect(confirmation?.to && !Array.isArray(confirmation.to) && confirmation.to.text).toBe(email);
    const overview = await accountOverview(entryId, at("2027-02-10T13:00:00Z"));
    expect(overview!.subscriptions[0]).toMatchObject({
      state: "cancelled",
      endsOn: "2027-02-27",
      nextDue: null,
    });
  });

  it("through the panel: needs the confirmation box, then shows the end date", async () => {
    const { email } = await subscribe("yenmax", { smtp });
    const cookie = await openArea(email);
    const view = (await panel(cookie)).body as { overview: { subscriptions: { id: string }[] } };
    const id = view.overview.subscriptions[0]!.id;
    expect(await act(cookie, { intent: "cancel", subscription: id })).toMatchObject({
      status: 400,
      body: { message: accountPanelCopy.cancelNeedsConfirm },
    });
    const done = await act(cookie, { intent: "cancel", subscription: id, confirm: "on" });
    expect(done.status).toBe(303);
    const location = done.headers.get("Location")!;
    const shown = await callRoute(panelRoute.loader, {
      url: `${site}${location}`,
      headers: { cookie },
    });
    // The test clock is before PAID_AT, so the whole first cycle is still ahead.
    expect((shown.body as { notice: string }).notice).toBe(
      accountPanelCopy.cancelled("27/02/2027"),
    );
    expect(await act(cookie, { intent: "cancel", subscription: id, confirm: "on" })).toMatchObject({
      status: 409,
      body: { message: subscriptionOutcomeCopy.alreadyCancelled("27/02/2027") },
    });
  });
});

describe("the 7-day guarantee", () => {
  it("accepted through day 7 in São Paulo, refused from day 8 with the last day", async () => {
    const early = await subscribe("yenmax", { smtp });
    const late = await subscribe("yenmax", { smtp });
    const earlyId = await entryIdOf(early.email);
    const lateId = await entryIdOf(late.email);
    // Paid 31/01 11h in São Paulo (day 0); day 7 ends at 07/02 23:59:59 there (02:59:59Z).
    expect(
      await requestOwnRefund(lateId, late.subscription.id, at("2027-02-08T03:00:00Z")),
    ).toEqual({
      outcome: "guarantee-over",
      lastDay: "2027-02-07",
    });
    expect(
      await requestOwnRefund(lateId, early.subscription.id, at("2027-02-01T12:00:00Z")),
    ).toEqual({
      outcome: "not-found",
    });
    expect(
      await requestOwnRefund(earlyId, early.subscription.id, at("2027-02-08T02:59:59Z")),
    ).toEqual({ outcome: "requested" });
    expect(
      await requestOwnRefund(earlyId, early.subscription.id, at("2027-02-08T02:59:59Z")),
    ).toEqual({ outcome: "already-requested" });
    const overview = await accountOverview(earlyId, at("2027-02-08T12:00:00Z"));
    expect(overview!.subscriptions[0]).toMatchObject({ refundRequested: true, state: "active" });
  });

  it("the panel refuses a request out of the window with a clear message", async () => {
    const { email } = await subscribe("yenmax", { smtp, paidAt: at("2026-01-05T14:00:00Z") });
    const cookie = await openArea(email);
    const view = (await panel(cookie)).body as { overview: { subscriptions: { id: string }[] } };
    expect(
      await act(cookie, { intent: "refund", subscription: view.overview.subscriptions[0]!.id }),
    ).toMatchObject({
      status: 409,
      body: { message: subscriptionOutcomeCopy.guaranteeOver("12/01/2026") },
    });
  });
});

describe("receipts", () => {
  it("of the first payment and of a paid renewal, only to the session's own person", async () => {
    const { email, subscription } = await subscribe("yenmax", { smtp });
    const other = await subscribe("yenmax", { smtp });
    const db = await getDb();
    await runRenewals(at("2027-02-21T12:00:00Z"));
    const [charge] = await db
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.subscriptionId, subscription.id));
    const entryId = await entryIdOf(email);
    // An open charge has no receipt yet.
    expect(await ownReceipt(entryId, charge!.reference)).toBeNull();
    expect(
      await payCharge(
        charge!.reference,
        { method: "transfer", reference: "TED-991" },
        STAFF,
        at("2027-02-25T15:00:00Z"),
      ),
    ).toBe("paid");

    const overview = await accountOverview(entryId, at("2027-02-25T16:00:00Z"));
    const [first, renewal] = overview!.subscriptions[0]!.history;
    expect(await ownReceipt(entryId, first!.reference)).toMatchObject({
      payerName: expect.stringMatching(/^Cliente/),
      payerEmail: email,
      robotName: subscription.robotName,
      cycle: 1,
      period: { start: "2027-01-31", lastDay: "2027-02-27" },
      method: "pix",
      paymentReference: "E2E-1",
    });
    expect(await ownReceipt(entryId, renewal!.reference)).toMatchObject({
      cycle: 2,
      period: { start: "2027-02-28", lastDay: "2027-03-30" },
      amountBrlCents: charge!.totalBrlCents,
      method: "transfer",
      paymentReference: "TED-991",
      reference: charge!.reference,
    });

    const cookie = await openArea(email);
    const otherCookie = await openArea(other.email);
    expect(await receipt(cookie, renewal!.reference)).toMatchObject({
      status: 200,
      body: { state: "found" },
    });
    expect(await receipt(otherCookie, renewal!.reference)).toMatchObject({ status: 404 });
    expect(await receipt(otherCookie, first!.reference)).toMatchObject({ status: 404 });
    expect(await receipt("", first!.reference)).toMatchObject({ status: 401 });
    expect(await receipt(cookie, "AFX0000000000")).toMatchObject({ status: 404 });
  });
});

describe("correcting the broker account", () => {
  it("validates, saves, sends setup back to staff when the account changes, and only one's own", async () => {
    const { email, orderId } = await subscribe("yenmax", { smtp });
    const other = await subscribe("yenmax", { smtp });
    const entryId = await entryIdOf(email);
    const fields = (values: Record<string, string>) => new URLSearchParams(values);
    const valid = {
      order: orderId,
      accountNumber: "12345678",
      brokerServer: "Corretora-Live",
      platform: "MT5",
      whatsapp: "(11) 98765-4321",
    };
    const bad = await correctOwnAccount(
      entryId,
      fields({ ...valid, accountNumber: "12a", platform: "MT9" }),
      at("2027-02-01T12:00:00Z"),
    );
    expect(bad).toMatchObject({
      ok: false,
      errors: { accountNumber: expect.any(String), platform: expect.any(String) },
    });
    expect(
      await correctOwnAccount(entryId, fields({ ...valid, order: other.orderId }), PAID_AT),
    ).toEqual({ ok: false, notFound: true });

    expect(await correctOwnAccount(entryId, fields(valid), at("2027-02-01T12:00:00Z"))).toEqual({
      ok: true,
    });
    const db = await getDb();
    const setupOf = async (id: string) =>
      (await db.select().from(orderSetups).where(eq(orderSetups.orderId, id)))[0]!;
    expect(await setupOf(orderId)).toMatchObject({
      state: "awaiting-vps",
      accountNumber: "12345678",
      whatsapp: "11987654321",
    });
    expect((await setupOf(other.orderId)).accountNumber).toBeNull();

    // Staff configured the VPS; a new WhatsApp alone keeps it, a new account sends it back.
    await db.update(orderSetups).set({ state: "running" }).where(eq(orderSetups.orderId, orderId));
    await correctOwnAccount(entryId, fields({ ...valid, whatsapp: "11912345678" }), PAID_AT);
    expect((await setupOf(orderId)).state).toBe("running");
    await correctOwnAccount(entryId, fields({ ...valid, accountNumber: "87654321" }), PAID_AT);
    expect(await setupOf(orderId)).toMatchObject({
      state: "awaiting-vps",
      accountNumber: "87654321",
    });
  });
});

describe("Meus dados' export", () => {
  it("holds the person's orders, payments and subscriptions with their charges", async () => {
    const { email, subscription, orderId } = await subscribe("yenmax", { smtp });
    await subscribe("yenmax", { smtp });
    await runRenewals(at("2027-02-21T12:00:00Z"));
    await callRoute(myDataRequestRoute.action, {
      url: `${site}/meus-dados`,
      body: form({ email }),
      clientIp: freshIp(),
    });
    const token = (await linkTokens(smtp, email, "/meus-dados")).at(-1)!;
    const opened = await callRoute(myDataLinkRoute.action, {
      url: `${site}/meus-dados/${token}`,
      params: { token },
      body: "",
    });
    const exported = await callRoute(myDataJsonRoute.loader, {
      url: `${site}/meus-dados/dados.json`,
      headers: { cookie: cookieOf(opened.headers) },
    });
    expect(exported.status).toBe(200);
    const body = exported.body as {
      entry: { email: string };
      orders: { id: string; payment: { method: string } | null; setup: Record<string, unknown> }[];
      subscriptions: { id: string; charges: { cycle: number }[] }[];
    };
    expect(body.entry.email).toBe(email);
    expect(body.orders.map((order) => order.id)).toEqual([orderId]);
    expect(body.orders[0]!.payment).toMatchObject({ method: "pix", reference: "E2E-1" });
    expect(body.orders[0]!.setup).not.toHaveProperty("credentialSealed");
    expect(body.subscriptions.map((s) => s.id)).toEqual([subscription.id]);
    expect(body.subscriptions[0]!.charges.map((charge) => charge.cycle)).toEqual([2]);
  });
});

describe("pagar com cartão", () => {
  it("opens Mercado Pago's checkout for one's own open charge, and says so when it cannot", async () => {
    const api = await startFakeMercadoPago();
    try {
      const config = { accessToken: "APP_USR-test", webhookSecret: "segredo", apiUrl: api.url };
      const { email, subscription } = await subscribe("yenmax", { smtp });
      const other = await subscribe("yenmax", { smtp });
      await runRenewals(at("2027-02-21T12:00:00Z"));
      const db = await getDb();
      const [charge] = await db
        .select()
        .from(subscriptionCharges)
        .where(eq(subscriptionCharges.subscriptionId, subscription.id));
      const entryId = await entryIdOf(email);
      const now = at("2027-02-22T12:00:00Z");

      expect(await ownChargeCheckout(entryId, charge!.reference, now, null)).toEqual({
        outcome: "unavailable",
      });
      expect(
        await ownChargeCheckout(await entryIdOf(other.email), charge!.reference, now, config),
      ).toEqual({ outcome: "not-found" });
      expect(api.requests).toEqual([]);

      const opened = await ownChargeCheckout(entryId, charge!.reference, now, config);
      expect(opened).toEqual({
        outcome: "checkout",
        url: "https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=123-pref-1",
      });
      const sent = JSON.parse(api.requests[0]!.body) as Record<string, unknown>;
      expect(sent).toMatchObject({
        external_reference: charge!.reference,
        notification_url: expect.stringMatching(/\/webhooks\/mercado-pago$/),
        payer: { email },
        items: [{ currency_id: "BRL", quantity: 1 }],
        back_urls: { success: expect.stringMatching(/\/minha-conta\/painel$/) },
        expires: true,
        expiration_date_from: "2027-02-22T09:00:00.000-03:00",
        expiration_date_to: "2027-02-22T09:30:00.000-03:00",
      });
      expect(api.requests[0]!.body).toContain(
        `"unit_price":${Math.floor(charge!.totalBrlCents / 100)}.${String(charge!.totalBrlCents % 100).padStart(2, "0")}`,
      );

      api.failWith(503);
      expect(await ownChargeCheckout(entryId, charge!.reference, now, config)).toEqual({
        outcome: "unavailable",
      });
      api.failWith(null);
      await payCharge(
        charge!.reference,
        { method: "pix", reference: "P" },
        STAFF,
        at("2027-02-25T12:00:00Z"),
      );
      expect(await ownChargeCheckout(entryId, charge!.reference, now, config)).toEqual({
        outcome: "not-found",
      });
    } finally {
      await api.close();
    }
  });
});

import { asc, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startTestPsp, TEST_WEBHOOK_SECRET } from "../../../tests/support/local-psp.ts";
import { startCallbackReceiver } from "../../../tests/support/psp-callback-receiver.ts";
import { deliverQueued, messagesTo } from "../../../tests/support/outbox.ts";
import { clearSales } from "../../../tests/support/sales.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import {
  orderEvents,
  orders,
  payments,
  pixCharges,
  pixInbox,
  moneyEvents,
  robots,
  waitlist,
} from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { ApiPixClient } from "../../platform/payments/api-pix.server.ts";
import { inviteNext } from "../invitations/invitations.server.ts";
import { acceptInvitation } from "../sales/accept.server.ts";
import { cancelOrder } from "../sales/cancel.server.ts";
import { ordersOverview } from "./admin-queries.server.ts";
import { orderViewByLink } from "./order-view.server.ts";
import { setExchangeRate } from "./orders.server.ts";
import { chargeTxid, createDueCharges } from "./pix-charges.server.ts";
import { reconcilePix } from "./pix-jobs.server.ts";
import { applyStoredPix } from "./pix-inbox.server.ts";
import { receivePixNotification } from "./pix-webhook.server.ts";

// The first payment through the API Pix, against the local PSP over mutual TLS (which checks
// every exchange against the official contract): the order's own charge, its webhook (on
// time, repeated, late, never), polling, and every odd Pix landing "a resolver".

const { psp, env, config } = await startTestPsp();
// Read on first use of the env module, after this line.
Object.assign(process.env, env);
const client = new ApiPixClient(config);

const receiver = await startCallbackReceiver();
await client.registerWebhook(receiver.webhookBase);

const smtp = await smtpServerForFile();
const STAFF = "financeiro@agentesfx.test";

afterAll(async () => {
  client.close();
  await psp.close();
  await receiver.close();
});

beforeEach(async () => {
  await clearSales();
  psp.setWebhookMode({ kind: "on-time" });
  psp.refuse(null);
  psp.breaches.length = 0;
});

let run = 0;
/** An accepted order of a priced robot at R$ 5,4321 per US$, with its invitation's token. */
async function acceptedOrder() {
  run += 1;
  const db = await getDb();
  const now = new Date();
  const [person] = await db
    .insert(waitlist)
    .values({
      name: `Pessoa ${run}`,
      email: `pix${run}@exemplo.com`,
      interestedAgents: ["yenmax"],
      termsAcceptedAt: now,
      createdAt: new Date(Date.UTC(2026, 10, 1, 0, run)),
      confirmedAt: now,
    })
    .returning();
  const [robot] = await db.select().from(robots).where(eq(robots.key, "yenmax"));
  await setExchangeRate(54321, STAFF, now);
  await inviteNext(robot!.id, 1, STAFF, now);
  await deliverQueued(smtp);
  const [mail] = messagesTo(smtp, person!.email);
  const token = /\/convite\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1] ?? "";
  expect(await acceptInvitation(token, now, true)).toBe("accepted");
  const [order] = await db.select().from(orders).where(eq(orders.waitlistId, person!.id));
  return { order: order!, token, email: person!.email };
}

/** The ledger's one line of a received Pix. */
async function receiptOf(endToEndId: string) {
  const db = await getDb();
  const rows = await db.select().from(moneyEvents).where(eq(moneyEvents.sourceId, endToEndId));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0];
}

async function stateOf(orderId: string) {
  const db = await getDb();
  const [row] = await db.select({ state: orders.state }).from(orders).where(eq(orders.id, orderId));
  return row?.state;
}

/** The order page's view, which creates the pending charge at the PSP. */
async function openPage(token: string) {
  const view = await orderViewByLink({ invitation: token });
  if (!view) throw new Error("no order page");
  return view;
}

describe("the order's own PIX charge", () => {
  it("is created at the PSP when the page opens, until the deadline, code on page and e-mail", async () => {
    const { order, token, email } = await acceptedOrder();
    const before = messagesTo(smtp, email).length;
    await deliverQueued(smtp);
    // The person's instructions wait for the charge (only staff's news went out).
    expect(messagesTo(smtp, email).length).toBe(before);

    const view = await openPage(token);
    const cob = psp.cob(chargeTxid(order));
    expect(Number(cob?.valor.original.replace(".", ""))).toBe(order.totalBrlCents);
    const secondsLeft = (order.deadline.getTime() - Date.now()) / 1000;
    expect(Math.abs(cob!.calendario.expiracao - secondsLeft)).toBeLessThan(60);
    expect(view.pix).toMatchObject({ code: cob!.pixCopiaECola, dynamic: true });

    await deliverQueued(smtp);
    const instructions = messagesTo(smtp, email).at(-1);
    const squeeze = (text: string) => text.replace(/\s+/g, "");
    expect(squeeze(instructions?.text ?? "")).toContain(squeeze(cob!.pixCopiaECola));
    // Opening the page again calls the PSP no more.
    const calls = psp.calls.length;
    await openPage(token);
    expect(psp.calls.length).toBe(calls);
    expect(psp.breaches).toEqual([]);
  });

  it("is created by the worker when nobody opens the page", async () => {
    const { order } = await acceptedOrder();
    await createDueCharges(new Date(), client);
    const db = await getDb();
    const [charge] = await db.select().from(pixCharges).where(eq(pixCharges.orderId, order.id));
    expect(charge?.state).toBe("active");
    expect(psp.cob(charge!.txid)?.status).toBe("ATIVA");
  });

  it("falls back to the static code when the PSP refuses the charge", async () => {
    const { order, token, email } = await acceptedOrder();
    psp.refuse(403);
    const view = await openPage(token);
    expect(view.pix?.dynamic).toBe(false);
    expect(view.pix?.code).toContain(order.reference);
    await deliverQueued(smtp);
    expect(messagesTo(smtp, email).at(-1)?.text).toContain(order.reference);
  });
});

describe("a Pix the PSP confirms", () => {
  it("pays the order by its webhook, once, with the endToEndId as the payment", async () => {
    const { order, token } = await acceptedOrder();
    await openPage(token);
    psp.setWebhookMode({ kind: "repeat", times: 2 });
    const pix = await psp.pay({ txid: chargeTxid(order) });
    await psp.settled();
    expect(psp.deliveries.slice(-2).map((d) => d.status)).toEqual([200, 200]);
    expect(await stateOf(order.id)).toBe("paid");
    const db = await getDb();
    const paid = await db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(paid).toMatchObject([
      { method: "pix", reference: pix.endToEndId, amountBrlCents: order.totalBrlCents },
    ]);
    expect(await receiptOf(pix.endToEndId)).toMatchObject({
      source: "api-pix",
      kind: "pix-received",
      state: "applied",
      origin: "API Pix (webhook)",
      orderId: order.id,
    });
    // One record of the money: the ledger's line, nothing else.
    expect(await db.select().from(moneyEvents)).toHaveLength(1);
    const events = await db
      .select({ actor: orderEvents.actor, toState: orderEvents.toState })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.at));
    expect(events.filter((e) => e.toState === "paid")).toEqual([
      { actor: "API Pix", toState: "paid" },
    ]);
    expect(await stateOf(order.id)).toBe("paid");
    expect(psp.breaches).toEqual([]);
  });

  it("is found by polling when the webhook never comes, and a late webhook changes nothing", async () => {
    const { order, token } = await acceptedOrder();
    await openPage(token);
    psp.setWebhookMode({ kind: "drop" });
    const pix = await psp.pay({ txid: chargeTxid(order) });
    expect(await stateOf(order.id)).toBe("awaiting-payment");
    expect(await reconcilePix(new Date(), client)).toBeGreaterThanOrEqual(1);
    expect(await stateOf(order.id)).toBe("paid");
    expect((await receiptOf(pix.endToEndId))?.origin).toBe("API Pix (poll)");
    const late = await receivePixNotification(
      TEST_WEBHOOK_SECRET,
      JSON.stringify({ pix: [pix] }),
      new Date(),
    );
    expect(late).toEqual({ status: 200 });
    expect(await applyStoredPix(new Date())).toEqual(["repeat"]);
  });

  it("applies out-of-order webhooks each to its own order", async () => {
    const first = await acceptedOrder();
    const second = await acceptedOrder();
    await openPage(first.token);
    await openPage(second.token);
    psp.setWebhookMode({ kind: "late", ms: 300 });
    await psp.pay({ txid: chargeTxid(first.order) });
    psp.setWebhookMode({ kind: "on-time" });
    await psp.pay({ txid: chargeTxid(second.order) });
    await psp.settled();
    expect(await stateOf(first.order.id)).toBe("paid");
    expect(await stateOf(second.order.id)).toBe("paid");
  });
});

describe("an odd Pix", () => {
  /** A webhook's delivery, then the worker's turn. */
  async function notify(pix: object) {
    const { status } = await receivePixNotification(
      TEST_WEBHOOK_SECRET,
      JSON.stringify({ pix: [pix] }),
      new Date(),
    );
    return { status, outcomes: await applyStoredPix(new Date()) };
  }
  const e2e = (n: number) => `E12345678202612011200${String(n).padStart(11, "0")}`;

  it("lands a resolver with its reason, never paying, never a 500", async () => {
    const { order, token } = await acceptedOrder();
    await openPage(token);
    const txid = chargeTxid(order);
    const horario = new Date().toISOString();
    expect(
      await notify({
        endToEndId: e2e(1),
        txid: "UNKNOWN0000000000000000000000",
        valor: "1.00",
        horario,
      }),
    ).toEqual({ status: 200, outcomes: ["unknown-txid"] });
    expect(await notify({ endToEndId: e2e(2), txid, valor: "1.00", horario })).toEqual({
      status: 200,
      outcomes: ["wrong-amount"],
    });
    const late = new Date(order.deadline.getTime() + 60_000).toISOString();
    const valor = (order.totalBrlCents! / 100).toFixed(2);
    expect(await notify({ endToEndId: e2e(3), txid, valor, horario: late })).toEqual({
      status: 200,
      outcomes: ["paid-after-expiry"],
    });
    expect(await stateOf(order.id)).toBe("awaiting-payment");
    expect(await notify({ endToEndId: e2e(4), txid, valor, horario })).toEqual({
      status: 200,
      outcomes: ["applied"],
    });
    expect(await notify({ endToEndId: e2e(5), txid, valor, horario })).toEqual({
      status: 200,
      outcomes: ["already-paid"],
    });
    expect(await notify({ endToEndId: e2e(4), txid, valor: "2.00", horario })).toEqual({
      status: 200,
      outcomes: ["conflicting-repeat"],
    });
    const db = await getDb();
    const waiting = await db
      .select({ sourceId: moneyEvents.sourceId, reason: moneyEvents.waitingReason })
      .from(moneyEvents)
      .where(eq(moneyEvents.state, "waiting"))
      .orderBy(asc(moneyEvents.sourceId));
    expect(waiting.map((row) => row.reason?.split(":")[0])).toEqual([
      "PIX sem cobrança conhecida (txid desconhecido)",
      "valor diferente do cobrado",
      "pago depois do vencimento da cobrança",
      "o PSP repetiu o endToEndId com dados diferentes",
      expect.stringMatching(/^O pedido já está "Pago"/),
    ]);
    // The applied one stays applied beside its conflicting repeat.
    expect((await receiptOf(e2e(4)))?.state).toBe("applied");
    // Staff see each one on /admin/pedidos (and resolve them on /admin/pagamentos).
    const overview = await ordersOverview({ state: null, linksOnly: false });
    expect(overview.unresolvedPix).toHaveLength(5);
    expect(
      overview.unresolvedPix.find((pix) => pix.reason?.startsWith("valor diferente")),
    ).toMatchObject({ txid, amountBrlCents: 100 });
  });

  it("for a cancelled order waits for staff", async () => {
    const { order, token } = await acceptedOrder();
    await openPage(token);
    await cancelOrder(order.id, STAFF, "desistiu", new Date());
    const pix = await psp.pay({ txid: chargeTxid(order) });
    await psp.settled();
    expect(await receiptOf(pix.endToEndId)).toMatchObject({
      state: "waiting",
      waitingReason: expect.stringMatching(/^O pedido já está "Cancelado"/),
    });
    expect(await stateOf(order.id)).toBe("cancelled");
  });

  it("is refused unstored without the secret or with a body outside the contract", async () => {
    const body = JSON.stringify({
      pix: [{ endToEndId: e2e(9), txid: "X", valor: "1.00", horario: new Date().toISOString() }],
    });
    expect(await receivePixNotification("wrong-secret", body, new Date())).toEqual({
      status: 401,
    });
    expect(
      await receivePixNotification(TEST_WEBHOOK_SECRET, '{"pix":[{"valor":1}]}', new Date()),
    ).toEqual({ status: 400 });
    expect(await receivePixNotification(TEST_WEBHOOK_SECRET, "not json", new Date())).toEqual({
      status: 400,
    });
    const db = await getDb();
    expect(await db.select().from(pixInbox)).toEqual([]);
    expect(await db.select().from(moneyEvents)).toEqual([]);
  });
});

describe("the webhook's inbox", () => {
  const pixOf = (order: { totalBrlCents: number | null }, txid: string, n: number) => ({
    endToEndId: `E98765432202612011200${String(n).padStart(11, "0")}`,
    txid,
    valor: (order.totalBrlCents! / 100).toFixed(2),
    horario: new Date().toISOString(),
  });

  it("answers once the Pix is stored, and the worker applies it", async () => {
    const { order, token } = await acceptedOrder();
    await openPage(token);
    const pix = pixOf(order, chargeTxid(order), 1);
    const body = JSON.stringify({ pix: [pix] });
    expect(await receivePixNotification(TEST_WEBHOOK_SECRET, body, new Date())).toEqual({
      status: 200,
    });
    expect(await stateOf(order.id)).toBe("awaiting-payment");
    const db = await getDb();
    expect(await db.select({ pix: pixInbox.pix }).from(pixInbox)).toEqual([{ pix }]);
    expect(await applyStoredPix(new Date())).toEqual(["applied"]);
    expect(await stateOf(order.id)).toBe("paid");
    expect(await db.select().from(pixInbox)).toEqual([]);
  });

  it("applies once what a worker that died had claimed, after its lease", async () => {
    const { order, token } = await acceptedOrder();
    await openPage(token);
    const pix = pixOf(order, chargeTxid(order), 2);
    const now = new Date();
    await receivePixNotification(TEST_WEBHOOK_SECRET, JSON.stringify({ pix: [pix] }), now);
    // A worker claims it and dies after applying it, before the row is gone.
    const db = await getDb();
    await db.update(pixInbox).set({ runAt: new Date(now.getTime() + 60_000), attempts: 1 });
    await receivePixNotification(TEST_WEBHOOK_SECRET, JSON.stringify({ pix: [pix] }), now);
    expect(await applyStoredPix(now)).toEqual(["applied"]);
    expect(await applyStoredPix(now)).toEqual([]);
    expect(await applyStoredPix(new Date(now.getTime() + 61_000))).toEqual(["repeat"]);
    expect(await db.select().from(pixInbox)).toEqual([]);
    expect(await db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
  });

  it("applies a claimed batch together, each Pix with the outcome it would get alone", async () => {
    const first = await acceptedOrder();
    const second = await acceptedOrder();
    const third = await acceptedOrder();
    for (const { token } of [first, second, third]) await openPage(token);
    const paying = pixOf(first.order, chargeTxid(first.order), 10);
    const notifications = [
      paying,
      pixOf(second.order, chargeTxid(second.order), 11),
      // The PSP repeats the first inside the same batch.
      paying,
      { ...pixOf(third.order, chargeTxid(third.order), 12), valor: "1.00" },
      // A second payment of the first order, by another payer.
      pixOf(first.order, chargeTxid(first.order), 13),
    ];
    const start = Date.now();
    for (const [i, pix] of notifications.entries()) {
      const at = new Date(start + i);
      await receivePixNotification(TEST_WEBHOOK_SECRET, JSON.stringify({ pix: [pix] }), at);
    }
    expect(await applyStoredPix(new Date(start + 10))).toEqual([
      "applied",
      "applied",
      "repeat",
      "wrong-amount",
      "already-paid",
    ]);
    expect(await stateOf(first.order.id)).toBe("paid");
    expect(await stateOf(second.order.id)).toBe("paid");
    expect(await stateOf(third.order.id)).toBe("awaiting-payment");
    const db = await getDb();
    for (const { order } of [first, second]) {
      const paid = await db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(paid).toHaveLength(1);
    }
    expect(await receiptOf(paying.endToEndId)).toMatchObject({
      state: "applied",
      orderId: first.order.id,
      origin: "API Pix (webhook)",
    });
    expect((await receiptOf(notifications[4]!.endToEndId))?.waitingReason).toMatch(
      /^O pedido já está "Pago"/,
    );
    expect(await db.select().from(pixInbox)).toEqual([]);
    // Each paid order's customer is e-mailed as for a Pix applied alone.
    await deliverQueued(smtp);
    for (const { email } of [first, second]) {
      const subjects = messagesTo(smtp, email).map((mail) => mail.subject);
      expect(subjects).toEqual(
        expect.arrayContaining([
          "Pagamento recebido: envie os dados da sua conta",
          "Recibo de pagamento",
        ]),
      );
      expect(subjects.filter((subject) => subject === "Recibo de pagamento")).toHaveLength(1);
    }
  });

  it("keeps one it cannot apply, retries it later, and shows staff it after a minute", async () => {
    const db = await getDb();
    const now = new Date();
    // Stored by a version whose contract this one no longer reads.
    await db.insert(pixInbox).values({ pix: { valor: "1.00" }, receivedAt: now, runAt: now });
    expect(await applyStoredPix(now)).toEqual([]);
    const [kept] = await db.select().from(pixInbox);
    expect(kept).toMatchObject({ attempts: 1, lastError: expect.stringContaining("endToEndId") });
    expect(kept!.runAt.getTime()).toBeGreaterThan(now.getTime());
    expect((await ordersOverview({ state: null, linksOnly: false })).stuckPix).toBeNull();
    await db.update(pixInbox).set({ receivedAt: new Date(now.getTime() - 61_000) });
    expect((await ordersOverview({ state: null, linksOnly: false })).stuckPix).toMatchObject({
      count: 1,
      lastError: expect.stringContaining("endToEndId"),
    });
  });
});

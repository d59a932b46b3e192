import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { deliverQueued, messagesTo } from "../../../tests/support/outbox.ts";
import { clearSales } from "../../../tests/support/sales.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { ofxStatement as ofx } from "../../../tests/support/ofx.ts";
import {
  bankCredits,
  emailOutbox,
  invitations,
  moneyEvents,
  orderEvents,
  orders,
  orderSetups,
  payments,
  robots,
  statementImports,
  waitlist,
  waitlistStatusChanges,
} from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { inviteNext, revokeInvitation, spotsOf } from "../invitations/invitations.server.ts";
import { acceptInvitation } from "../sales/accept.server.ts";
import { markPaymentLinkSent, setEarlyDiscount, setExchangeRate } from "./orders.server.ts";
import { cancelOrder } from "../sales/cancel.server.ts";
import { expireDueOrders } from "../sales/expire.server.ts";
import { markOrderPaid } from "../sales/pay.server.ts";
import { refundOrder } from "../sales/refund.server.ts";
import { startFakeMercadoPago } from "../../../tests/support/mercado-pago-api.ts";
import { orderCardCheckout } from "./card-checkout.server.ts";
import { providerTime } from "../../platform/payments/mercado-pago.server.ts";
import {
  invitationOrderStatus,
  ordersOfPerson,
  orderViewByLink,
  requestPaymentLink,
} from "./order-view.server.ts";
import { applyStatementImport, previewStatement } from "../sales/statement-import.server.ts";
import { revealCredential, setupQueue, submitSetup } from "./setup.server.ts";
import { advanceSetup } from "../sales/setup-steps.server.ts";

// Read on first use of the env module, after this line.
process.env.SETUP_CREDENTIAL_KEY = Buffer.alloc(32, 7).toString("base64");

const smtp = await smtpServerForFile();
const HOUR = 3_600_000;
// 10h in São Paulo on a Tuesday.
const T0 = new Date("2026-12-01T13:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const STAFF = "financeiro@agentesfx.test";
const REFUND = { destination: "pix" as const, pixKey: "cliente@exemplo.com", reference: "DEV-1" };

async function robot(key: string) {
  const db = await getDb();
  const [row] = await db.select().from(robots).where(eq(robots.key, key));
  if (!row) throw new Error(`no robot ${key}`);
  return row;
}

let run = 0;
async function invite(key: string, count: number) {
  run += 1;
  const db = await getDb();
  const people = await db
    .insert(waitlist)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Pessoa ${run}-${i}`,
        email: `o${run}-${i}@exemplo.com`,
        interestedAgents: [key],
        termsAcceptedAt: T0,
        createdAt: new Date(Date.UTC(2026, 10, 1, 0, run, i)),
        confirmedAt: T0,
      })),
    )
    .returning({ id: waitlist.id, email: waitlist.email });
  const { id } = await robot(key);
  await inviteNext(id, count, STAFF, T0);
  // Links are minted when the invitations are sent (docs/decisions/113).
  await deliverQueued(smtp);
  const tokens: string[] = [];
  for (const person of people) {
    const [mail] = messagesTo(smtp, person.email);
    tokens.push(/\/convite\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1] ?? "");
  }
  return { people, tokens, robotId: id };
}

async function orderOf(email: string) {
  const db = await getDb();
  const [row] = await db
    .select({ order: orders })
    .from(orders)
    .innerJoin(waitlist, eq(waitlist.id, orders.waitlistId))
    .where(eq(waitlist.email, email));
  if (!row) throw new Error(`no order for ${email}`);
  return row.order;
}

async function eventsOf(orderId: string) {
  const db = await getDb();
  return db
    .select({
      actor: orderEvents.actor,
      fromState: orderEvents.fromState,
      toState: orderEvents.toState,
      reason: orderEvents.reason,
    })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
}

async function statusOf(email: string) {
  const db = await getDb();
  const [row] = await db
    .select({ status: waitlist.status })
    .from(waitlist)
    .where(eq(waitlist.email, email));
  return row?.status;
}

async function spots(key: string, now = T0) {
  const db = await getDb();
  return spotsOf(db, await robot(key), now);
}

beforeEach(async () => {
  await clearSales([bankCredits, statementImports]);
});

describe("the order an acceptance creates", () => {
  it("carries the price, both discounts, the staff's rate and the invitation's deadline", async () => {
    const yenmax = await robot("yenmax");
    await setExchangeRate(54321, STAFF, T0);
    await setEarlyDiscount(yenmax.id, { basisPoints: 1000, months: 3 }, STAFF, T0);
    const { people, tokens } = await invite("yenmax", 1);
    expect(await acceptInvitation(tokens[0]!, at(HOUR), true)).toBe("accepted");

    const order = await orderOf(people[0]!.email);
    expect(order).toMatchObject({
      state: "awaiting-payment",
      robotName: yenmax.name,
      partnerBroker: true,
      priceUsdCents: 19900,
      partnerDiscountUsdCents: 4975,
      earlyDiscountBp: 1000,
      earlyDiscountMonths: 3,
      earlyDiscountUsdCents: 1493,
      totalUsdCents: 13432,
      exchangeRate: "5.4321",
      exchangeRateSetBy: STAFF,
      totalBrlCents: 72964,
      // The invitation's 48 hours, not 48 hours from the acceptance.
      deadline: at(48 * HOUR),
    });
    expect(order.exchangeRateSetAt).toEqual(T0);
    expect(order.reference).toMatch(/^AFX[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(await eventsOf(order.id)).toEqual([
      { actor: "cliente", fromState: null, toState: "awaiting-payment", reason: "convite aceito" },
    ]);
    // Accepting is not paying: the person stays "Contatado".
    expect(await statusOf(people[0]!.email)).toBe("contacted");
  });

  it("waits for a rate when staff set none, and takes the first one set", async () => {
    const { people, tokens } = await invite("midaspulse", 1);
    await acceptInvitation(tokens[0]!, at(HOUR));
    expect(await orderOf(people[0]!.email)).toMatchObject({
      totalUsdCents: 17900,
      exchangeRate: null,
      totalBrlCents: null,
    });
    expect(await setExchangeRate(50000, STAFF, at(2 * HOUR))).toBe(1);
    expect(await orderOf(people[0]!.email)).toMatchObject({
      exchangeRate: "5.0000",
      totalBrlCents: 89500,
    });
    // A later rate never changes an order that has one.
    await setExchangeRate(60000, STAFF, at(3 * HOUR));
    expect((await orderOf(people[0]!.email)).totalBrlCents).toBe(89500);
  });
});

describe("paying", () => {
  it("marks paid once: payment recorded, person converted, setup opened, audit row", async () => {
    await setExchangeRate(50000, STAFF, T0);
    const { people, tokens } = await invite("trendkey-btc", 1);
    await acceptInvitation(tokens[0]!, at(HOUR));
    const order = await orderOf(people[0]!.email);
    const payment = { method: "transfer" as const, reference: "TED 123", note: "conferido" };

    expect(await markOrderPaid(order.id, payment, STAFF, at(2 * HOUR))).toEqual({
      outcome: "paid",
    });
    expect(await markOrderPaid(order.id, payment, STAFF, at(2 * HOUR))).toEqual({
      outcome: "already-paid",
      state: "paid",
    });
    const db = await getDb();
    expect(await db.select().from(payments)).toEqual([
      expect.objectContaining({
        orderId: order.id,
        method: "transfer",
        reference: "TED 123",
        amountBrlCents: 124500,
        recordedBy: STAFF,
      }),
    ]);
    expect(await db.select({ state: orderSetups.state }).from(orderSetups)).toEqual([
      { state: "awaiting-form" },
    ]);
    expect(await statusOf(people[0]!.email)).toBe("converted");
    const [change] = await db
      .select({ changedBy: waitlistStatusChanges.changedBy })
      .from(waitlistStatusChanges)
      .where(eq(waitlistStatusChanges.status, "converted"));
    expect(change?.changedBy).toBe(STAFF);
    expect((await eventsOf(order.id)).at(-1)).toEqual({
      actor: STAFF,
      fromState: "awaiting-payment",
      toState: "paid",
      reason: "pagamento registrado à mão: transfer TED 123 (conferido)",
    });
    // Paid keeps the spot past the deadline.
    expect(await expireDueOrders(at(49 * HOUR))).toBe(0);
    expect(await spots("trendkey-btc", at(49 * HOUR))).toMatchObject({ taken: 1 });
  });

  it("records the payment link staff sent, for an order that asked for one, with its audit row", async () => {
    const { people, tokens } = await invite("yenmax", 2);
    await acceptInvitation(tokens[0]!, at(HOUR));
    await acceptInvitation(tokens[1]!, at(HOUR));
    const [asked, silent] = [await orderOf(people[0]!.email), await orderOf(people[1]!.email)];
    expect(await markPaymentLinkSent(asked.id, STAFF, at(2 * HOUR))).toBe("not-requested");
    expect(await requestPaymentLink({ invitation: tokens[0]! }, "paypal", at(2 * HOUR))).toBe(
      "requested",
    );
    expect(await markPaymentLinkSent(asked.id, STAFF, at(3 * HOUR))).toBe("recorded");
    expect(await markPaymentLinkSent(silent.id, STAFF, at(3 * HOUR))).toBe("not-requested");
    expect(await markPaymentLinkSent(crypto.randomUUID(), STAFF, at(3 * HOUR))).toBe("not-found");
    expect(await orderViewByLink({ invitation: tokens[0]! })).toMatchObject({
      linkMethod: "paypal",
      linkSentAt: at(3 * HOUR),
    });
    expect((await eventsOf(asked.id)).at(-1)).toEqual({
      actor: STAFF,
      fromState: "awaiting-payment",
      toState: "awaiting-payment",
      reason: "link de pagamento enviado: paypal",
    });
    // A paid order is past the link.
    await markOrderPaid(asked.id, { method: "paypal", reference: "PP-1" }, STAFF, at(4 * HOUR));
    expect(await markPaymentLinkSent(asked.id, STAFF, at(5 * HOUR))).toBe("not-requested");
  });

  it("'pagar com cartão' opens Mercado Pago's checkout for the linked order while it awaits payment", async () => {
    await setExchangeRate(50000, STAFF, T0);
    const { people, tokens } = await invite("yenmax", 2);
    await acceptInvitation(tokens[0]!, at(HOUR));
    const order = await orderOf(people[0]!.email);
    const now = at(2 * HOUR);
    expect(await orderCardCheckout({ invitation: tokens[0]! }, now, null)).toEqual({
      outcome: "unavailable",
    });
    const api = await startFakeMercadoPago();
    try {
      const config = { accessToken: "APP_USR-test", webhookSecret: "segredo", apiUrl: api.url };
      // Not accepted yet: no order behind the second link.
      expect(await orderCardCheckout({ invitation: tokens[1]! }, now, config)).toEqual({
        outcome: "not-found",
      });
      expect(await orderCardCheckout({ invitation: tokens[0]! }, now, config)).toMatchObject({
        outcome: "checkout",
        url: expect.stringContaining("mercadopago.com.br/checkout"),
      });
      // The checkout takes payments for half an hour, and comes back to Meus dados: no token.
      const orderPage = `/meus-dados/pedidos/${order.reference}`;
      expect(JSON.parse(api.requests[0]!.body)).toMatchObject({
        external_reference: order.reference,
        payer: { email: people[0]!.email },
        back_urls: {
          success: expect.stringMatching(new RegExp(`${orderPage}$`)),
          pending: expect.stringMatching(new RegExp(`${orderPage}$`)),
          failure: expect.stringMatching(new RegExp(`${orderPage}$`)),
        },
        items: [{ currency_id: "BRL", quantity: 1 }],
        expires: true,
        expiration_date_from: providerTime(now),
        expiration_date_to: providerTime(new Date(now.getTime() + 30 * 60_000)),
      });
      expect(api.requests[0]!.body).not.toContain(tokens[0]!);
      // Ten minutes before the deadline, the checkout ends with the order; after it, none.
      const late = new Date(order.deadline.getTime() - 10 * 60_000);
      await orderCardCheckout({ invitation: tokens[0]! }, late, config);
      expect(JSON.parse(api.requests.at(-1)!.body)).toMatchObject({
        expiration_date_to: providerTime(order.deadline),
        date_of_expiration: providerTime(order.deadline),
      });
      const asked = api.requests.length;
      expect(await orderCardCheckout({ invitation: tokens[0]! }, order.deadline, config)).toEqual({
        outcome: "not-found",
      });
      expect(api.requests).toHaveLength(asked);
      api.failWith(503);
      expect(await orderCardCheckout({ invitation: tokens[0]! }, now, config)).toEqual({
        outcome: "unavailable",
      });
      // A refused token is staff's configuration to fix, not a retry for the customer.
      api.failWith(401);
      expect(await orderCardCheckout({ invitation: tokens[0]! }, now, config)).toEqual({
        outcome: "misconfigured",
      });
      api.failWith(null);
      await markOrderPaid(order.id, { method: "pix", reference: "P-1" }, STAFF, at(2 * HOUR));
      const before = api.requests.length;
      expect(await orderCardCheckout({ invitation: tokens[0]! }, now, config)).toEqual({
        outcome: "not-found",
      });
      expect(api.requests).toHaveLength(before);
    } finally {
      await api.close();
    }
  });

  it("opens from the person's Meus dados by reference, and only theirs", async () => {
    const { people, tokens } = await invite("yenmax", 2);
    await acceptInvitation(tokens[0]!, at(HOUR));
    await acceptInvitation(tokens[1]!, at(HOUR));
    const [ana, bia] = [await orderOf(people[0]!.email), await orderOf(people[1]!.email)];
    expect(await ordersOfPerson(ana.waitlistId!)).toEqual([
      {
        reference: ana.reference,
        robotName: "YenMax Agent",
        state: "awaiting-payment",
        createdAt: at(HOUR),
      },
    ]);
    const own = { entryId: ana.waitlistId!, reference: ana.reference };
    expect(await orderViewByLink(own)).toMatchObject({ reference: ana.reference });
    expect(
      await orderViewByLink({ entryId: ana.waitlistId!, reference: bia.reference }),
    ).toBeNull();
    // The page's forms work from there too.
    expect(await requestPaymentLink(own, "crypto", at(2 * HOUR))).toBe("requested");
    expect(
      await requestPaymentLink(
        { entryId: bia.waitlistId!, reference: ana.reference },
        "card",
        at(2 * HOUR),
      ),
    ).toBe("not-found");
  });

  it("two staff marking the same order at once: one payment", async () => {
    const { people, tokens } = await invite("yenmax", 1);
    await acceptInvitation(tokens[0]!, at(HOUR));
    const order = await orderOf(people[0]!.email);
    const outcomes = await Promise.all(
      ["a", "b", "c"].map((who) =>
        markOrderPaid(order.id, { method: "pix", reference: who }, `${who}@x.test`, at(HOUR)),
      ),
    );
    expect(outcomes.filter((o) => o.outcome === "paid")).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === "already-paid")).toHaveLength(2);
    const db = await getDb();
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(payments)).toEqual([{ n: 1 }]);
  });
});

describe("the deadline", () => {
  it("expires an unpaid order: spot freed, invitation expired, next person invited, not payable", async () => {
    await db().then((d) =>
      d.update(robots).set({ capacity: 1, autoInvite: true }).where(eq(robots.key, "trendkey-btc")),
    );
    const { people, tokens } = await invite("trendkey-btc", 1);
    const next = await invite("trendkey-btc", 1); // queued: no free spot yet
    expect(next.tokens[0]).toBe("");
    await acceptInvitation(tokens[0]!, at(HOUR));
    expect(await spots("trendkey-btc", at(HOUR))).toMatchObject({ taken: 1, free: 0 });

    expect(await expireDueOrders(at(48 * HOUR - 1))).toBe(0);
    expect(await expireDueOrders(at(48 * HOUR))).toBe(1);
    const order = await orderOf(people[0]!.email);
    expect(order.state).toBe("expired");
    const d = await db();
    const [invitation] = await d
      .select({ status: invitations.status })
      .from(invitations)
      .where(eq(invitations.id, order.invitationId!));
    expect(invitation?.status).toBe("expired");
    // The spot went to the next person in the queue, invited by itself.
    expect(await spots("trendkey-btc", at(48 * HOUR))).toMatchObject({
      taken: 0,
      held: 1,
      free: 0,
    });
    expect(
      await markOrderPaid(order.id, { method: "pix", reference: "x" }, STAFF, at(49 * HOUR)),
    ).toEqual({
      outcome: "not-payable",
      state: "expired",
    });
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({
      actor: "sistema",
      toState: "expired",
    });
  });

  it("cancel and refund free the spot; a cancelled order cannot be paid", async () => {
    await setExchangeRate(50000, STAFF, T0);
    const { people, tokens } = await invite("midaspulse", 2);
    await acceptInvitation(tokens[0]!, at(HOUR));
    await acceptInvitation(tokens[1]!, at(HOUR));
    const first = await orderOf(people[0]!.email);
    const second = await orderOf(people[1]!.email);
    expect(await spots("midaspulse", at(HOUR))).toMatchObject({ taken: 2 });

    expect(await cancelOrder(first.id, STAFF, "desistiu por telefone", at(HOUR))).toMatchObject({
      outcome: "closed",
    });
    expect(
      await markOrderPaid(first.id, { method: "pix", reference: "x" }, STAFF, at(HOUR)),
    ).toEqual({
      outcome: "not-payable",
      state: "cancelled",
    });
    expect(await refundOrder(second.id, REFUND, STAFF, at(HOUR))).toEqual({
      outcome: "refused",
      message: 'Reembolso: não é possível quando o pedido está "Aguardando pagamento".',
    });
    await markOrderPaid(second.id, { method: "pix", reference: "y" }, STAFF, at(HOUR + 1));
    expect(await refundOrder(second.id, REFUND, STAFF, at(2 * HOUR))).toMatchObject({
      outcome: "refunded",
      withinGuarantee: true,
    });
    expect(await spots("midaspulse", at(2 * HOUR))).toMatchObject({ taken: 0 });
    expect((await eventsOf(second.id)).map((e) => e.toState)).toEqual([
      "awaiting-payment",
      "paid",
      "refunded",
    ]);
  });
});

describe("capacity", () => {
  it("is never exceeded by accepts, payments, expiries, revocations and refunds at once", async () => {
    const d = await db();
    const { tokens, robotId } = await invite("trendkey-btc", 12);
    await d.update(robots).set({ capacity: 4 }).where(eq(robots.id, robotId));
    const accepted = await Promise.all(
      tokens.slice(0, 6).map((t) => acceptInvitation(t, at(HOUR))),
    );
    expect(accepted.filter((o) => o === "accepted")).toHaveLength(4);
    const open = await d
      .select({ id: invitations.id })
      .from(invitations)
      .where(eq(invitations.status, "sent"));
    const awaiting = await d.select({ id: orders.id }).from(orders);
    await d.update(robots).set({ autoInvite: true }).where(eq(robots.id, robotId));

    await Promise.all([
      ...tokens.slice(6).map((t) => acceptInvitation(t, at(47 * HOUR))),
      markOrderPaid(awaiting[0]!.id, { method: "pix", reference: "a" }, STAFF, at(47 * HOUR)),
      markOrderPaid(awaiting[1]!.id, { method: "pix", reference: "b" }, STAFF, at(47 * HOUR)),
      refundOrder(awaiting[0]!.id, REFUND, STAFF, at(47 * HOUR)),
      cancelOrder(awaiting[2]!.id, STAFF, "c", at(47 * HOUR)),
      expireDueOrders(at(48 * HOUR)),
      ...open.slice(0, 2).map((i) => revokeInvitation(i.id, STAFF, at(47 * HOUR))),
    ]);
    const now = at(48 * HOUR);
    const s = await spots("trendkey-btc", now);
    expect(s.taken).toBeLessThanOrEqual(4);
    // Every spot taken is an accepted invitation whose order is awaiting payment or paid.
    const [live] = await d
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        sql`${orders.robotId} = ${robotId} and ${orders.state} in ('awaiting-payment', 'paid')`,
      );
    expect(live?.n).toBe(s.taken);
  });
});

describe("importing a statement", () => {
  it("previews, then pays by txid and by exact amount; the same file again changes nothing", async () => {
    await setExchangeRate(50000, STAFF, T0);
    const { people, tokens } = await invite("yenmax", 3);
    for (const token of tokens) await acceptInvitation(token, at(HOUR));
    const [a, b, c] = await Promise.all(people.map((p) => orderOf(p.email)));
    // a: quoted by txid; b: its amount only (the partner broker made it unique); c: unpaid.
    const d = await db();
    await d.update(orders).set({ totalBrlCents: 74625 }).where(eq(orders.id, b!.id));
    const file = ofx([
      { fitId: "F1", amount: "995.00", memo: `PIX ${a!.reference}` },
      { fitId: "F2", amount: "746.25", memo: "PIX RECEBIDO" },
      { fitId: "F3", amount: "12.00", memo: "PIX RECEBIDO" },
    ]);

    const preview = await previewStatement(file, STAFF, "123456", at(30 * HOUR));
    if (!preview.ok) throw new Error(preview.error.code);
    expect(preview.matches.map((m) => m.match)).toEqual([
      { kind: "reference", orderId: a!.id },
      { kind: "amount", orderId: b!.id },
      { kind: "unmatched" },
    ]);
    // Nothing is applied by the preview.
    expect((await orderOf(people[0]!.email)).state).toBe("awaiting-payment");

    const applied = await applyStatementImport(preview.importId, STAFF, at(30 * HOUR));
    expect(applied).toEqual({ outcome: "applied", paid: 2, skipped: 0, recorded: 3, waiting: 1 });
    expect(await applyStatementImport(preview.importId, "outra@x.test", at(30 * HOUR))).toEqual({
      outcome: "already-applied",
    });
    expect((await orderOf(people[0]!.email)).state).toBe("paid");
    expect((await orderOf(people[1]!.email)).state).toBe("paid");
    expect((await orderOf(people[2]!.email)).state).toBe("awaiting-payment");
    expect(c).toBeDefined();

    const again = await previewStatement(file, STAFF, "123456", at(31 * HOUR));
    if (!again.ok) throw new Error(again.error.code);
    expect(again.matches.map((m) => m.match.kind)).toEqual(["known", "known", "known"]);
    expect(await applyStatementImport(again.importId, STAFF, at(31 * HOUR))).toEqual({
      outcome: "applied",
      paid: 0,
      skipped: 0,
      recorded: 0,
      waiting: 0,
    });
    expect(await d.select({ n: sql<number>`count(*)::int` }).from(payments)).toEqual([{ n: 2 }]);
  });

  it("two previews of one file applied at once pay each order once", async () => {
    await setExchangeRate(50000, STAFF, T0);
    const { people, tokens } = await invite("yenmax", 1);
    await acceptInvitation(tokens[0]!, at(HOUR));
    const order = await orderOf(people[0]!.email);
    const file = ofx([{ fitId: "G1", amount: "995.00", memo: order.reference }]);
    const one = await previewStatement(file, "a@x.test", undefined, at(2 * HOUR));
    const two = await previewStatement(file, "b@x.test", undefined, at(2 * HOUR));
    if (!one.ok || !two.ok) throw new Error("preview failed");
    const results = await Promise.all([
      applyStatementImport(one.importId, "a@x.test", at(2 * HOUR)),
      applyStatementImport(two.importId, "b@x.test", at(2 * HOUR)),
    ]);
    expect(results.map((r) => (r.outcome === "applied" ? r.paid : -1)).sort()).toEqual([0, 1]);
    const d = await db();
    expect(await d.select({ n: sql<number>`count(*)::int` }).from(payments)).toEqual([{ n: 1 }]);
  });

  it("refuses a statement of another account; a PIX dated before the deadline imported after it still pays", async () => {
    await setExchangeRate(50000, STAFF, T0);
    const { people, tokens } = await invite("yenmax", 1);
    await acceptInvitation(tokens[0]!, at(HOUR));
    const order = await orderOf(people[0]!.email);
    const file = ofx([{ fitId: "H1", amount: "995.00", memo: order.reference }]);
    expect(await previewStatement(file, STAFF, "99999-9", at(2 * HOUR))).toEqual({
      ok: false,
      error: { code: "other-account" },
    });
    await expireDueOrders(at(48 * HOUR));
    const preview = await previewStatement(file, STAFF, "12345-6", at(49 * HOUR));
    if (!preview.ok) throw new Error(preview.error.code);
    expect(preview.matches[0]?.match).toEqual({
      kind: "not-payable",
      orderId: order.id,
      state: "expired",
    });
    // Issue 36: the money reached the bank on 02/12, before the deadline (03/12 10h): the
    // order takes its spot back (still free) and is paid, not left expired.
    expect(await applyStatementImport(preview.importId, STAFF, at(49 * HOUR))).toMatchObject({
      paid: 1,
      waiting: 0,
    });
    const d = await db();
    const [paid] = await d.select().from(orders).where(eq(orders.id, order.id));
    expect(paid!.state).toBe("paid");
    const [ledger] = await d.select().from(moneyEvents).where(eq(moneyEvents.sourceId, "ofx:H1"));
    expect(ledger).toMatchObject({ state: "applied", orderId: order.id, amountCents: 99500 });
  });

  it("a credit dated after an expired order's deadline waits for staff, who are e-mailed", async () => {
    await setExchangeRate(50000, STAFF, T0);
    const { people, tokens } = await invite("yenmax", 1);
    await acceptInvitation(tokens[0]!, at(HOUR));
    const order = await orderOf(people[0]!.email);
    await expireDueOrders(at(48 * HOUR));
    const file = ofx([{ fitId: "L1", amount: "995.00", memo: order.reference }], "20261205");
    const preview = await previewStatement(file, STAFF, "12345-6", at(100 * HOUR));
    if (!preview.ok) throw new Error(preview.error.code);
    expect(await applyStatementImport(preview.importId, STAFF, at(100 * HOUR))).toMatchObject({
      paid: 0,
      waiting: 1,
    });
    const d = await db();
    const [ledger] = await d.select().from(moneyEvents).where(eq(moneyEvents.sourceId, "ofx:L1"));
    expect(ledger).toMatchObject({
      state: "waiting",
      orderId: null,
      waitingReason: "O dinheiro chegou depois do prazo do pedido.",
    });
    const staffMail = await d
      .select({ template: emailOutbox.template })
      .from(emailOutbox)
      .where(eq(emailOutbox.template, "staff-money-waiting"));
    expect(staffMail).toHaveLength(1);
  });
});

describe("setup", () => {
  it("takes the form once, times it in business hours, shows the credential once, erases it", async () => {
    await setExchangeRate(50000, STAFF, T0);
    const { people, tokens } = await invite("yenmax", 1);
    await acceptInvitation(tokens[0]!, at(HOUR));
    const order = await orderOf(people[0]!.email);
    const form = {
      accountNumber: "12345678",
      brokerServer: "Corretora-Live3",
      platform: "MT5" as const,
      whatsapp: "11912345678",
      credential: "senha-secreta",
    };
    // Not paid yet: no form.
    expect(await submitSetup({ invitation: tokens[0]! }, form, at(2 * HOUR))).toBe("gone");
    await markOrderPaid(order.id, { method: "pix", reference: "x" }, STAFF, at(1.5 * HOUR));
    // Sent Tuesday 12h São Paulo (15h UTC).
    const sent = new Date("2026-12-01T15:00:00Z");
    // Paid: the e-mailed invitation link shows the order's status alone and takes no setup
    // form (decision 343); the person's session (or the setup link) does.
    expect(await orderViewByLink({ invitation: tokens[0]! })).toBeNull();
    expect(await invitationOrderStatus(tokens[0]!)).toEqual({
      reference: order.reference,
      robotName: order.robotName,
      state: "paid",
    });
    expect(await submitSetup({ invitation: tokens[0]! }, form, sent)).toBe("gone");
    const own = { entryId: order.waitlistId!, reference: order.reference };
    expect((await orderViewByLink(own))?.setupState).toBe("awaiting-form");
    expect(await submitSetup(own, form, sent)).toBe("saved");
    expect(await submitSetup(own, form, sent)).toBe("gone");
    const d = await db();
    const [stored] = await d.select().from(orderSetups).where(eq(orderSetups.orderId, order.id));
    expect(stored?.credentialSealed).toMatch(/^v1\./);
    expect(stored?.credentialSealed).not.toContain("senha");

    // Tuesday 15h30: 3.5 business hours, past the minimum; Wednesday 10h: 7 hours, overdue.
    const [soon] = await setupQueue(new Date("2026-12-01T18:30:00Z"));
    expect(soon).toMatchObject({
      state: "awaiting-vps",
      businessMs: 3.5 * HOUR,
      pastMinimum: true,
      overdue: false,
      hasCredential: true,
    });
    const [late] = await setupQueue(new Date("2026-12-02T13:00:00Z"));
    expect(late).toMatchObject({ businessMs: 7 * HOUR, overdue: true });

    const later = (ms: number) => new Date(sent.getTime() + ms);
    expect(await revealCredential(order.id, STAFF, later(1))).toEqual({
      ok: true,
      secret: "senha-secreta",
    });
    expect(await revealCredential(order.id, "outra@x.test", sent)).toEqual({
      ok: false,
      reason: "already-shown",
    });
    expect(await advanceSetup(order.id, "running", STAFF, sent)).toBe("wrong-state");
    expect(await advanceSetup(order.id, "vps-ready", STAFF, later(2))).toBe("saved");
    expect(await advanceSetup(order.id, "running", STAFF, later(3))).toBe("saved");
    const [done] = await d.select().from(orderSetups).where(eq(orderSetups.orderId, order.id));
    expect(done).toMatchObject({ state: "running", credentialSealed: null });
    expect(await setupQueue(sent)).toEqual([]);
    expect((await eventsOf(order.id)).map((e) => e.reason)).toEqual([
      "convite aceito",
      "pagamento registrado à mão: pix x",
      "dados de configuração enviados",
      "credencial exibida à equipe",
      "VPS configurada",
      "agente em operação; credencial apagada",
    ]);
  });
});

function db() {
  return getDb();
}

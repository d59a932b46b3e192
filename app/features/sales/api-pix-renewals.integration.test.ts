import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startTestPsp, TEST_WEBHOOK_SECRET } from "../../../tests/support/local-psp.ts";
import { startCallbackReceiver } from "../../../tests/support/psp-callback-receiver.ts";
import { deliverQueued, messagesTo } from "../../../tests/support/outbox.ts";
import { clearSales } from "../../../tests/support/sales.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import {
  moneyEvents,
  orders,
  pixDueCharges,
  pixRefunds,
  providerStatus,
  renewalChargeTerms,
  robots,
  subscriptionCharges,
  subscriptions,
  waitlist,
} from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { ApiPixClient, PixApiRefusedError } from "../../platform/payments/api-pix.server.ts";
import {
  providerCredentials,
  providerProblems,
} from "../../platform/payments/provider-status.server.ts";
import { inviteNext } from "../invitations/invitations.server.ts";
import { orderViewByLink } from "../orders/order-view.server.ts";
import { setExchangeRate } from "../orders/orders.server.ts";
import { chargeTxid } from "../orders/pix-charges.server.ts";
import { applyStoredPix } from "../orders/pix-inbox.server.ts";
import { receivePixNotification } from "../orders/pix-webhook.server.ts";
import { addDays, localInstant } from "../subscriptions/calendar.ts";
import { acceptInvitation } from "./accept.server.ts";
import { setOwnPayerDocument } from "./payer-document.server.ts";
import { sendPixRefunds } from "./pix-refunds.server.ts";
import { refundSale } from "./refund.server.ts";
import { runRenewals } from "./renew.server.ts";
import { createDueRenewalCharges, setRenewalTerms } from "./renewal-due-charges.server.ts";

// Renewals without a Pix Automático mandate charged by due-date charge (cobv), and refunds by
// devolucao, against the local PSP over mutual TLS, which checks every exchange against the
// official contract (docs/decisions/365-369).

const { psp, env, config } = await startTestPsp();
Object.assign(process.env, env);
const client = new ApiPixClient(config);

const receiver = await startCallbackReceiver();
await client.registerWebhook(receiver.webhookBase);

const smtp = await smtpServerForFile();
const STAFF = "financeiro@agentesfx.test";
/** A valid CPF (check digits), as a customer types it. */
const CPF = "529.982.247-25";

afterAll(async () => {
  client.close();
  await psp.close();
  await receiver.close();
});

beforeEach(async () => {
  await clearSales([pixRefunds, renewalChargeTerms, providerStatus]);
  psp.setWebhookMode({ kind: "on-time" });
  psp.setRefundMode({ kind: "done" });
  psp.refuse(null);
  psp.breaches.length = 0;
});

let run = 0;
/** A paid order by the API Pix, its subscription started, the customer's CPF given. */
async function paidSubscription() {
  run += 1;
  const db = await getDb();
  const now = new Date();
  const [person] = await db
    .insert(waitlist)
    .values({
      name: `Renovação ${run}`,
      email: `cobv${run}@exemplo.com`,
      interestedAgents: ["yenmax"],
      termsAcceptedAt: now,
      createdAt: new Date(Date.UTC(2026, 10, 2, 0, run)),
      confirmedAt: now,
    })
    .returning();
  const [robot] = await db.select().from(robots).where(eq(robots.key, "yenmax"));
  await setExchangeRate(54321, STAFF, now);
  await inviteNext(robot!.id, 1, STAFF, now);
  await deliverQueued(smtp);
  const token = /\/convite\/([A-Za-z0-9_-]{43})/.exec(
    messagesTo(smtp, person!.email)[0]?.text ?? "",
  )?.[1];
  expect(await acceptInvitation(token ?? "", now, true)).toBe("accepted");
  const [order] = await db.select().from(orders).where(eq(orders.waitlistId, person!.id));
  await orderViewByLink({ invitation: token! });
  const first = await psp.pay({ txid: chargeTxid(order!) });
  await psp.settled();
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.orderId, order!.id));
  expect(subscription).toBeDefined();
  expect(await setOwnPayerDocument(person!.id, subscription!.id, CPF, now)).toBe("saved");
  return { order: order!, subscription: subscription!, email: person!.email, first };
}

/** The day of the renewal sweep: D-7 of the subscription's next due date, 12h in São Paulo. */
const sweepAt = (paidThrough: string) => localInstant(addDays(paidThrough, -7), 12);

async function chargeRenewal(paidThrough: string) {
  await runRenewals(sweepAt(paidThrough));
  const db = await getDb();
  const [charge] = await db
    .select()
    .from(subscriptionCharges)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
    .where(eq(subscriptions.paidThrough, paidThrough));
  return charge!.subscription_charges;
}

async function dueChargeOf(chargeId: string) {
  const db = await getDb();
  const [due] = await db.select().from(pixDueCharges).where(eq(pixDueCharges.chargeId, chargeId));
  return due;
}

describe("a renewal without a mandate", () => {
  it("is a due-date charge with staff's fine and interest, its code in the e-mail, paid by webhook", async () => {
    await setRenewalTerms({ fineBp: 200, interestBpMonth: 100 }, STAFF, new Date());
    const { subscription, email } = await paidSubscription();
    await deliverQueued(smtp);
    const mails = messagesTo(smtp, email).length;
    const charge = await chargeRenewal(subscription.paidThrough);
    // The renewal's e-mail waits for the PSP's code.
    await deliverQueued(smtp);
    expect(messagesTo(smtp, email).length).toBe(mails);
    expect((await dueChargeOf(charge.id))?.state).toBe("pending");

    await createDueRenewalCharges(sweepAt(subscription.paidThrough), client);
    const due = await dueChargeOf(charge.id);
    expect(due).toMatchObject({
      state: "active",
      dueDate: charge.dueDate,
      amountBrlCents: charge.totalBrlCents,
      fineBp: 200,
      interestBpMonth: 100,
    });
    expect(psp.calls).toContain("PUT /cobv/{txid}");
    await deliverQueued(smtp);
    const notice = messagesTo(smtp, email).at(-1);
    const squeeze = (text: string) => text.replace(/\s+/g, "");
    expect(squeeze(notice?.text ?? "")).toContain(squeeze(due!.copyPaste!));
    expect(notice?.text).toContain("multa de 2,00%");
    // The rate the charge used, named by its source.
    expect(notice?.text).toContain("Câmbio de R$ 5,4321 por US$ 1, definido em");

    await psp.pay({ txid: due!.txid });
    await psp.settled();
    const db = await getDb();
    const [paid] = await db
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.id, charge.id));
    expect(paid).toMatchObject({ state: "paid", paymentAmountBrlCents: charge.totalBrlCents });
    expect(psp.breaches).toEqual([]);
  });

  it("paid late takes the fine and interest, and no more", async () => {
    await setRenewalTerms({ fineBp: 200, interestBpMonth: 100 }, STAFF, new Date());
    const { subscription } = await paidSubscription();
    const charge = await chargeRenewal(subscription.paidThrough);
    await createDueRenewalCharges(sweepAt(subscription.paidThrough), client);
    const due = (await dueChargeOf(charge.id))!;
    const twoDaysLate = localInstant(addDays(due.dueDate, 2), 10);
    const cents = charge.totalBrlCents;
    const fine = Math.ceil((cents * 200) / 10_000);
    const interest = Math.ceil((cents * 100 * 2) / 300_000);
    const valor = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, "0")}`;
    const notify = async (endToEndId: string, amount: number) => {
      const { status } = await receivePixNotification(
        TEST_WEBHOOK_SECRET,
        JSON.stringify({
          pix: [
            {
              endToEndId,
              txid: due.txid,
              valor: valor(amount),
              horario: twoDaysLate.toISOString(),
            },
          ],
        }),
        new Date(),
      );
      return { status, outcomes: await applyStoredPix(new Date()) };
    };
    expect(await notify("E12345678202612021200000000000A1", cents + fine + interest + 50)).toEqual({
      status: 200,
      outcomes: ["wrong-amount"],
    });
    expect(await notify("E12345678202612021200000000000A2", cents + fine + interest)).toEqual({
      status: 200,
      outcomes: ["applied"],
    });
  });

  it("without a CPF or CNPJ keeps the static code and its e-mail goes at once", async () => {
    const { subscription, email } = await paidSubscription();
    const db = await getDb();
    await db
      .update(subscriptions)
      .set({ payerDocument: null })
      .where(eq(subscriptions.id, subscription.id));
    await deliverQueued(smtp);
    const mails = messagesTo(smtp, email).length;
    const charge = await chargeRenewal(subscription.paidThrough);
    expect(await dueChargeOf(charge.id)).toBeUndefined();
    await deliverQueued(smtp);
    expect(messagesTo(smtp, email).length).toBe(mails + 1);
  });
});

describe("a refund of money received by the API Pix", () => {
  it("goes back by devolucao, each outcome a line of the ledger", async () => {
    const { order, first } = await paidSubscription();
    const refunded = await refundSale(
      { orderId: order.id },
      { destination: "pix", pixKey: "pessoa@exemplo.com", reference: "devolução" },
      STAFF,
      new Date(),
    );
    expect(refunded).toMatchObject({ outcome: "refunded", amountCents: order.totalBrlCents });
    const db = await getDb();
    const [asked] = await db.select().from(pixRefunds).where(eq(pixRefunds.orderId, order.id));
    expect(asked).toMatchObject({
      endToEndId: first.endToEndId,
      amountCents: order.totalBrlCents,
      state: "requested",
    });
    await sendPixRefunds(new Date(), client);
    const lines = await db
      .select({ kind: moneyEvents.kind, amountCents: moneyEvents.amountCents })
      .from(moneyEvents)
      .where(and(eq(moneyEvents.reference, order.reference), eq(moneyEvents.source, "api-pix")))
      .orderBy(asc(moneyEvents.recordedAt), asc(moneyEvents.kind));
    expect(lines.map((line) => line.kind)).toEqual(["refund-requested", "refund-sent"]);
    expect(psp.calls).toContain("PUT /pix/{e2eid}/devolucao/{id}");
    expect(psp.breaches).toEqual([]);
  });

  it("not made by the PSP is failed with its reason, told by the webhook", async () => {
    const { order } = await paidSubscription();
    psp.setRefundMode({
      kind: "processing",
      then: "failed",
      ms: 50,
      motivo: "Conta do pagador encerrada",
    });
    await refundSale(
      { orderId: order.id },
      { destination: "pix", pixKey: "pessoa@exemplo.com", reference: "devolução" },
      STAFF,
      new Date(),
    );
    await sendPixRefunds(new Date(), client);
    const db = await getDb();
    const [processing] = await db.select().from(pixRefunds).where(eq(pixRefunds.orderId, order.id));
    expect(processing).toMatchObject({ state: "requested", pspStatus: "EM_PROCESSAMENTO" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await psp.settled();
    const [failed] = await db.select().from(pixRefunds).where(eq(pixRefunds.orderId, order.id));
    expect(failed).toMatchObject({ state: "failed", reason: "Conta do pagador encerrada" });
    const [line] = await db
      .select()
      .from(moneyEvents)
      .where(
        and(eq(moneyEvents.kind, "refund-failed"), eq(moneyEvents.reference, order.reference)),
      );
    expect(line?.description).toContain("Conta do pagador encerrada");
    expect(psp.breaches).toEqual([]);
  });
});

describe("a refused API Pix token", () => {
  it("is kept for staff with a Portuguese reason until a token is granted", async () => {
    const refused = new ApiPixClient(
      { ...config, clientSecret: "wrong-secret" },
      providerCredentials("api-pix"),
    );
    await expect(refused.getCob("X".repeat(26))).rejects.toBeInstanceOf(PixApiRefusedError);
    refused.close();
    expect(await providerProblems()).toMatchObject([
      { provider: "api-pix", problem: expect.stringMatching(/recusou as credenciais.*401/) },
    ]);
    const granted = new ApiPixClient(config, providerCredentials("api-pix"));
    await granted.getCob("X".repeat(26));
    granted.close();
    expect(await providerProblems()).toEqual([]);
  });
});

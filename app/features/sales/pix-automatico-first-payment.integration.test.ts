import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startTestPsp } from "../../../tests/support/local-psp.ts";
import { startCallbackReceiver } from "../../../tests/support/psp-callback-receiver.ts";
import { clearSales } from "../../../tests/support/sales.ts";
import { deliverQueued, messagesTo } from "../../../tests/support/outbox.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { PAID_AT, STAFF, subscribe } from "../../../tests/support/subscriber.ts";
import {
  moneyEvents,
  orders,
  pixCharges,
  pixMandates,
  pixRecurringCharges,
  subscriptions,
} from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { ApiPixClient } from "../../platform/payments/api-pix.server.ts";
import { registerRecurrenceWebhooks } from "../../platform/payments/api-pix-recurrence.server.ts";
import { setExchangeRate } from "../orders/orders.server.ts";
import { createPendingCharge } from "../orders/pix-charges.server.ts";
import { expireDueOrders } from "./expire.server.ts";
import { markOrderPaid } from "./pay.server.ts";
import { authoriseWithFirstPayment, firstPaymentMandate } from "./order-mandates.server.ts";
import { runPixAutomatico } from "./pix-automatico-jobs.server.ts";
import { mandatePanel } from "./pix-mandates.server.ts";
import { runRenewals } from "./renew.server.ts";

// The first month paid and Pix Automático authorised in one QR (Jornada 3, decision 480),
// against the local PSP over mutual TLS, every request, answer and callback checked against
// the official contract: the order's charge (cob) and a recurrence linked to it
// (`ativacao.dadosJornada.txid`), whose composite QR the PSP answers; paying it pays the order
// through the sale's pay move and approves the recurrence (webhookrec); the subscription
// inherits the mandate and its first renewal goes by cobr.

const { psp, env, config } = await startTestPsp();
Object.assign(process.env, env, { BANK_ACCOUNT: "123456", BANK_BRANCH: "0001" });
const client = new ApiPixClient(config);

/** The instant the webhooks are received and applied at (the test's clock). */
let clock = PAID_AT;
const receiver = await startCallbackReceiver(() => clock);
await client.registerWebhook(receiver.webhookBase);
await registerRecurrenceWebhooks(client, receiver.webhookBase);

const smtp = await smtpServerForFile();
const at = (iso: string) => new Date(iso);
const CPF = "52998224725";
// Paid on 31/01/2027 (11h in São Paulo): the first renewal is due on 28/02, charged on 21/02.
const CHARGES_MADE = at("2027-02-21T12:00:00Z");

afterAll(async () => {
  client.close();
  await psp.close();
  await receiver.close();
});

beforeEach(async () => {
  await clearSales();
  await setExchangeRate(54321, STAFF, at("2027-01-01T12:00:00Z"));
  psp.setWebhookMode({ kind: "on-time" });
  psp.refuse(null);
  psp.breaches.length = 0;
  clock = PAID_AT;
});

/** An accepted order awaiting payment, whose own charge the PSP holds. */
async function awaitingOrder() {
  const { orderId, email } = await subscribe("yenmax", { smtp, pay: false });
  const db = await getDb();
  const [charge] = await db.select().from(pixCharges).where(eq(pixCharges.orderId, orderId));
  expect(await createPendingCharge(charge!.txid, PAID_AT, client)).toBe("active");
  return { orderId, email, txid: charge!.txid };
}

async function mandateOfOrder(orderId: string) {
  const db = await getDb();
  const [row] = await db.select().from(pixMandates).where(eq(pixMandates.orderId, orderId));
  return row!;
}

async function orderRow(orderId: string) {
  const db = await getDb();
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function subscriptionOf(orderId: string) {
  const db = await getDb();
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
  return row;
}

describe("Pix Automático with the first payment (Jornada 3)", () => {
  it("pays the order and authorises in one QR; the subscription inherits the mandate and renews by cobr", async () => {
    const { orderId, txid } = await awaitingOrder();
    const db = await getDb();
    const order = await orderRow(orderId);
    const offer = await firstPaymentMandate(db, order, client);
    // US$ 199.00 at R$ 5.4321, half again, whole reais (decision 355).
    expect(offer).toEqual({ offerCeilingBrlCents: 162200, mandate: null });

    expect(await authoriseWithFirstPayment(orderId, "123.456.789-00", PAID_AT, client)).toBe(
      "invalid-cpf",
    );
    // A CNPJ is a valid payer document, but a mandate needs a CPF.
    expect(await authoriseWithFirstPayment(orderId, "11.222.333/0001-81", PAID_AT, client)).toBe(
      "invalid-cpf",
    );
    expect(await db.select().from(pixMandates)).toEqual([]);
    expect(await authoriseWithFirstPayment(orderId, "529.982.247-25", PAID_AT, client)).toBe(
      "created",
    );
    // A second press answers the first: one recurrence.
    expect(await authoriseWithFirstPayment(orderId, CPF, PAID_AT, client)).toBe("exists");
    expect(psp.calls.filter((call) => call === "POST /rec")).toHaveLength(1);

    const mandate = await mandateOfOrder(orderId);
    expect(mandate).toMatchObject({
      subscriptionId: null,
      state: "awaiting-payer",
      payerCpf: CPF,
      ceilingBrlCents: 162200,
    });
    const rec = psp.recurrence.rec(mandate.idRec)!;
    expect(rec).toMatchObject({
      status: "CRIADA",
      ativacao: { dadosJornada: { txid } },
      calendario: { dataInicial: "2027-02-28", periodicidade: "MENSAL" },
      valor: { valorMinimoRecebedor: "1622.00" },
    });
    // The composite QR: the charge's location and, in field 80, the recurrence's.
    const cob = psp.cob(txid)!;
    const { parsePix } = await import("pix-utils");
    expect(parsePix(mandate.copyPaste!)).toMatchObject({
      type: "DYNAMIC",
      url: cob.location,
      urlRec: rec.loc!.location,
    });
    expect(mandate.copyPaste).not.toBe(cob.pixCopiaECola);
    const shown = await firstPaymentMandate(db, order, client);
    expect(shown?.offerCeilingBrlCents).toBeNull();
    expect(shown?.mandate).toMatchObject({ state: "awaiting-payer" });
    expect(shown?.mandate?.qr?.code).toBe(mandate.copyPaste);

    // The payer reads it: their bank pays the charge and approves the recurrence.
    const before = psp.deliveries.length;
    const pix = await psp.pay({ txid, horario: PAID_AT });
    await psp.settled();
    const recCallback = psp.deliveries
      .slice(before)
      .find((delivery) => delivery.url.endsWith("/rec"));
    expect(recCallback?.status).toBe(200);
    expect(recCallback?.body).toMatchObject({
      recs: [
        {
          idRec: mandate.idRec,
          status: "APROVADA",
          ativacao: { tipoJornada: "JORNADA_3", dadosJornada: { txid } },
        },
      ],
    });
    expect((await orderRow(orderId)).state).toBe("paid");
    const events = await db
      .select()
      .from(moneyEvents)
      .where(eq(moneyEvents.sourceId, pix.endToEndId));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ state: "applied", orderId });
    const subscription = await subscriptionOf(orderId);
    expect(subscription).toMatchObject({ state: "active", paidThrough: "2027-02-28" });
    // The subscription took the mandate, and its CPF as the payer document (decision 418).
    expect(subscription?.payerDocument).toBe(CPF);
    expect(await mandateOfOrder(orderId)).toMatchObject({
      subscriptionId: subscription!.id,
      state: "approved",
      copyPaste: null,
    });
    const panel = await mandatePanel(db, subscription!, 54321);
    expect(panel?.mandate).toMatchObject({ state: "approved", qr: null });
    expect(panel?.offerCeilingBrlCents).toBeNull();

    // The first renewal is charged by cobr under the mandate, due on its date.
    expect((await runRenewals(CHARGES_MADE)).charges).toBe(1);
    expect(await runPixAutomatico(CHARGES_MADE, client)).toMatchObject({ sent: 1 });
    const [recurring] = await db.select().from(pixRecurringCharges);
    expect(recurring).toMatchObject({ mandateId: mandate.id, state: "scheduled" });
    expect(psp.recurrence.cobr(recurring!.txid)).toMatchObject({
      idRec: mandate.idRec,
      status: "ATIVA",
      calendario: { dataDeVencimento: "2027-02-28" },
    });
    expect(psp.breaches).toEqual([]);
  });

  it("leaves the payment applied and the subscription without a mandate when the payer refuses it, and e-mails nobody about it", async () => {
    const { orderId, txid, email } = await awaitingOrder();
    expect(await authoriseWithFirstPayment(orderId, CPF, PAID_AT, client)).toBe("created");
    await deliverQueued(smtp);
    const before = messagesTo(smtp, email).length;
    await psp.pay({ txid, horario: PAID_AT, recurrence: "reject" });
    await psp.settled();
    expect((await orderRow(orderId)).state).toBe("paid");
    const mandate = await mandateOfOrder(orderId);
    expect(mandate.state).toBe("rejected");
    expect(psp.recurrence.rec(mandate.idRec)?.status).toBe("REJEITADA");
    const subscription = (await subscriptionOf(orderId))!;
    expect(subscription).toMatchObject({ state: "active", payerDocument: CPF });
    // Minha conta offers to authorise (Jornada 2), with the CPF already given.
    const db = await getDb();
    const panel = await mandatePanel(db, subscription, 54321);
    expect(panel?.offerCeilingBrlCents).toBe(162200);
    // Its renewal is a charge paid by hand: no cobr.
    await runRenewals(CHARGES_MADE);
    expect((await runPixAutomatico(CHARGES_MADE, client)).queued).toBe(0);
    expect(await db.select().from(pixRecurringCharges)).toEqual([]);
    await deliverQueued(smtp);
    expect(
      messagesTo(smtp, email)
        .slice(before)
        .map((mail) => mail.subject),
    ).not.toContain("Pix Automático encerrado no seu banco");
    expect(psp.breaches).toEqual([]);
  });

  it("keeps the order's own QR when no mandate is asked for, and pays it as before", async () => {
    const { orderId, txid } = await awaitingOrder();
    const before = psp.deliveries.length;
    await psp.pay({ txid, horario: PAID_AT });
    await psp.settled();
    expect((await orderRow(orderId)).state).toBe("paid");
    const db = await getDb();
    expect(await db.select().from(pixMandates)).toEqual([]);
    // The Pix webhook alone (the PSP records it at its base URL): no recurrence was touched.
    const sent = psp.deliveries.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ pix: [{ txid }] });
    expect(psp.breaches).toEqual([]);
  });

  it("withdraws the mandate at the PSP when the order expires unpaid", async () => {
    const { orderId } = await awaitingOrder();
    expect(await authoriseWithFirstPayment(orderId, CPF, PAID_AT, client)).toBe("created");
    const after = at("2027-02-03T12:00:00Z");
    expect(await expireDueOrders(after)).toBe(1);
    const asked = await mandateOfOrder(orderId);
    expect(asked.cancelRequestedAt).not.toBeNull();
    expect(asked.copyPaste).toBeNull();
    expect((await runPixAutomatico(after, client)).cancelled).toBe(1);
    expect(psp.recurrence.rec(asked.idRec)?.status).toBe("CANCELADA");
    expect(await mandateOfOrder(orderId)).toMatchObject({
      state: "cancelled",
      endedBy: "receiver",
    });
    expect(psp.breaches).toEqual([]);
  });

  it("withdraws the mandate at the PSP when the order is paid another way, and Minha conta offers to authorise", async () => {
    const { orderId } = await awaitingOrder();
    expect(await authoriseWithFirstPayment(orderId, CPF, PAID_AT, client)).toBe("created");
    expect(
      await markOrderPaid(orderId, { method: "transfer", reference: "TED 42" }, STAFF, PAID_AT),
    ).toEqual({ outcome: "paid" });
    const asked = await mandateOfOrder(orderId);
    expect(asked).toMatchObject({ subscriptionId: null, copyPaste: null });
    expect(asked.cancelRequestedAt).not.toBeNull();
    const subscription = (await subscriptionOf(orderId))!;
    // The CPF given with the mandate is kept: Minha conta asks for it no more.
    expect(subscription).toMatchObject({ state: "active", payerDocument: CPF });
    const db = await getDb();
    expect((await mandatePanel(db, subscription, 54321))?.offerCeilingBrlCents).toBe(162200);
    expect((await runPixAutomatico(PAID_AT, client)).cancelled).toBe(1);
    expect(psp.recurrence.rec(asked.idRec)?.status).toBe("CANCELADA");
    expect(await mandateOfOrder(orderId)).toMatchObject({
      state: "cancelled",
      endedBy: "receiver",
    });
    expect(psp.breaches).toEqual([]);
  });

  it("offers nothing without the API Pix, or once the order is paid", async () => {
    const { orderId, txid } = await awaitingOrder();
    const db = await getDb();
    expect(await firstPaymentMandate(db, await orderRow(orderId), null)).toBeNull();
    expect(await authoriseWithFirstPayment(orderId, CPF, PAID_AT, null)).toBe("not-allowed");
    await psp.pay({ txid, horario: PAID_AT });
    await psp.settled();
    expect(await firstPaymentMandate(db, await orderRow(orderId), client)).toBeNull();
    expect(await authoriseWithFirstPayment(orderId, CPF, PAID_AT, client)).toBe("not-allowed");
  });
});

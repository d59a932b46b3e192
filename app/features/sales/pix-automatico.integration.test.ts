import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startTestPsp } from "../../../tests/support/local-psp.ts";
import { startCallbackReceiver } from "../../../tests/support/psp-callback-receiver.ts";
import { clearSales } from "../../../tests/support/sales.ts";
import { deliverQueued, messagesTo } from "../../../tests/support/outbox.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { STAFF, subscribe } from "../../../tests/support/subscriber.ts";
import {
  moneyEvents,
  pixDueCharges,
  pixMandates,
  pixRecurringCharges,
  subscriptionCharges,
  subscriptions,
  waitlist,
} from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { ApiPixClient } from "../../platform/payments/api-pix.server.ts";
import { registerRecurrenceWebhooks } from "../../platform/payments/api-pix-recurrence.server.ts";
import { authoriseOwnMandate } from "../account/account.server.ts";
import { staffAddress } from "../orders/order-mail.server.ts";
import { setExchangeRate } from "../orders/orders.server.ts";
import { cancelSubscription } from "./cancel.server.ts";
import { runPixAutomatico } from "./pix-automatico-jobs.server.ts";
import { mandateCeilingCents } from "./pix-automatico.ts";
import { authoriseMandate, mandatePanel, pixAutomaticoAvailable } from "./pix-mandates.server.ts";
import { setOwnPayerDocument } from "./payer-document.server.ts";
import { recurringChargesDue, sendRecurringCharges } from "./pix-recurring-charges.server.ts";
import { runRenewals } from "./renew.server.ts";
import { createDueRenewalCharges } from "./renewal-due-charges.server.ts";

// Renewals by Pix Automático against the local PSP over mutual TLS (every exchange and callback
// checked against the official contract): the customer authorises once, each cycle is charged
// by cobr through the sale's pay move and the ledger, applied once however the payment is told
// (webhookcobr, the Pix webhook, polling), retried after a failed attempt, and the mandate ends
// with the subscription or at the payer's bank, when the renewal falls back to a charge paid
// by hand.

const { psp, env, config } = await startTestPsp();
Object.assign(process.env, env, { BANK_ACCOUNT: "123456", BANK_BRANCH: "0001" });
const client = new ApiPixClient(config);

const receiver = await startCallbackReceiver();
await client.registerWebhook(receiver.webhookBase);
await registerRecurrenceWebhooks(client, receiver.webhookBase);

const smtp = await smtpServerForFile();
const at = (iso: string) => new Date(iso);
const PAYER = { cpf: "52998224725", name: "Maria da Silva" };
// Yenmax: US$ 199.00 a month; paid on 31/01/2027, so cycle 2 is due on 28/02/2027 and its
// charge is made on 21/02 at 9h in São Paulo.
const CHARGES_MADE = at("2027-02-21T12:00:00Z");
const REMINDED = at("2027-02-27T12:00:00Z");
const DUE = at("2027-02-28T12:00:00Z");

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
});

async function mandateOf(subscriptionId: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(pixMandates)
    .where(eq(pixMandates.subscriptionId, subscriptionId));
  return row!;
}

async function renewalOf(subscriptionId: string, cycle = 2) {
  const db = await getDb();
  const [charge] = await db
    .select()
    .from(subscriptionCharges)
    .where(
      and(
        eq(subscriptionCharges.subscriptionId, subscriptionId),
        eq(subscriptionCharges.cycle, cycle),
      ),
    );
  const [recurring] = charge
    ? await db.select().from(pixRecurringCharges).where(eq(pixRecurringCharges.chargeId, charge.id))
    : [];
  return { charge: charge!, recurring };
}

/** A paying customer whose mandate they approved at their bank. */
async function authorisedSubscription() {
  const { subscription, email } = await subscribe("yenmax", { smtp });
  const created = await authoriseMandate(
    subscription.id,
    PAYER,
    at("2027-02-01T12:00:00Z"),
    client,
  );
  expect(created.outcome).toBe("created");
  const mandate = await mandateOf(subscription.id);
  psp.recurrence.approve(mandate.idRec);
  await psp.settled();
  return { subscription, email, mandate: await mandateOf(subscription.id) };
}

/** The messages `email` got since `from` (an index into the server's list), after delivery. */
async function mailSince(email: string, from: number) {
  await deliverQueued(smtp);
  return messagesTo(smtp, email).slice(from);
}

describe("Pix Automático renewals", () => {
  it("authorises once: a recurrence with its QR and the ceiling, approved by webhookrec", async () => {
    const { subscription } = await subscribe("yenmax", { smtp });
    const now = at("2027-02-01T12:00:00Z");
    const db = await getDb();
    const offer = await mandatePanel(db, subscription, 54321);
    expect(offer?.offerCeilingBrlCents).toBe(mandateCeilingCents(19900, 54321));
    // US$ 199.00 at R$ 5.4321 is R$ 1,080.99; half again is R$ 1,621.49, so R$ 1,622.00.
    expect(offer?.offerCeilingBrlCents).toBe(162200);
    const created = await authoriseMandate(subscription.id, PAYER, now, client);
    expect(created.outcome).toBe("created");
    // Asked again (a second click): the same mandate, no second recurrence.
    expect((await authoriseMandate(subscription.id, PAYER, now, client)).outcome).toBe("exists");
    const awaiting = await mandatePanel(db, subscription, 54321);
    expect(awaiting?.mandate?.state).toBe("awaiting-payer");
    expect(awaiting?.mandate?.qr?.code).toMatch(/^000201/);
    expect(awaiting?.offerCeilingBrlCents).toBeNull();
    const mandate = await mandateOf(subscription.id);
    expect(psp.recurrence.rec(mandate.idRec)?.valor).toEqual({ valorMinimoRecebedor: "1622.00" });
    psp.recurrence.approve(mandate.idRec);
    await psp.settled();
    expect((await mandateOf(subscription.id)).state).toBe("approved");
    expect((await mandatePanel(db, subscription, 54321))?.mandate?.qr).toBeNull();
    expect(psp.breaches).toEqual([]);
  });

  it("charges each cycle once by cobr and applies its Pix once, told by two webhooks and polling", async () => {
    const { subscription } = await authorisedSubscription();
    expect((await runRenewals(CHARGES_MADE)).charges).toBe(1);
    // The renewal queued its cobr (renewal-charge-method.server.ts); the worker sends it.
    const first = await runPixAutomatico(CHARGES_MADE, client);
    expect(first).toMatchObject({ queued: 0, sent: 1 });
    expect(await runPixAutomatico(CHARGES_MADE, client)).toMatchObject({ queued: 0, sent: 0 });
    const { charge, recurring } = await renewalOf(subscription.id);
    expect(recurring).toMatchObject({ state: "scheduled", amountBrlCents: charge.totalBrlCents });
    const cobr = psp.recurrence.cobr(recurring!.txid);
    expect(cobr).toMatchObject({ status: "ATIVA", calendario: { dataDeVencimento: "2027-02-28" } });

    // The payer's bank debits it on the due date: webhookcobr and the Pix webhook both tell.
    psp.setWebhookMode({ kind: "repeat", times: 2 });
    const pix = psp.recurrence.payCobr(recurring!.txid, DUE);
    await psp.settled();
    const paid = await renewalOf(subscription.id);
    expect(paid.charge.state).toBe("paid");
    expect(paid.recurring?.state).toBe("paid");
    const db = await getDb();
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id));
    expect(row).toMatchObject({ state: "active", paidCycle: 2, paidThrough: "2027-03-31" });
    const events = await db
      .select()
      .from(moneyEvents)
      .where(eq(moneyEvents.sourceId, pix.endToEndId));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ state: "applied", chargeId: charge.id });
    // Polling after the webhooks changes nothing.
    await runPixAutomatico(at("2027-02-28T15:00:00Z"), client);
    expect(await db.select().from(moneyEvents).where(eq(moneyEvents.state, "waiting"))).toEqual([]);
    expect(psp.breaches).toEqual([]);
  });

  it("asks for a retry after a failed attempt, and applies the retry's Pix by polling when no webhook comes", async () => {
    const { subscription } = await authorisedSubscription();
    await runRenewals(CHARGES_MADE);
    await runPixAutomatico(CHARGES_MADE, client);
    const { recurring } = await renewalOf(subscription.id);
    psp.setWebhookMode({ kind: "drop" });
    psp.recurrence.failAttempt(recurring!.txid);
    // From the due date on, the worker asks the PSP, sees the refusal and asks for tomorrow.
    await runPixAutomatico(DUE, client);
    const attempts = psp.recurrence.cobr(recurring!.txid)?.tentativas;
    expect(attempts?.map((attempt) => [attempt.tipo, attempt.dataLiquidacao])).toEqual([
      ["AGND", "2027-02-28"],
      ["RIFL", "2027-03-01"],
    ]);
    expect((await renewalOf(subscription.id)).recurring?.retries).toBe(1);
    psp.recurrence.payCobr(recurring!.txid, at("2027-03-01T12:00:00Z"));
    await runPixAutomatico(at("2027-03-01T13:00:00Z"), client);
    const after = await renewalOf(subscription.id);
    expect(after.charge.state).toBe("paid");
    expect(after.recurring?.state).toBe("paid");
    expect(psp.breaches).toEqual([]);
  });

  it("cancels the mandate at the PSP when the subscription is cancelled", async () => {
    const { subscription, mandate } = await authorisedSubscription();
    const cancelled = await cancelSubscription(
      subscription.id,
      "cliente",
      at("2027-02-10T12:00:00Z"),
    );
    expect(cancelled.outcome).toBe("cancelled");
    expect((await mandateOf(subscription.id)).cancelRequestedAt).not.toBeNull();
    expect((await runPixAutomatico(at("2027-02-10T12:01:00Z"), client)).cancelled).toBe(1);
    expect(psp.recurrence.rec(mandate.idRec)?.status).toBe("CANCELADA");
    expect(await mandateOf(subscription.id)).toMatchObject({
      state: "cancelled",
      endedBy: "receiver",
    });
    // Nothing is charged after the cycle the customer has paid.
    await runRenewals(CHARGES_MADE);
    expect((await runPixAutomatico(CHARGES_MADE, client)).queued).toBe(0);
    expect(psp.breaches).toEqual([]);
  });

  it("shows a mandate the payer cancelled at their bank, and the renewal falls back to the charge paid by hand", async () => {
    const { subscription, mandate } = await authorisedSubscription();
    await runRenewals(CHARGES_MADE);
    // Cancelled at the bank before the worker sent the cycle's cobr.
    psp.recurrence.cancelByPayer(mandate.idRec);
    await psp.settled();
    expect(await mandateOf(subscription.id)).toMatchObject({
      state: "cancelled",
      endedBy: "payer",
    });
    expect((await runPixAutomatico(CHARGES_MADE, client)).queued).toBe(0);
    const { charge, recurring } = await renewalOf(subscription.id);
    expect(charge.state).toBe("open");
    expect(recurring?.state).toBe("cancelled");
    const db = await getDb();
    const panel = await mandatePanel(db, subscription, 54321);
    expect(panel?.mandate).toMatchObject({ state: "cancelled", endedBy: "payer" });
    // They may authorise again.
    expect(panel?.offerCeilingBrlCents).toBe(162200);
    expect(psp.breaches).toEqual([]);
  });

  it("the worker's sweep sends each batch's cobr once it committed, once, beside a renewal paid by hand in the same batch", async () => {
    const { subscription, email } = await authorisedSubscription();
    // Same day, no mandate and no CPF: its renewal is paid by the static code.
    const byHand = await subscribe("yenmax", { smtp });
    const puts = () => psp.calls.filter((call) => call === "PUT /cobr/{txid}").length;
    const putsBefore = puts();
    const before = (await mailSince(email, 0)).length;
    const byHandBefore = (await mailSince(byHand.email, 0)).length;
    // The job's call (jobs.server.ts): with the API Pix client, the sweep sends the cobr.
    expect((await runRenewals(CHARGES_MADE, undefined, client)).charges).toBe(2);
    const { charge, recurring } = await renewalOf(subscription.id);
    expect(recurring).toMatchObject({
      state: "scheduled",
      attempts: 1,
      amountBrlCents: charge.totalBrlCents,
      scheduledAt: CHARGES_MADE,
    });
    expect(psp.recurrence.cobr(recurring!.txid)).toMatchObject({
      status: "ATIVA",
      calendario: { dataDeVencimento: "2027-02-28" },
    });
    expect(puts()).toBe(putsBefore + 1);
    // Nothing is left for the pix-automatico job, and a second sweep makes and sends nothing.
    expect(await runPixAutomatico(CHARGES_MADE, client)).toMatchObject({ queued: 0, sent: 0 });
    expect((await runRenewals(CHARGES_MADE, undefined, client)).charges).toBe(0);
    expect(puts()).toBe(putsBefore + 1);
    const other = await renewalOf(byHand.subscription.id);
    expect(other.charge.state).toBe("open");
    expect(other.recurring).toBeUndefined();
    // One e-mail each: the debit's, and the static code's for the other.
    const notices = await mailSince(email, before);
    expect(notices.map((mail) => mail.subject)).toEqual([
      "Sua próxima mensalidade será debitada por Pix Automático",
    ]);
    const [paidByHand, ...more] = await mailSince(byHand.email, byHandBefore);
    expect(more).toEqual([]);
    expect(paidByHand?.text).toContain("PIX copia e cola");
    expect(paidByHand?.text).toContain(other.charge.reference);
    expect(psp.breaches).toEqual([]);
  });

  it("a PSP away during the sweep costs one try of eight cobr; the others are given back untried, for the job's retry", async () => {
    const authorised = [];
    for (let i = 0; i < 10; i++) authorised.push(await authorisedSubscription());
    psp.refuse(503);
    expect((await runRenewals(CHARGES_MADE, undefined, client)).charges).toBe(10);
    psp.refuse(null);
    const rows = await Promise.all(
      authorised.map(async ({ subscription }) => (await renewalOf(subscription.id)).recurring!),
    );
    // Eight went at once and failed; the two left were not tried, and all wait for the retry.
    expect(rows.map((row) => row.state)).toEqual(Array(10).fill("pending"));
    expect(rows.map((row) => row.attempts).toSorted()).toEqual([0, 0, 1, 1, 1, 1, 1, 1, 1, 1]);
    const retryAt = new Date(CHARGES_MADE.getTime() + 10_000);
    expect(new Set(rows.map((row) => row.nextAttemptAt.getTime()))).toEqual(
      new Set([retryAt.getTime()]),
    );
    expect(await recurringChargesDue(CHARGES_MADE)).toBe(false);
    expect(await sendRecurringCharges(retryAt, client)).toBe(10);
    for (const { subscription } of authorised) {
      expect((await renewalOf(subscription.id)).recurring?.state).toBe("scheduled");
    }
    expect(psp.breaches).toEqual([]);
  });

  it("a cobr the PSP scheduled whose writing was lost (a killed worker) is sent again once its claim lapsed, and scheduled once", async () => {
    const { subscription } = await authorisedSubscription();
    await runRenewals(CHARGES_MADE, undefined, client);
    const { recurring } = await renewalOf(subscription.id);
    expect(recurring?.state).toBe("scheduled");
    // As if the worker died after the PSP's answer and before its write: claimed, not written.
    const db = await getDb();
    const lapsesAt = new Date(CHARGES_MADE.getTime() + 30_000);
    await db
      .update(pixRecurringCharges)
      .set({ state: "pending", scheduledAt: null, nextAttemptAt: lapsesAt })
      .where(eq(pixRecurringCharges.txid, recurring!.txid));
    const puts = () => psp.calls.filter((call) => call === "PUT /cobr/{txid}").length;
    const putsBefore = puts();
    expect(await sendRecurringCharges(CHARGES_MADE, client)).toBe(0);
    expect(puts()).toBe(putsBefore);
    expect(await sendRecurringCharges(lapsesAt, client)).toBe(1);
    expect(puts()).toBe(putsBefore + 1);
    expect((await renewalOf(subscription.id)).recurring).toMatchObject({
      state: "scheduled",
      attempts: 2,
      lastError: null,
    });
    expect(psp.recurrence.cobr(recurring!.txid)).toMatchObject({ status: "ATIVA" });
    expect(psp.breaches).toEqual([]);
  });

  it("tells a customer whose mandate debits the renewal that there is nothing to pay, at D-7 and D-1", async () => {
    const { subscription, email } = await authorisedSubscription();
    const before = (await mailSince(email, 0)).length;
    await runRenewals(CHARGES_MADE);
    // The renewal queued its cobr in its own transaction, and no due-date charge.
    const { charge, recurring } = await renewalOf(subscription.id);
    expect(recurring?.state).toBe("pending");
    const db = await getDb();
    expect(
      await db.select().from(pixDueCharges).where(eq(pixDueCharges.chargeId, charge.id)),
    ).toEqual([]);
    const [notice] = await mailSince(email, before);
    expect(notice?.subject).toBe("Sua próxima mensalidade será debitada por Pix Automático");
    // US$ 199.00 at R$ 5.4321.
    expect(notice?.text).toMatch(
      /O valor de R\$\s1\.080,99 será debitado por Pix Automático em 28\/02\/2027/,
    );
    expect(notice?.text).not.toContain("PIX copia e cola");
    expect(notice?.text).not.toContain("Pagar em Minha conta");
    expect(notice?.text).not.toContain("transferência bancária");

    await runPixAutomatico(CHARGES_MADE, client);
    await runRenewals(REMINDED);
    const [reminder] = await mailSince(email, before + 1);
    expect(reminder?.subject).toBe("Sua mensalidade será debitada amanhã por Pix Automático");
    expect(reminder?.text).toContain("será debitado por Pix Automático em 28/02/2027");
    expect(reminder?.text).not.toContain("PIX copia e cola");
    expect(psp.breaches).toEqual([]);
  });

  it("is not late on the debit's day; after a failed attempt the late notice carries the pay link", async () => {
    const { subscription, email } = await authorisedSubscription();
    await runRenewals(CHARGES_MADE);
    await runPixAutomatico(CHARGES_MADE, client);
    await runRenewals(REMINDED);
    const before = (await mailSince(email, 0)).length;
    const db = await getDb();
    const stateOf = async () =>
      (await db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id)))[0]
        ?.state;
    expect((await runRenewals(DUE)).late).toBe(0);
    expect(await stateOf()).toBe("active");
    expect(await mailSince(email, before)).toEqual([]);
    psp.recurrence.failAttempt((await renewalOf(subscription.id)).recurring!.txid);
    await psp.settled();
    expect((await runRenewals(at("2027-03-01T12:00:00Z"))).late).toBe(1);
    expect(await stateOf()).toBe("past-due");
    const [late] = await mailSince(email, before);
    expect(late?.subject).toBe("Mensalidade em atraso");
    expect(late?.text).toContain("Pagar em Minha conta");
    expect(late?.text).toMatch(/https:\/\/agentesfx\.com\.br\/minha-conta/);
  });

  it("sends the PIX code and pay link in the reminder once a cobr the PSP refused will not debit", async () => {
    const { subscription, email } = await authorisedSubscription();
    await runRenewals(CHARGES_MADE);
    const before = (await mailSince(email, 0)).length;
    psp.refuse(403);
    expect(await sendRecurringCharges(CHARGES_MADE, client)).toBe(0);
    psp.refuse(null);
    expect((await renewalOf(subscription.id)).recurring?.state).toBe("failed");
    await runRenewals(REMINDED);
    const [reminder] = await mailSince(email, before);
    expect(reminder?.subject).toBe("Sua mensalidade vence amanhã");
    expect(reminder?.text).toContain("Pagar em Minha conta");
    expect(reminder?.text).toMatch(/https:\/\/agentesfx\.com\.br\/minha-conta/);
  });

  it("keeps the job due at once while a cobr waits to be sent, not while one waits for its retry", async () => {
    const { subscription } = await authorisedSubscription();
    await runRenewals(CHARGES_MADE);
    // The renewal queued its cobr: a round that left it is due again at once, not at the poll.
    expect(await recurringChargesDue(CHARGES_MADE)).toBe(true);
    // The PSP is down: the send waits for its retry's time, and the job for its poll.
    psp.refuse(503);
    expect(await sendRecurringCharges(CHARGES_MADE, client)).toBe(0);
    psp.refuse(null);
    expect((await renewalOf(subscription.id)).recurring?.state).toBe("pending");
    expect(await recurringChargesDue(CHARGES_MADE)).toBe(false);
    const later = new Date(CHARGES_MADE.getTime() + 60_000);
    expect(await recurringChargesDue(later)).toBe(true);
    expect(await sendRecurringCharges(later, client)).toBe(1);
    expect(await recurringChargesDue(later)).toBe(false);
    expect((await renewalOf(subscription.id)).recurring?.state).toBe("scheduled");
  });

  it("e-mails the customer and staff once when the payer cancels the mandate at their bank, and the renewal gets a due-date charge", async () => {
    const { subscription, email } = await authorisedSubscription();
    await runRenewals(CHARGES_MADE);
    await runPixAutomatico(CHARGES_MADE, client);
    const staff = staffAddress();
    const before = (await mailSince(email, 0)).length;
    const staffBefore = messagesTo(smtp, staff).length;
    // The bank tells twice, and the worker asks again later: one e-mail each all the same.
    psp.setWebhookMode({ kind: "repeat", times: 2 });
    psp.recurrence.cancelByPayer((await mandateOf(subscription.id)).idRec);
    await psp.settled();
    await runPixAutomatico(at("2027-02-22T12:00:00Z"), client);
    const mails = await mailSince(email, before);
    expect(mails.map((mail) => mail.subject)).toEqual(["Pix Automático encerrado no seu banco"]);
    expect(mails[0]?.text).toContain("foi cancelada no seu banco");
    expect(mails[0]?.text).toContain("cobrança PIX com vencimento");
    const staffMails = messagesTo(smtp, staff).slice(staffBefore);
    expect(staffMails.map((mail) => mail.subject)).toEqual([
      "Pix Automático encerrado pelo pagador: YenMax Agent",
    ]);
    expect(staffMails[0]?.text).toContain(email);

    // The open renewal is now a due-date charge made out to the mandate's CPF; its reminder
    // carries its code and the pay link.
    const db = await getDb();
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id));
    expect(row?.payerDocument).toBe(PAYER.cpf);
    const { charge } = await renewalOf(subscription.id);
    await createDueRenewalCharges(at("2027-02-22T12:00:00Z"), client);
    const [due] = await db
      .select()
      .from(pixDueCharges)
      .where(eq(pixDueCharges.chargeId, charge.id));
    expect(due?.state).toBe("active");
    await runRenewals(REMINDED);
    const [reminder] = await mailSince(email, before + 1);
    expect(reminder?.subject).toBe("Sua mensalidade vence amanhã");
    expect(reminder?.text).toContain(`PIX copia e cola: ${due!.copyPaste}`);
    expect(reminder?.text).toContain("Pagar em Minha conta");
    expect(psp.breaches).toEqual([]);
  });

  it("tells the customer and staff when the payer refuses the authorisation at their bank", async () => {
    const { subscription, email } = await subscribe("yenmax", { smtp });
    await authoriseMandate(subscription.id, PAYER, at("2027-02-01T12:00:00Z"), client);
    const before = (await mailSince(email, 0)).length;
    psp.recurrence.reject((await mandateOf(subscription.id)).idRec);
    await psp.settled();
    const mails = await mailSince(email, before);
    expect(mails.map((mail) => mail.subject)).toEqual(["Pix Automático encerrado no seu banco"]);
    expect(mails[0]?.text).toContain("foi recusada no seu banco");
  });

  it("e-mails nobody when the mandate ends with the subscription, at our request", async () => {
    const { subscription, email } = await authorisedSubscription();
    await cancelSubscription(subscription.id, "cliente", at("2027-02-10T12:00:00Z"));
    await runPixAutomatico(at("2027-02-10T12:01:00Z"), client);
    expect((await mandateOf(subscription.id)).state).toBe("cancelled");
    const mails = await mailSince(email, 0);
    expect(mails.map((mail) => mail.subject)).not.toContain(
      "Pix Automático encerrado no seu banco",
    );
  });

  it("authorises with the CPF the customer gave once for the PIX charges, and asks for it when there is none", async () => {
    const { subscription, email } = await subscribe("yenmax", { smtp });
    const db = await getDb();
    const [entry] = await db
      .select({ id: waitlist.id })
      .from(waitlist)
      .where(eq(waitlist.email, email));
    const now = at("2027-02-01T12:00:00Z");
    expect(await authoriseOwnMandate(entry!.id, subscription.id, now)).toEqual({
      outcome: "no-cpf",
    });
    // A CNPJ pays the due-date charges, but a mandate needs a CPF.
    expect(await setOwnPayerDocument(entry!.id, subscription.id, "11.222.333/0001-81", now)).toBe(
      "saved",
    );
    expect((await authoriseOwnMandate(entry!.id, subscription.id, now)).outcome).toBe("no-cpf");
    expect(await db.select().from(pixMandates)).toEqual([]);
    expect(await setOwnPayerDocument(entry!.id, subscription.id, "529.982.247-25", now)).toBe(
      "saved",
    );
    expect((await authoriseOwnMandate(entry!.id, subscription.id, now)).outcome).toBe("created");
    expect(await mandateOf(subscription.id)).toMatchObject({
      payerCpf: PAYER.cpf,
      payerName: expect.stringMatching(/^Cliente \d+$/),
    });
    // Another customer's subscription is not theirs to authorise.
    const other = await subscribe("yenmax", { smtp });
    expect((await authoriseOwnMandate(entry!.id, other.subscription.id, now)).outcome).toBe(
      "not-found",
    );
  });

  it("queues no due-date charge for a renewal the mandate debits when the customer changes the document", async () => {
    const { subscription, email } = await authorisedSubscription();
    await runRenewals(CHARGES_MADE);
    const db = await getDb();
    const [entry] = await db
      .select({ id: waitlist.id })
      .from(waitlist)
      .where(eq(waitlist.email, email));
    await setOwnPayerDocument(entry!.id, subscription.id, "529.982.247-25", CHARGES_MADE);
    const { charge } = await renewalOf(subscription.id);
    expect(
      await db.select().from(pixDueCharges).where(eq(pixDueCharges.chargeId, charge.id)),
    ).toEqual([]);
  });

  it("leaves a cycle above the ceiling to the charge paid by hand", async () => {
    const { subscription } = await authorisedSubscription();
    // The real fell by half: R$ 10.8642 per US$.
    await setExchangeRate(108642, STAFF, at("2027-02-20T12:00:00Z"));
    await runRenewals(CHARGES_MADE);
    expect((await runPixAutomatico(CHARGES_MADE, client)).queued).toBe(0);
    expect((await renewalOf(subscription.id)).charge.state).toBe("open");
  });

  it("is off without a receiving account or the API Pix", () => {
    expect(pixAutomaticoAvailable(client)).toBe(true);
    expect(pixAutomaticoAvailable(null)).toBe(false);
  });
});

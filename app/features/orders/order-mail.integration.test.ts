import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { deliverQueued, messagesTo } from "../../../tests/support/outbox.ts";
import { clearSales } from "../../../tests/support/sales.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { emailOutbox, exchangeRates, orders, robots, waitlist } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { createTransport } from "../../platform/mail/transport.server.ts";
import { eraseWaitlistEntry } from "../privacy/erasure.server.ts";
import { inviteNext } from "../invitations/invitations.server.ts";
import { acceptInvitation } from "../sales/accept.server.ts";
import { orderRemindersJob } from "./jobs.server.ts";
import { sendDueOrderReminders, setExchangeRate } from "./orders.server.ts";
import { expireDueOrders } from "../sales/expire.server.ts";
import { markOrderPaid } from "../sales/pay.server.ts";
import { orderViewByLink, setupLinkState } from "./order-view.server.ts";
import { submitSetup } from "./setup.server.ts";
import { advanceSetup } from "../sales/setup-steps.server.ts";

// Issue 23's e-mails (docs/decisions/180-183): each change of an order queues exactly its
// messages, once, and what arrives over SMTP carries the order's data and working links.
// Read on first use of the env module, after these lines.
process.env.PIX_KEY = "financeiro@agentesfx.com.br";
process.env.STAFF_EMAIL = "equipe@agentesfx.test";
process.env.MAIL_REPLY_TO = "atendimento@agentesfx.test";

const smtp = await smtpServerForFile();

const HOUR = 3_600_000;
const T0 = new Date("2026-12-01T13:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const STAFF = "financeiro@agentesfx.test";
const form = { accountNumber: "123456", brokerServer: "Live3", platform: "MT5" as const };

/** Delivers through the product's own transport (SMTP_URL set): Reply-To included. */
async function deliver() {
  const db = await getDb();
  await deliverQueued(smtp, {
    transport: createTransport({ ...getEnv(), SMTP_URL: smtp.url }, db),
  });
}

let run = 0;
/** One person invited to YenMax at T0 (deadline T0 + 48 h), with their invitation link. */
async function invited() {
  run += 1;
  const db = await getDb();
  const email = `mail${run}@exemplo.com`;
  await db.insert(waitlist).values({
    name: `Ana ${run}`,
    email,
    interestedAgents: ["yenmax"],
    termsAcceptedAt: T0,
    confirmedAt: T0,
  });
  const [robot] = await db.select().from(robots).where(eq(robots.key, "yenmax"));
  await inviteNext(robot!.id, 1, STAFF, T0);
  await deliver();
  const token = /\/convite\/([A-Za-z0-9_-]{43})/.exec(messagesTo(smtp, email)[0]?.text ?? "")?.[1];
  return { email, name: `Ana ${run}`, token: token! };
}

/** Invited, then accepted `after` ms later (partner broker: US$ 149,25 at R$ 5,00). */
async function accepted(after = HOUR) {
  const person = await invited();
  expect(await acceptInvitation(person.token, at(after), true)).toBe("accepted");
  const db = await getDb();
  const [order] = await db
    .select()
    .from(orders)
    .innerJoin(waitlist, eq(waitlist.id, orders.waitlistId))
    .where(eq(waitlist.email, person.email));
  return { ...person, order: order!.orders };
}

/** The messages queued (not yet sent) since the last delivery: template and recipient. */
async function queued() {
  const db = await getDb();
  return db
    .select({ template: emailOutbox.template, to: emailOutbox.recipient })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, "queued"))
    .orderBy(asc(emailOutbox.template), asc(emailOutbox.recipient));
}

function lastMail(email: string, subject: string) {
  const mail = messagesTo(smtp, email)
    .filter((m) => m.subject?.startsWith(subject))
    .at(-1);
  if (!mail) throw new Error(`no "${subject}" to ${email}`);
  return mail;
}

beforeEach(async () => {
  await clearSales();
  await setExchangeRate(50_000, STAFF, T0);
});

describe("the acceptance", () => {
  it("queues the order's e-mail to the person and the news to staff, once", async () => {
    const person = await invited();
    expect(await acceptInvitation(person.token, at(HOUR), true)).toBe("accepted");
    expect(await acceptInvitation(person.token, at(HOUR))).toBe("already-accepted");
    expect(await queued()).toEqual([
      { template: "order-created", to: person.email },
      { template: "staff-order-accepted", to: "equipe@agentesfx.test" },
    ]);
    await deliver();

    const mail = lastMail(person.email, "Seu pedido: instruções de pagamento");
    const text = mail.text ?? "";
    expect(mail.replyTo?.text).toBe("atendimento@agentesfx.test");
    expect(text).toContain("US$\u00a0149,25");
    expect(text).toContain("R$\u00a0746,25 (câmbio de R$ 5 por US$ 1)");
    // The invitation's deadline (T0 + 48 h), not 48 hours from the acceptance.
    expect(text).toContain("Pague até 03/12/2026 às 10:00 (horário de Brasília)");
    const pix = /PIX copia e cola: (\S+)/.exec(text)?.[1];
    expect(pix).toMatch(/^000201.*5406746\.25/);
    // The button opens the order's page.
    const link = /\/convite\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect((await orderViewByLink({ invitation: link! }))?.state).toBe("awaiting-payment");

    const staff = lastMail("equipe@agentesfx.test", "Vaga aceita:");
    expect(staff.replyTo?.text).toBe("atendimento@agentesfx.test");
    expect(staff.text).toContain(`${person.name} (${person.email}) aceitou o convite do YenMax`);
    expect(staff.text).toContain("US$\u00a0149,25 / R$\u00a0746,25");
  });
});

describe("the first exchange rate", () => {
  it("sends the amount in reais and the PIX code to orders accepted without one", async () => {
    const db = await getDb();
    await db.delete(exchangeRates);
    const { email } = await accepted();
    await deliver();
    const first = lastMail(email, "Seu pedido: instruções de pagamento").text ?? "";
    expect(first).toContain("O valor em reais ainda não foi definido");
    expect(first).not.toContain("PIX copia e cola");
    expect(await setExchangeRate(54_321, STAFF, at(2 * HOUR))).toBe(1);
    expect(await queued()).toEqual([{ template: "order-created", to: email }]);
    await deliver();
    const second = lastMail(email, "Seu pedido: instruções de pagamento").text ?? "";
    // US$ 149,25 at R$ 5,4321.
    expect(second).toContain("R$\u00a0810,74 (câmbio de R$ 5,4321 por US$ 1)");
    expect(second).toMatch(/PIX copia e cola: 000201\S*5406810\.74/);
    // A second rate changes no order: nothing more is sent.
    await setExchangeRate(60_000, STAFF, at(3 * HOUR));
    expect(await queued()).toEqual([]);
  });
});

describe("the reminder", () => {
  it("is queued once, 12 hours before the deadline, whichever run finds it", async () => {
    const { email, order } = await accepted();
    await deliver();
    expect(await sendDueOrderReminders(at(35 * HOUR))).toBe(0);
    // The job runs again before the reminder falls due (12 h before the deadline).
    expect((await orderRemindersJob.run({ now: at(30 * HOUR) }))!.getTime()).toBeLessThanOrEqual(
      at(36 * HOUR).getTime() + 1000,
    );
    // Two workers at once, then a later run: one reminder.
    await Promise.all([
      orderRemindersJob.run({ now: at(36 * HOUR + 60_000) }),
      orderRemindersJob.run({ now: at(36 * HOUR + 60_000) }),
    ]);
    await orderRemindersJob.run({ now: at(37 * HOUR) });
    expect(await sendDueOrderReminders(at(40 * HOUR))).toBe(0);
    expect(await queued()).toEqual([{ template: "order-reminder", to: email }]);
    await deliver();
    const text = lastMail(email, "Faltam 12 horas").text ?? "";
    expect(text).toContain(order.reference);
    expect(text).toContain("Pague até 03/12/2026 às 10:00");
    expect(text).toContain("R$\u00a0746,25");
  });

  it("is not sent for a paid or closed order, nor after an acceptance within the last 12 hours", async () => {
    const paid = await accepted();
    const late = await accepted(40 * HOUR);
    const unpaid = await accepted();
    await markOrderPaid(paid.order.id, { method: "pix", reference: "E2E1" }, STAFF, at(2 * HOUR));
    await deliver();
    expect(await sendDueOrderReminders(at(41 * HOUR))).toBe(1);
    expect(await queued()).toEqual([{ template: "order-reminder", to: unpaid.email }]);
    // The late acceptance's own e-mail carried the deadline instead.
    expect(lastMail(late.email, "Seu pedido").text).toContain("Pague até 03/12/2026");
    // Even with no reminder recorded, a closed order gets none.
    const db = await getDb();
    await db.delete(emailOutbox);
    await db.update(orders).set({ reminderAt: null });
    expect(await expireDueOrders(at(48 * HOUR))).toBe(2);
    expect(await sendDueOrderReminders(at(47 * HOUR))).toBe(0);
    expect(await queued()).toEqual(
      [late.email, unpaid.email].sort().map((to) => ({ template: "order-expired", to })),
    );
  });
});

describe("the payment", () => {
  it("queues the setup link and staff's notice once; the link opens the form and works once", async () => {
    const { email, name, order } = await accepted();
    await deliver();
    const payment = { method: "pix" as const, reference: "E2E0001" };
    expect((await markOrderPaid(order.id, payment, STAFF, at(2 * HOUR))).outcome).toBe("paid");
    expect((await markOrderPaid(order.id, payment, STAFF, at(2 * HOUR))).outcome).toBe(
      "already-paid",
    );
    expect(await queued()).toEqual([
      { template: "order-paid", to: email },
      { template: "payment-receipt", to: email },
      { template: "staff-order-paid", to: "equipe@agentesfx.test" },
    ]);
    await deliver();

    // A payment staff mark by hand gets its receipt too (decision 362).
    const receipt = lastMail(email, "Recibo de pagamento").text ?? "";
    expect(receipt).toContain("Serviço: Assinatura mensal do agente YenMax Agent (1º mês)");
    expect(receipt).toContain("Valor pago: R$\u00a0746,25");
    expect(receipt).toContain("Forma de pagamento: PIX");
    expect(receipt).toContain("Identificação do pagamento: E2E0001");
    expect(receipt).toContain(`Código da cobrança: ${order.reference}`);
    expect(receipt).toContain("Pago em: 01/12/2026 12:00");
    expect(receipt).toContain(`/minha-conta/recibos/${order.reference}`);

    const staff = lastMail("equipe@agentesfx.test", "Pagamento recebido:").text ?? "";
    expect(staff).toContain(`${order.reference}: ${name} (${email}) pagou`);
    expect(staff).toContain("R$\u00a0746,25 por PIX (referência E2E0001)");
    const text = lastMail(email, "Pagamento recebido").text ?? "";
    expect(text).toContain(`Valor recebido: R$\u00a0746,25`);
    const token = /\/configurar\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(await setupLinkState(token!)).toBe("valid");
    expect((await orderViewByLink({ setup: token! }))?.setupState).toBe("awaiting-form");
    const setup = { ...form, whatsapp: "11912345678", credential: null };
    expect(await submitSetup({ setup: token! }, setup, at(3 * HOUR))).toBe("saved");
    expect(await submitSetup({ setup: token! }, setup, at(3 * HOUR))).toBe("gone");
    expect(await setupLinkState(token!)).toBe("gone");
    expect(await orderViewByLink({ setup: token! })).toBeNull();
  });

  it("stops working when the person's data is erased", async () => {
    const { email, order } = await accepted();
    await markOrderPaid(order.id, { method: "pix", reference: "E2E3" }, STAFF, at(2 * HOUR));
    await deliver();
    const text = lastMail(email, "Pagamento recebido").text ?? "";
    const token = /\/configurar\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(await setupLinkState(token!)).toBe("valid");
    expect(await eraseWaitlistEntry(order.waitlistId!)).toBe(true);
    expect(await setupLinkState(token!)).toBe("not-found");
  });
});

describe("the deadline", () => {
  it("tells the person their spot was freed, once", async () => {
    const { email, order } = await accepted();
    await deliver();
    expect(await expireDueOrders(at(48 * HOUR))).toBe(1);
    expect(await expireDueOrders(at(49 * HOUR))).toBe(0);
    expect(await queued()).toEqual([{ template: "order-expired", to: email }]);
    await deliver();
    expect(lastMail(email, "Prazo de pagamento encerrado").text).toContain(
      `pedido ${order.reference} (YenMax`,
    );
  });
});

describe("staff's setup steps", () => {
  it("each tell the person once, and the form tells staff", async () => {
    const { email, order } = await accepted();
    await markOrderPaid(order.id, { method: "pix", reference: "E2E2" }, STAFF, at(2 * HOUR));
    await deliver();
    const text = lastMail(email, "Pagamento recebido").text ?? "";
    const token = /\/configurar\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    const setup = { ...form, whatsapp: "11912345678", credential: null };
    expect(await submitSetup({ setup: token! }, setup, at(3 * HOUR))).toBe("saved");
    // The form tells staff (decision 346), not the person.
    expect(await queued()).toEqual([
      { template: "staff-setup-submitted", to: "equipe@agentesfx.test" },
    ]);
    await deliver();
    expect(await advanceSetup(order.id, "vps-ready", STAFF, at(4 * HOUR))).toBe("saved");
    expect(await advanceSetup(order.id, "vps-ready", STAFF, at(4 * HOUR))).toBe("wrong-state");
    expect(await queued()).toEqual([{ template: "order-vps-ready", to: email }]);
    await deliver();
    expect(await advanceSetup(order.id, "running", STAFF, at(5 * HOUR))).toBe("saved");
    expect(await advanceSetup(order.id, "running", STAFF, at(5 * HOUR))).toBe("wrong-state");
    expect(await queued()).toEqual([{ template: "order-running", to: email }]);
    await deliver();
    expect(lastMail(email, "Sua VPS está configurada").text).toContain("A VPS do YenMax");
    expect(lastMail(email, "Seu agente está em operação").text).toContain("está em operação");
  });
});

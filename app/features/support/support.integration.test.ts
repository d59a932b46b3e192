import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rateLimits, supportConversations, supportMessages, waitlist } from "../../../db/schema.ts";
import { deliverQueued, messagesTo } from "../../../tests/support/outbox.ts";
import { clearSales } from "../../../tests/support/sales.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { subscribe } from "../../../tests/support/subscriber.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { startBounceReceiver, type BounceReceiver } from "../deliverability/receiver.server.ts";
import { eraseWaitlistEntry } from "../privacy/erasure.server.ts";
import { conversationView, inbox, replyAsStaff } from "./conversations.server.ts";
import { submitAccountSupport, submitContactSupport } from "./forms.server.ts";
import { MESSAGE_MAX_CHARS } from "./model.ts";

// Read once, on first use, by the env module.
process.env.SITE_URL = "https://agentesfx.com.br";
process.env.MAIL_BOUNCE_DOMAIN = "bounces.agentesfx.com.br";
process.env.SUPPORT_INBOUND_DOMAIN = "suporte.agentesfx.com.br";

const DOMAIN = "suporte.agentesfx.com.br";
const smtp = await smtpServerForFile();
// Tuesday 24 November 2026, 10h in São Paulo.
const NOW = new Date("2026-11-24T13:00:00Z");

let receiver: BounceReceiver;
beforeAll(async () => {
  receiver = await startBounceReceiver(0, "127.0.0.1");
});
afterAll(() => receiver.close());

beforeEach(async () => {
  const db = await getDb();
  await db.delete(supportConversations);
  await clearSales();
  await db.delete(rateLimits);
  smtp.messages.length = 0;
});

/** A remote mail server delivering a customer's e-mail to our inbound SMTP. */
function deliver(mail: {
  from: string;
  to: string;
  text?: string;
  raw?: string;
  messageId?: string;
  attachments?: { filename: string; content: string }[];
}) {
  const client = nodemailer.createTransport({ host: "127.0.0.1", port: receiver.port });
  const message = mail.raw
    ? { envelope: { from: mail.from, to: mail.to }, raw: mail.raw }
    : {
        from: mail.from,
        to: mail.to,
        subject: "Re: Resposta do suporte",
        text: mail.text ?? "",
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
        ...(mail.attachments ? { attachments: mail.attachments } : {}),
      };
  return client.sendMail(message).finally(() => client.close());
}

const form = (fields: Record<string, string>) => {
  const body = new URLSearchParams(fields);
  return new Request("https://agentesfx.com.br/contato?suporte", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: body.toString(),
  });
};

async function customer() {
  const subscribed = await subscribe("yenmax", { smtp });
  const db = await getDb();
  const [person] = await db.select().from(waitlist).where(eq(waitlist.email, subscribed.email));
  // The order's own e-mails go first, so what follows is support's.
  await deliverQueued(smtp);
  smtp.messages.length = 0;
  return { ...subscribed, waitlistId: person!.id };
}

async function onlyConversation() {
  const db = await getDb();
  const [row] = await db.select().from(supportConversations);
  return row!;
}

describe("a conversation opened from the panel", () => {
  it("carries the subscription and robot, promises a due time and threads the e-mailed reply back", async () => {
    const { subscription, email, waitlistId } = await customer();
    const fields = new URLSearchParams({
      intent: "support",
      subscription: subscription.id,
      message: "Meu robô parou de operar desde ontem.",
    });
    const answer = await submitAccountSupport(waitlistId, fields, NOW);
    expect(answer.status).toBe(200);
    // Tuesday 10h + 4 business hours.
    expect(answer.result.message).toContain("Respondemos até hoje, 14h.");

    const conversation = await onlyConversation();
    expect(conversation).toMatchObject({
      origin: "account",
      waitlistId,
      subscriptionId: subscription.id,
      robotName: "YenMax Agent",
      email,
      firstResponseDueAt: new Date("2026-11-24T17:00:00Z"),
    });
    expect(answer.result.message).toContain(conversation.reference);

    // The receipt, with the conversation's reply address; and staff's notice.
    await deliverQueued(smtp);
    const address = `resposta+${conversation.replyToken}@${DOMAIN}`;
    const [receipt] = messagesTo(smtp, email);
    expect(receipt!.replyTo?.value[0]?.address).toBe(address);
    expect(receipt!.text).toContain("Meu robô parou de operar desde ontem.");
    expect(receipt!.text).toContain("responda a este e-mail");
    expect(messagesTo(smtp, "suporte@agentesfx.com.br")[0]?.subject).toBe(
      `Nova mensagem de suporte (conversa ${conversation.reference})`,
    );

    // Not yet answered, and then past due: flagged.
    const late = new Date("2026-11-24T17:00:00Z");
    expect((await inbox("open", NOW))[0]).toMatchObject({ overdue: false, awaitingStaff: true });
    expect((await inbox("open", late))[0]).toMatchObject({ overdue: true });

    // Staff answer: e-mailed with the same reply address; the due time is met.
    smtp.messages.length = 0;
    const answeredAt = new Date("2026-11-24T15:00:00Z");
    expect(
      await replyAsStaff(conversation.id, "ana@agentesfx.com.br", "Reiniciamos a VPS.", answeredAt),
    ).toBe("sent");
    await deliverQueued(smtp);
    const [reply] = messagesTo(smtp, email);
    expect(reply!.subject).toBe(`Resposta do suporte (conversa ${conversation.reference})`);
    expect(reply!.replyTo?.value[0]?.address).toBe(address);
    expect(reply!.text).toContain("Reiniciamos a VPS.");
    expect((await inbox("open", late))[0]).toMatchObject({
      overdue: false,
      awaitingStaff: false,
      firstResponseAt: answeredAt,
    });

    // The customer answers by e-mail, quoting ours: only the new text is kept.
    await deliver({
      from: `Cliente <${email}>`,
      to: address,
      messageId: "<resposta-1@exemplo.com>",
      text: [
        "Obrigado, voltou a operar!",
        "",
        "On Tue, Nov 24, 2026 at 12:00 PM Agentes FX <nao-responda@agentesfx.com.br> wrote:",
        "> Reiniciamos a VPS.",
      ].join("\n"),
    });
    // A retried delivery of the same message is stored once.
    await deliver({
      from: email,
      to: address,
      messageId: "<resposta-1@exemplo.com>",
      text: "Obrigado, voltou a operar!",
    });
    const view = (await conversationView(conversation.id, new Date()))!;
    expect(view.messages.map((m) => [m.author, m.body])).toEqual([
      ["customer", "Meu robô parou de operar desde ontem."],
      ["staff", "Reiniciamos a VPS."],
      ["customer", "Obrigado, voltou a operar!"],
    ]);
    expect(view.messages[2]).toMatchObject({ viaEmail: true, fromAddress: null });
    expect(view).toMatchObject({ awaitingStaff: true, state: "open" });
  });

  it("refuses a subscription that is not the person's, keeping the text", async () => {
    const { waitlistId } = await customer();
    const fields = new URLSearchParams({
      subscription: "00000000-0000-4000-8000-000000000000",
      message: "Texto que não se perde",
    });
    const answer = await submitAccountSupport(waitlistId, fields, NOW);
    expect(answer.status).toBe(400);
    expect(answer.result.values?.message).toBe("Texto que não se perde");
    expect(answer.result.fieldErrors?.subscription).toBe("Escolha uma das suas assinaturas.");
    expect(await (await getDb()).select().from(supportConversations)).toEqual([]);
  });
});

describe("the inbound SMTP for support", () => {
  it("refuses unknown and malformed reply addresses at RCPT, and oversized texts", async () => {
    const { subscription, waitlistId, email } = await customer();
    await submitAccountSupport(
      waitlistId,
      new URLSearchParams({ subscription: subscription.id, message: "Olá" }),
      NOW,
    );
    const { replyToken } = await onlyConversation();
    await expect(
      deliver({ from: email, to: `resposta+${"a".repeat(26)}@${DOMAIN}`, text: "oi" }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      deliver({ from: email, to: `resposta+curto@${DOMAIN}`, text: "oi" }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      deliver({
        from: email,
        to: `resposta+${replyToken}@${DOMAIN}`,
        text: "a".repeat(MESSAGE_MAX_CHARS + 1),
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    await expect(
      deliver({
        from: email,
        to: `resposta+${replyToken}@${DOMAIN}`,
        raw: `From: ${email}\r\nSubject: grande\r\n\r\n${"a".repeat(1024 * 1024 + 10)}`,
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    const db = await getDb();
    expect(await db.select().from(supportMessages)).toHaveLength(1);
  });

  it("counts attachments it does not keep, and notes a reply from another address", async () => {
    const { subscription, waitlistId } = await customer();
    await submitAccountSupport(
      waitlistId,
      new URLSearchParams({ subscription: subscription.id, message: "Olá" }),
      NOW,
    );
    const conversation = await onlyConversation();
    await deliver({
      from: "outro@exemplo.com",
      to: `resposta+${conversation.replyToken}@${DOMAIN}`,
      text: "Segue o print.",
      attachments: [{ filename: "print.png", content: "conteúdo" }],
    });
    const view = (await conversationView(conversation.id, NOW))!;
    expect(view.messages[1]).toMatchObject({
      body: "Segue o print.",
      droppedAttachments: 1,
      fromAddress: "outro@exemplo.com",
    });
  });

  it("opens a conversation from an e-mail to suporte@, answering only a known customer", async () => {
    const { email, waitlistId, subscription } = await customer();
    await deliver({
      from: `Cliente <${email}>`,
      to: `suporte@${DOMAIN}`,
      text: "Preciso de ajuda.",
    });
    const known = await onlyConversation();
    expect(known).toMatchObject({
      origin: "email",
      waitlistId,
      subscriptionId: subscription.id,
      name: "Cliente",
    });
    await deliver({ from: "desconhecido@exemplo.com", to: `suporte@${DOMAIN}`, text: "Oi" });
    await deliverQueued(smtp);
    expect(messagesTo(smtp, email)).toHaveLength(1);
    expect(messagesTo(smtp, "desconhecido@exemplo.com")).toHaveLength(0);
    expect(messagesTo(smtp, "suporte@agentesfx.com.br")).toHaveLength(2);
  });
});

describe("the /contato support form", () => {
  const limits = { clientIp: "203.0.113.9", rateLimitPerMinute: 5 };

  it("opens a conversation for a visitor and keeps everything typed when refused", async () => {
    const refused = await submitContactSupport(
      form({ name: "Ana", email: "nao-e-email", message: "Quero saber dos planos." }),
      limits,
      NOW,
    );
    expect(refused.status).toBe(400);
    expect(refused.result).toMatchObject({
      ok: false,
      values: { name: "Ana", email: "nao-e-email", message: "Quero saber dos planos." },
      fieldErrors: { email: "Digite um e-mail válido." },
    });
    const answer = await submitContactSupport(
      form({ name: "Ana", email: "Ana@Exemplo.com", message: "Quero saber dos planos." }),
      limits,
      NOW,
    );
    expect(answer.status).toBe(200);
    expect(await onlyConversation()).toMatchObject({
      origin: "contact",
      email: "ana@exemplo.com",
      waitlistId: null,
      subscriptionId: null,
    });
  });

  it("carries a customer's subscription when the address is theirs, and is erased with them", async () => {
    const { email, waitlistId, subscription } = await customer();
    await submitContactSupport(
      form({ name: "Cliente", email, message: "Ajuda com o robô" }),
      limits,
      NOW,
    );
    expect(await onlyConversation()).toMatchObject({
      waitlistId,
      subscriptionId: subscription.id,
    });
    expect(await eraseWaitlistEntry(waitlistId)).toBe(true);
    const db = await getDb();
    expect(await db.select().from(supportConversations)).toEqual([]);
    expect(await db.select().from(supportMessages)).toEqual([]);
  });

  it("answers a filled honeypot as a success and stores nothing", async () => {
    const answer = await submitContactSupport(
      form({ name: "Bot", email: "bot@exemplo.com", message: "spam", website: "x" }),
      limits,
      NOW,
    );
    expect(answer.status).toBe(200);
    expect(await (await getDb()).select().from(supportConversations)).toEqual([]);
  });

  it("refuses a body over its limit and a flood from one client", async () => {
    const big = await submitContactSupport(
      form({ name: "A", email: "a@exemplo.com", message: "á".repeat(20_000) }),
      limits,
      NOW,
    );
    expect(big.status).toBe(413);
    for (let i = 0; i < limits.rateLimitPerMinute; i++) {
      await submitContactSupport(form({ name: "", email: "", message: "" }), limits, NOW);
    }
    const flooded = await submitContactSupport(
      form({ name: "A", email: "a@exemplo.com", message: "oi" }),
      limits,
      NOW,
    );
    expect(flooded.status).toBe(429);
  });
});

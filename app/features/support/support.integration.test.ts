import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rateLimits, supportConversations, supportMessages, waitlist } from "../../../db/schema.ts";
import { callSection, signIn } from "../../../tests/support/admin-requests.ts";
import { deliverQueued, messagesTo } from "../../../tests/support/outbox.ts";
import { clearSales } from "../../../tests/support/sales.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { subscribe } from "../../../tests/support/subscriber.ts";
import { createOrResetAdmin } from "../../lib/auth.server.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { startBounceReceiver, type BounceReceiver } from "../deliverability/receiver.server.ts";
import { eraseWaitlistEntry } from "../privacy/erasure.server.ts";
import {
  conversationView,
  inbox,
  notifyOverdueConversations,
  replyAsStaff,
} from "./conversations.server.ts";
import { submitAccountSupport, submitContactSupport } from "./forms.server.ts";
import { ATTACHMENT_MAX_BYTES, INBOUND_MAX_BYTES, MESSAGE_MAX_CHARS } from "./model.ts";

// Read once, on first use, by the env module.
process.env.SITE_URL = "https://agentesfx.com.br";
process.env.MAIL_BOUNCE_DOMAIN = "bounces.agentesfx.com.br";
process.env.SUPPORT_INBOUND_DOMAIN = "suporte.agentesfx.com.br";

const DOMAIN = "suporte.agentesfx.com.br";
const smtp = await smtpServerForFile();
// Tuesday 24 November 2026, 10h in São Paulo.
const NOW = new Date("2026-11-24T13:00:00Z");

// A 1x1 PNG and the smallest PDF file-type reads as one.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

const ADMIN = { email: "suporte-anexos@agentesfx.test", password: "uma-senha-bem-longa-9" };
let cookie = "";
let receiver: BounceReceiver;
beforeAll(async () => {
  receiver = await startBounceReceiver(0, "127.0.0.1");
  await createOrResetAdmin(await getDb(), ADMIN);
  cookie = await signIn(ADMIN.email, ADMIN.password, "198.51.100.62");
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
  attachments?: { filename: string; content: string | Buffer }[];
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

  it("e-mails staff once for each due time that passes unanswered, and shows it in the inbox", async () => {
    const { subscription, waitlistId, email } = await customer();
    await submitAccountSupport(
      waitlistId,
      new URLSearchParams({ subscription: subscription.id, message: "Robô parado." }),
      NOW,
    );
    const conversation = await onlyConversation();
    const due = conversation.firstResponseDueAt;
    await deliverQueued(smtp);
    smtp.messages.length = 0;

    // Before the due time nothing; past it once, whatever how many runs.
    expect(await notifyOverdueConversations(new Date(due.getTime() - 1))).toBe(0);
    const late = new Date(due.getTime() + 60_000);
    expect(await notifyOverdueConversations(late)).toBe(1);
    expect(await notifyOverdueConversations(late)).toBe(0);
    expect(await notifyOverdueConversations(new Date(late.getTime() + 3_600_000))).toBe(0);
    await deliverQueued(smtp);
    const notices = messagesTo(smtp, "suporte@agentesfx.com.br");
    expect(notices.map((m) => m.subject)).toEqual([
      `Prazo de resposta vencido (conversa ${conversation.reference})`,
    ]);
    expect(notices[0]!.text).toContain(`/admin/suporte/${conversation.id}`);
    expect((await inbox("open", late))[0]).toMatchObject({ overdue: true, overdueNotified: true });

    // Answered late, then the customer writes again: a new due time, flagged in its turn.
    await replyAsStaff(conversation.id, "ana@agentesfx.com.br", "Verificando.", late);
    expect((await inbox("open", late))[0]).toMatchObject({
      overdue: false,
      overdueNotified: false,
    });
    await deliver({
      from: email,
      to: `resposta+${conversation.replyToken}@${DOMAIN}`,
      text: "Ainda parado.",
    });
    const [again] = await (await getDb()).select().from(supportConversations);
    expect(again!.firstResponseDueAt.getTime()).toBeGreaterThan(due.getTime());
    const laterStill = new Date(again!.firstResponseDueAt.getTime() + 60_000);
    expect((await inbox("open", laterStill))[0]).toMatchObject({
      overdue: true,
      overdueNotified: false,
    });
    expect(await notifyOverdueConversations(laterStill)).toBe(1);
    expect(await notifyOverdueConversations(laterStill)).toBe(0);
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
        raw: `From: ${email}\r\nSubject: grande\r\n\r\n${"a".repeat(INBOUND_MAX_BYTES + 10)}`,
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    const db = await getDb();
    expect(await db.select().from(supportMessages)).toHaveLength(1);
  });

  it("keeps the files it reads, refuses the others with a reason and tells the conversation's address", async () => {
    const { subscription, waitlistId, email } = await customer();
    await submitAccountSupport(
      waitlistId,
      new URLSearchParams({ subscription: subscription.id, message: "Olá" }),
      NOW,
    );
    const conversation = await onlyConversation();
    await deliverQueued(smtp);
    smtp.messages.length = 0;
    await deliver({
      from: "outro@exemplo.com",
      to: `resposta+${conversation.replyToken}@${DOMAIN}`,
      text: "Segue o print.",
      attachments: [
        { filename: "print.png", content: PNG },
        { filename: "planilha.xlsx", content: "PK\u0003\u0004" },
        { filename: "falso.png", content: "não é uma imagem" },
        {
          filename: "grande.pdf",
          content: Buffer.concat([PDF, Buffer.alloc(ATTACHMENT_MAX_BYTES)]),
        },
        { filename: "../../extrato.pdf", content: PDF },
        { filename: "notas.txt", content: "Conta 51234567\nservidor Broker-Live" },
        { filename: "mais.txt", content: "um quarto arquivo" },
      ],
    });
    const view = (await conversationView(conversation.id, NOW))!;
    expect(view.messages[1]).toMatchObject({
      body: "Segue o print.",
      fromAddress: "outro@exemplo.com",
    });
    const files = view.messages[1]!.attachments;
    expect(
      files.map(({ fileName, contentType, refusal }) => [fileName, contentType, refusal]),
    ).toEqual([
      ["extrato.pdf", "application/pdf", null],
      ["falso.png", null, "content"],
      ["grande.pdf", null, "size"],
      ["mais.txt", null, "per-message"],
      ["notas.txt", "text/plain", null],
      ["planilha.xlsx", null, "type"],
      ["print.png", "image/png", null],
    ]);

    // The customer is told at the conversation's address, not the sender's, which files.
    await deliverQueued(smtp);
    expect(messagesTo(smtp, "outro@exemplo.com")).toHaveLength(0);
    const [told] = messagesTo(smtp, email);
    expect(told!.subject).toBe(`Arquivos não recebidos (conversa ${conversation.reference})`);
    expect(told!.replyTo?.value[0]?.address).toBe(`resposta+${conversation.replyToken}@${DOMAIN}`);
    expect(told!.text).toContain("planilha.xlsx: tipo de arquivo não aceito");
    expect(told!.text).toContain("falso.png: o conteúdo não corresponde");
    expect(told!.text).toContain("grande.pdf: maior que 2 MB");
    expect(told!.text).toContain("mais.txt: mais de 3 arquivos");
    expect(told!.text).not.toContain("print.png");

    // Staff download a kept file as it came; without a session, nobody does.
    const png = files.find((file) => file.fileName === "print.png")!;
    const path = `/admin/suporte/${conversation.id}/anexos/${png.id}`;
    const params = { id: conversation.id, attachmentId: png.id };
    const download = await callSection("/admin/suporte/:id/anexos/:attachmentId", {
      cookie,
      path,
      params,
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(download.headers.get("content-disposition")).toBe("attachment; filename=print.png");
    expect(Buffer.from(await download.response!.arrayBuffer())).toEqual(PNG);
    const anonymous = await callSection("/admin/suporte/:id/anexos/:attachmentId", {
      path,
      params,
    });
    expect(anonymous.status).toBe(302);
    const refused = files.find((file) => file.fileName === "falso.png")!;
    const missing = await callSection("/admin/suporte/:id/anexos/:attachmentId", {
      cookie,
      path,
      params: { id: conversation.id, attachmentId: refused.id },
    });
    expect(missing.status).toBe(404);
  });

  it("keeps at most 15 files a conversation", async () => {
    const { subscription, waitlistId } = await customer();
    await submitAccountSupport(
      waitlistId,
      new URLSearchParams({ subscription: subscription.id, message: "Olá" }),
      NOW,
    );
    const conversation = await onlyConversation();
    for (let i = 0; i < 6; i++) {
      await deliver({
        from: conversation.email,
        to: `resposta+${conversation.replyToken}@${DOMAIN}`,
        text: `Parte ${i}`,
        attachments: [1, 2, 3].map((n) => ({ filename: `p${i}-${n}.txt`, content: `texto ${n}` })),
      });
    }
    const view = (await conversationView(conversation.id, NOW))!;
    const refusals = view.messages.flatMap((m) => m.attachments.map((file) => file.refusal));
    expect(refusals.filter((r) => r === null)).toHaveLength(15);
    expect(refusals.filter((r) => r === "per-conversation")).toHaveLength(3);
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

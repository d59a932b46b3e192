import nodemailer from "nodemailer";
import { freePort } from "../support/built-server.ts";
import { gotoHydrated } from "../support/hydration.ts";
import { expect, test } from "../support/e2e-test.ts";
import { type OwnServer, startOwnServer } from "../support/own-server.ts";

// Issue 39, "a support conversation in a real browser, with its reply by e-mail threaded
// back" (decision 385): a visitor writes on /contato, staff answer in /admin/suporte, the
// answer reaches the visitor's mailbox (a real SMTP server) with the conversation's reply
// address, and the visitor's e-mailed reply, delivered to the server's inbound SMTP, shows in
// the conversation with its files. A server of its own with the inbound SMTP listening, so in test:system.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const DOMAIN = "suporte.agentesfx.test";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
let site: OwnServer;
let inboundPort: number;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  inboundPort = await freePort();
  site = await startOwnServer("support", {
    SUPPORT_INBOUND_DOMAIN: DOMAIN,
    MAIL_BOUNCE_DOMAIN: "bounces.agentesfx.test",
    BOUNCE_SMTP_PORT: String(inboundPort),
    BOUNCE_SMTP_HOST: "127.0.0.1",
  });
});
test.afterAll(() => site?.stop());

test("a visitor's conversation: written on /contato, answered by staff, replied to by e-mail", async ({
  page,
}) => {
  const mailbox = site.server.smtp!;
  const email = `cliente-${Date.now()}@exemplo.com`;
  await gotoHydrated(page, `${site.url}/contato`);
  const support = page.getByRole("region", { name: "Falar com o suporte" });
  await support.getByLabel("Seu nome").fill("Carla Mendes");
  await support.getByLabel("Seu e-mail").fill(email);
  await support.getByLabel("Mensagem").fill("Meu robô parou de abrir ordens.");
  await support.getByRole("button", { name: "Enviar mensagem" }).click();
  const received = support.getByRole("status");
  await expect(received).toContainText("Recebemos sua mensagem (conversa S");
  const reference = /conversa (S[0-9A-Z]{8})/.exec((await received.textContent()) ?? "")![1]!;

  // Staff answer from the inbox.
  const login = await page.request.post(`${site.url}/admin`, {
    form: { intent: "login", email: site.adminEmail, password: site.adminPassword },
    headers: { Origin: site.url },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  await gotoHydrated(page, `${site.url}/admin/suporte`);
  await page.getByRole("link", { name: reference }).click();
  await expect(page.getByText("Meu robô parou de abrir ordens.")).toBeVisible();
  await page.getByLabel("Responder ao cliente (vai por e-mail)").fill("Reiniciamos o terminal.");
  await page.getByRole("button", { name: "Enviar resposta" }).click();
  await expect(page.getByText("Resposta enviada ao cliente por e-mail.")).toBeVisible();
  const conversationUrl = page.url();

  // The answer reaches the visitor with the conversation's reply address.
  const subject = `Resposta do suporte (conversa ${reference})`;
  await expect
    .poll(() => mailbox.messages.find((m) => m.subject === subject) !== undefined, {
      timeout: 30_000,
    })
    .toBe(true);
  const answer = mailbox.messages.find((m) => m.subject === subject)!;
  expect(answer.to && "value" in answer.to ? answer.to.value[0]?.address : "").toBe(email);
  const replyTo = answer.replyTo?.value[0]?.address ?? "";
  expect(replyTo).toMatch(new RegExp(`^resposta\\+[a-z2-7]{26}@${DOMAIN}$`));

  // The visitor replies from their mail program, quoting ours.
  const client = nodemailer.createTransport({ host: "127.0.0.1", port: inboundPort });
  await client.sendMail({
    from: `Carla Mendes <${email}>`,
    to: replyTo,
    subject: `Re: ${subject}`,
    text: [
      "Voltou a operar, obrigada!",
      "",
      "Em ter., Agentes FX escreveu:",
      "> Reiniciamos o terminal.",
    ].join("\n"),
    attachments: [
      { filename: "terminal.png", content: PNG },
      { filename: "instalar.exe", content: Buffer.from("MZ") },
    ],
  });
  client.close();

  await page.goto(conversationUrl);
  const thread = page.getByRole("list", { name: `Conversa ${reference}` });
  // The messages are the thread's own items (each file list has items of its own).
  const messages = thread.locator(":scope > li");
  await expect(messages).toHaveCount(3);
  await expect(messages.nth(2)).toContainText("Voltou a operar, obrigada!");
  await expect(messages.nth(2)).toContainText("por e-mail");
  await expect(thread).not.toContainText("escreveu:");

  // Its files: the PNG downloads, for staff only; the program is refused with its reason.
  const files = messages.nth(2).getByRole("list", { name: "Arquivos" });
  await expect(files).toContainText("instalar.exe: não aceito, tipo de arquivo não aceito");
  const link = files.getByRole("link", { name: /^terminal\.png/ });
  const fileUrl = new URL((await link.getAttribute("href"))!, site.url).href;
  const download = await page.request.get(fileUrl);
  expect(download.headers()["content-type"]).toBe("image/png");
  expect(Buffer.from(await download.body())).toEqual(PNG);
  const anonymous = await fetch(fileUrl, { redirect: "manual" });
  expect(anonymous.status).toBe(302);
});

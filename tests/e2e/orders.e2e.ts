import { randomBytes } from "node:crypto";
import pg from "pg";
import { createAdminWithCli } from "../support/admin-cli.ts";
import { expectNoAxeViolationsAtWidths } from "../support/axe.ts";
import { type BuiltServer, startBuiltServer } from "../support/built-server.ts";
import { expect, type Page, serverStartHookTimeout, test } from "../support/e2e-test.ts";
import { gotoHydrated } from "../support/hydration.ts";
import { dropDatabase, uniqueDatabaseName } from "../support/postgres.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server.ts";
import { createE2eDatabase } from "../support/e2e-database.ts";
import { type FakeMercadoPago, startFakeMercadoPago } from "../support/mercado-pago-api.ts";
import { seedInvitedPerson } from "../support/invited-person.ts";

// Issue 23 end to end, on the built server and PostgreSQL: a person accepts an invitation
// and sees the PIX code with JavaScript off; staff set the rate, import the bank's OFX
// statement and apply the match that pays the order; the person sends the setup form; staff
// see the credential once and complete the setup. axe on every new page at 390 and 1280 px.
// Every e-mail of the journey arrives at a real SMTP server (decisions 180-183): the order
// with its PIX code, staff's notices, the payment with the single-use setup link (which the
// person follows, once), and each setup step.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const ADMIN = { email: "pedidos@agentesfx.test", password: "uma-senha-bem-longa-pedidos" };
const token = randomBytes(32).toString("base64url");

const STAFF_EMAIL = "equipe@agentesfx.test";
const REPLY_TO = "atendimento@agentesfx.test";

let server: BuiltServer;
let smtp: TestSmtpServer;
let databaseName: string;
let pool: pg.Pool;
let mercadoPago: FakeMercadoPago;

test.beforeAll(async () => {
  test.setTimeout(serverStartHookTimeout);
  databaseName = uniqueDatabaseName("agentes_e2e_orders");
  const databaseUrl = await createE2eDatabase(databaseName);
  pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  smtp = await startSmtpServer();
  // The card provider, standing in at the network boundary, refuses our token (HTTP 401).
  mercadoPago = await startFakeMercadoPago();
  mercadoPago.failWith(401);
  server = await startBuiltServer({
    MERCADO_PAGO_ACCESS_TOKEN: "APP_USR-revogado",
    MERCADO_PAGO_WEBHOOK_SECRET: "segredo-do-webhook",
    MERCADO_PAGO_API_URL: mercadoPago.url,
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    STAFF_EMAIL,
    MAIL_REPLY_TO: REPLY_TO,
    PIX_KEY: "financeiro@agentesfx.com.br",
    BANK_NAME: "Banco Exemplo",
    BANK_ACCOUNT: "12345-6",
    SETUP_CREDENTIAL_KEY: Buffer.alloc(32, 3).toString("base64"),
  });
  await createAdminWithCli(databaseUrl, ADMIN.email, ADMIN.password);
  // Staff set the rate before anyone accepts (it is taken at acceptance).
  await pool.query(`insert into exchange_rates (rate, set_by) values (5.0000, $1)`, [ADMIN.email]);
  // Ana, invited to YenMax an hour ago, with a link of her own.
  await seedInvitedPerson(pool, {
    name: "Ana",
    email: "ana@exemplo.com",
    token,
    invitedBy: ADMIN.email,
    sentAgo: "1 hour",
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await mercadoPago?.close();
  await pool?.end();
  await dropDatabase(databaseName);
});

/** The one message to `to` whose subject starts so, once it has arrived. */
async function mailTo(to: string, subject: string) {
  const matching = () =>
    smtp.messages.filter(
      (m) => JSON.stringify(m.to ?? "").includes(to) && m.subject?.startsWith(subject),
    );
  await expect.poll(() => matching().length, { timeout: 20_000 }).toBe(1);
  const mail = matching()[0]!;
  expect(mail.replyTo?.text).toBe(REPLY_TO);
  return mail.text ?? "";
}

async function signIn(page: Page) {
  await gotoHydrated(page, `${server.url}/admin`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Senha").fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("button", { name: "Sair" })).toBeVisible({ timeout: 20_000 });
}

/** A 1.x SGML statement, one tag a line, as Brazilian banks export it. */
function ofx(reference: string, amount: string) {
  const today = new Date().toISOString().slice(0, 10).replaceAll("-", "");
  return [
    "OFXHEADER:100",
    "DATA:OFXSGML",
    "VERSION:102",
    "SECURITY:NONE",
    "ENCODING:USASCII",
    "CHARSET:1252",
    "COMPRESSION:NONE",
    "OLDFILEUID:NONE",
    "NEWFILEUID:NONE",
    "",
    "<OFX>",
    "<BANKMSGSRSV1>",
    "<STMTTRNRS>",
    "<TRNUID>1",
    "<STATUS>",
    "<CODE>0",
    "<SEVERITY>INFO",
    "</STATUS>",
    "<STMTRS>",
    "<CURDEF>BRL",
    "<BANKACCTFROM>",
    "<BANKID>0341",
    "<ACCTID>12345-6",
    "<ACCTTYPE>CHECKING",
    "</BANKACCTFROM>",
    "<BANKTRANLIST>",
    `<DTSTART>${today}`,
    `<DTEND>${today}`,
    "<STMTTRN>",
    "<TRNTYPE>CREDIT",
    `<DTPOSTED>${today}120000[-3:BRT]`,
    `<TRNAMT>${amount}`,
    "<FITID>E2E0001",
    `<MEMO>PIX RECEBIDO Conceição ${reference}`,
    "</STMTTRN>",
    "</BANKTRANLIST>",
    "</STMTRS>",
    "</STMTTRNRS>",
    "</BANKMSGSRSV1>",
    "</OFX>",
    "",
  ].join("\r\n");
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, hasTouch: true });

  test("the person accepts and sees the amounts and the PIX code", async ({ page }) => {
    await page.goto(`${server.url}/convite/${token}`);
    await page.getByLabel(/Vou operar pela corretora parceira/).check();
    await page.getByRole("button", { name: "Confirmar minha vaga" }).click();
    await expect(page.getByRole("heading", { name: "Seu pedido: YenMax Agent" })).toBeVisible();
    // US$ 199 less 25% = 149.25, at R$ 5.00 = R$ 746.25.
    await expect(page.getByText("R$\u00a0746,25")).toBeVisible();
    await expect(page.getByText(/^Faltam (46|47) horas/)).toBeVisible();
    const field = page.getByLabel("PIX copia e cola");
    const code = (await field.textContent()) ?? "";
    expect(code).toMatch(/^000201/);
    expect(code).toContain("5406746.25");
    await expect(page.getByRole("img", { name: "QR code PIX de R$\u00a0746,25" })).toBeVisible();
    // Code and QR say until when they work: the order's deadline.
    await expect(
      page.getByRole("img", { name: "QR code PIX de R$\u00a0746,25" }),
    ).toHaveAccessibleDescription(/^Código e QR code válidos até \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/);
    await expect(field).toHaveAccessibleDescription(/^Código e QR code válidos até .+/);
    // No script: a tap selects the whole code, and no button that would do nothing shows.
    await field.tap();
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(code);
    await expect(page.getByRole("button", { name: "Copiar código PIX" })).toHaveCount(0);
    await expect(page.getByText("enviaremos o link de pagamento por e-mail")).toBeVisible();

    const mail = await mailTo("ana@exemplo.com", "Seu pedido: instruções de pagamento");
    expect(mail).toContain("US$\u00a0149,25");
    expect(mail).toContain("R$\u00a0746,25");
    expect(mail).toContain(`PIX copia e cola: ${code}`);
    expect(mail).toMatch(/Pague até \d\d\/\d\d\/\d{4} às \d\d:\d\d \(horário de Brasília\)/);
    expect(mail).toMatch(/\/convite\/[A-Za-z0-9_-]{43}/);
    expect(await mailTo(STAFF_EMAIL, "Vaga aceita:")).toContain("Ana (ana@exemplo.com)");

    // She asks for a PayPal link too; staff will record sending it.
    await page.getByRole("button", { name: "Quero pagar com PayPal" }).click();
    await expect(
      page.getByText("enviaremos o link de pagamento por e-mail (PayPal)"),
    ).toBeVisible();
  });
});

// axe runs inside the page, so the person's pages are checked in a browser with JavaScript.
test("the order page passes axe", async ({ page }) => {
  await gotoHydrated(page, `${server.url}/convite/${token}`);
  await expect(page.getByLabel("PIX copia e cola")).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
});

test.describe("on a phone, with JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("one tap on the button copies the PIX code and says so", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await gotoHydrated(page, `${server.url}/convite/${token}`);
    const code = (await page.getByLabel("PIX copia e cola").textContent()) ?? "";
    expect(code).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    await page.getByRole("button", { name: "Copiar código PIX" }).tap();
    await expect(page.getByRole("status").filter({ hasText: "Código PIX copiado." })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    // Reaching the code by keyboard selects it whole, ready for Ctrl+C.
    await page.evaluate(() => window.getSelection()?.removeAllRanges());
    await page.getByLabel("PIX copia e cola").focus();
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(code);
  });

  test("a refused card token reads as unavailable, beside the one card button", async ({
    page,
  }) => {
    await gotoHydrated(page, `${server.url}/convite/${token}`);
    await expect(page.getByRole("button", { name: /cart[aã]o/i })).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Quero pagar com PayPal" })).toBeVisible();
    const card = page.getByRole("button", { name: "Pagar com cartão" });
    await card.scrollIntoViewIfNeeded();
    await card.tap();
    const refusal = page
      .getByRole("alert")
      .filter({ hasText: "Pagamento por cartão indisponível" });
    await expect(refusal).toBeInViewport();
    await expect(card).toBeInViewport();
    await expect(card).toHaveAccessibleDescription(/^Pagamento por cartão indisponível/);
    expect(mercadoPago.requests.at(-1)?.path).toBe("/checkout/preferences");
  });
});

test.describe("on a phone, without JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false, hasTouch: true });

  test("the card's refusal opens the page where it shows", async ({ page }) => {
    await page.goto(`${server.url}/convite/${token}`);
    await page.getByRole("button", { name: "Pagar com cartão" }).tap();
    await expect(page.getByText(/^Pagamento por cartão indisponível/)).toBeInViewport();
    expect(new URL(page.url()).hash).toBe("#cartao");
  });
});

test("staff record the payment link sent, then import the statement that pays the order", async ({
  page,
  browser,
}) => {
  const {
    rows: [order],
  } = await pool.query(`select reference from orders`);
  await signIn(page);
  await gotoHydrated(page, `${server.url}/admin/pedidos`);
  await expect(page.getByText("Pediu link: PayPal")).toBeVisible();
  await page.getByRole("button", { name: "Link de pagamento enviado" }).click();
  await expect(page.getByText(`Link enviado por ${ADMIN.email} em`)).toBeVisible();
  const person = await browser.newPage({ javaScriptEnabled: false });
  await person.goto(`${server.url}/convite/${token}`);
  await expect(
    person.getByText(/Link de pagamento \(PayPal\) enviado por e-mail em/),
  ).toBeVisible();
  await person.close();

  await gotoHydrated(page, `${server.url}/admin/pedidos`);
  await expect(page.getByText(order.reference)).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
  // Empty required fields reach the server, which answers in Portuguese; nothing changes.
  await page.locator("summary", { hasText: "Cancelar pedido" }).click();
  await page.getByRole("button", { name: "Cancelar pedido" }).click();
  // The message shows in the form (role alert) and, with JavaScript, also in a toast.
  await expect(page.getByText("Informe o motivo.").first()).toBeVisible();
  await page.getByRole("button", { name: "Ver correspondências" }).click();
  await expect(page.getByText("Escolha o arquivo do extrato.").first()).toBeVisible();
  expect((await pool.query(`select state from orders`)).rows).toEqual([
    { state: "awaiting-payment" },
  ]);
  await page.getByLabel("Arquivo do extrato").setInputFiles({
    name: "extrato.ofx",
    mimeType: "application/x-ofx",
    buffer: Buffer.from(ofx(order.reference, "746.25"), "latin1"),
  });
  await page.getByRole("button", { name: "Ver correspondências" }).click();
  await expect(page.getByText(`Pelo código do pedido: ${order.reference}`)).toBeVisible();
  // Nothing is paid by the preview.
  expect((await pool.query(`select state from orders`)).rows).toEqual([
    { state: "awaiting-payment" },
  ]);
  await page.getByRole("button", { name: "Aplicar pagamentos" }).click();
  await expect(page.getByText("Salvo!")).toBeVisible();
  expect((await pool.query(`select state from orders`)).rows).toEqual([{ state: "paid" }]);
  expect((await pool.query(`select status from waitlist`)).rows).toEqual([{ status: "converted" }]);
  expect(await mailTo(STAFF_EMAIL, "Pagamento recebido:")).toMatch(
    /R\$\u00a0746,25 por PIX \(referência \S*E2E0001\)/,
  );
});

test("the setup form passes axe", async ({ page }) => {
  // Paid: the form is on the e-mailed setup link, no longer on the invitation's (decision 343).
  const mail = await mailTo("ana@exemplo.com", "Pagamento recebido: envie os dados");
  const link = /(http:\/\/[^\s]+\/configurar\/[A-Za-z0-9_-]{43})/.exec(mail)?.[1];
  await gotoHydrated(page, link!);
  await page.getByLabel("Número da conta de trading").fill("12");
  await page.getByLabel("Servidor da corretora").fill("Corretora-Live3");
  await page.getByLabel("MT4").check();
  await page.getByLabel("Celular com WhatsApp").fill("1");
  await page.getByRole("button", { name: "Enviar dados" }).click();
  await expect(
    page.getByText("Informe o número da conta (só números, de 4 a 20 dígitos)."),
  ).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
});

test.describe("setup, without JavaScript for the person", () => {
  test.use({ javaScriptEnabled: false });

  test("the person follows the e-mailed link and sends the setup form, once", async ({ page }) => {
    const mail = await mailTo("ana@exemplo.com", "Pagamento recebido: envie os dados");
    expect(mail).toContain("R$\u00a0746,25");
    const link = /(http:\/\/[^\s]+\/configurar\/[A-Za-z0-9_-]{43})/.exec(mail)?.[1];
    expect(link).toBeDefined();
    await page.goto(link!);
    await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible();
    // Sent empty, the form reaches the server, which answers each field in Portuguese (no
    // browser bubble in the browser's language).
    await page.getByRole("button", { name: "Enviar dados" }).click();
    for (const message of [
      "Informe o número da conta (só números, de 4 a 20 dígitos).",
      "Informe o servidor da corretora (até 100 caracteres).",
      "Escolha MT4 ou MT5.",
      "Informe um celular com DDD (10 a 13 dígitos).",
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await page.getByLabel("Número da conta de trading").fill("1234");
    await page.getByLabel("Servidor da corretora").fill("Corretora-Live3");
    await page.getByLabel("MT5").check();
    await page.getByLabel("Celular com WhatsApp").fill("123");
    await page.getByLabel("Senha de acesso da conta de trading").fill("senha-da-ana");
    await page.getByRole("button", { name: "Enviar dados" }).click();
    // A bad phone: the message, and what was typed is still there; the link still works.
    await expect(page.getByText("Informe um celular com DDD (10 a 13 dígitos).")).toBeVisible();
    await expect(page.getByLabel("Servidor da corretora")).toHaveValue("Corretora-Live3");
    await page.getByLabel("Celular com WhatsApp").fill("(11) 91234-5678");
    await page.getByLabel("Senha de acesso da conta de trading").fill("senha-da-ana");
    await page.getByRole("button", { name: "Enviar dados" }).click();
    await expect(page.getByRole("heading", { name: "Dados recebidos!" })).toBeVisible();
    // Used: the link opens nothing any more.
    const again = await page.goto(link!);
    expect(again?.status()).toBe(410);
    await expect(page.getByRole("heading", { name: "Link já usado ou expirado" })).toBeVisible();
    // Paid: the e-mailed invitation link shows the order's status alone (decision 343).
    await page.goto(`${server.url}/convite/${token}`);
    await expect(
      page.getByText(/use o link de configuração que enviamos por e-mail/),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Enviar dados" })).toHaveCount(0);
  });
});

test("staff see the credential once and complete the setup", async ({ page, browser }) => {
  await signIn(page);
  await gotoHydrated(page, `${server.url}/admin/implantacao`);
  await expect(page.getByText(/h \d+ min úteis desde o envio/)).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
  await page.getByRole("button", { name: "Ver credencial (uma vez)" }).click();
  await expect(page.getByText("Credencial: senha-da-ana")).toBeVisible();
  await page.getByRole("button", { name: "VPS configurada" }).click();
  await expect(page.getByRole("button", { name: "Agente em operação" })).toBeVisible();
  await page.getByRole("button", { name: "Agente em operação" }).click();
  await expect(page.getByText("Nenhuma implantação em andamento.")).toBeVisible();
  expect((await pool.query(`select credential_sealed from order_setups`)).rows).toEqual([
    { credential_sealed: null },
  ]);

  const person = await browser.newPage({ javaScriptEnabled: false });
  await person.goto(`${server.url}/convite/${token}`);
  await expect(person.getByText("Pago", { exact: true })).toBeVisible();
  await expect(person.getByRole("button", { name: "Enviar dados" })).toHaveCount(0);
  await person.close();
  expect(await mailTo("ana@exemplo.com", "Sua VPS está configurada")).toContain("YenMax Agent");
  expect(await mailTo("ana@exemplo.com", "Seu agente está em operação")).toContain("YenMax Agent");
});

test.describe("Meus dados, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("lists the person's order and opens its page", async ({ page }) => {
    await page.goto(`${server.url}/meus-dados`);
    await page.getByLabel("Seu e-mail").fill("ana@exemplo.com");
    await page.getByRole("button", { name: "Enviar link" }).click();
    const mail = await mailTo("ana@exemplo.com", "Seu link para Meus dados");
    const link = /(http:\/\/[^\s]+\/meus-dados\/[A-Za-z0-9_-]{43})/.exec(mail)?.[1];
    await page.goto(link!);
    await page.getByRole("button", { name: "Abrir meus dados" }).click();
    const {
      rows: [order],
    } = await pool.query(`select reference from orders`);
    await page
      .getByRole("link", { name: new RegExp(`YenMax Agent, pedido ${order.reference}`) })
      .click();
    await expect(page.getByRole("heading", { name: "Seu pedido: YenMax Agent" })).toBeVisible();
    await expect(page.getByText("Seu agente está em operação.")).toBeVisible();
    // Another reference is not hers: the same 404 as an unknown one.
    const other = await page.goto(`${server.url}/meus-dados/pedidos/AFX0000000000`);
    expect(other?.status()).toBe(404);
  });
});

test("Meus dados' order list and order page pass axe", async ({ page }) => {
  const {
    rows: [order],
  } = await pool.query(`select reference from orders`);
  await page.goto(`${server.url}/meus-dados`);
  await page.getByLabel("Seu e-mail").fill("ana@exemplo.com");
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect
    .poll(() => smtp.messages.filter((m) => m.subject === "Seu link para Meus dados").length, {
      timeout: 20_000,
    })
    .toBe(2);
  const mail = smtp.messages.filter((m) => m.subject === "Seu link para Meus dados").at(-1)!;
  const link = /(http:\/\/[^\s]+\/meus-dados\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "")?.[1];
  await page.goto(link!);
  await page.getByRole("button", { name: "Abrir meus dados" }).click();
  await expect(page.getByRole("heading", { name: "Seus pedidos" })).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
  await gotoHydrated(page, `${server.url}/meus-dados/pedidos/${order.reference}`);
  await expectNoAxeViolationsAtWidths(page);
});

// The one refund path (decision 332), last: it ends what the tests above built.
test("a refund within the guarantee asks where the money goes, confirms, and tells the customer", async ({
  page,
}) => {
  await signIn(page);
  await gotoHydrated(page, `${server.url}/admin/pedidos?situacao=paid`);
  await page.getByRole("link", { name: "Reembolsar" }).click();
  await expect(page.getByRole("heading", { name: /^Reembolso: YenMax Agent/ })).toBeVisible();
  await expect(
    page.getByText(/^Dentro dos 7 dias da garantia \(CDC art\. 49\).*R\$\u00a0746,25\.$/),
  ).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);

  // Without the confirmation nothing is sent, and what staff typed stays.
  await page.getByLabel("Chave PIX").fill("ana@exemplo.com");
  await page.getByLabel("Comprovante do envio").fill("E2E-DEVOLUCAO-1");
  await page.getByRole("button", { name: "Enviar reembolso" }).click();
  await expect(page.getByRole("alert")).toContainText("Confirme o envio do reembolso.");
  await expect(page.getByLabel("Chave PIX")).toHaveValue("ana@exemplo.com");
  expect((await pool.query(`select state from orders`)).rows).toEqual([{ state: "paid" }]);

  await page.getByLabel("Confirmo o envio do reembolso ao cliente").check();
  await page.getByRole("button", { name: "Enviar reembolso" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Reembolso de R$\u00a0746,25 registrado; o cliente foi avisado.",
  );
  expect((await pool.query(`select state from subscriptions`)).rows).toEqual([
    { state: "refunded" },
  ]);
  // "on" when the VPS was set up, "off" now.
  expect(
    (await pool.query(`select action from robot_switches order by requested_at`)).rows,
  ).toEqual([{ action: "on" }, { action: "off" }]);
  const mail = await mailTo("ana@exemplo.com", "Reembolso enviado");
  expect(mail).toContain("Valor: R$\u00a0746,25");
  expect(mail).toContain("PIX para a chave ana@exemplo.com");
});

import pg from "pg";
import { createAdminWithCli } from "../support/admin-cli.ts";
import { expectNoAxeViolationsAtWidths } from "../support/axe.ts";
import { type BuiltServer, startBuiltServer } from "../support/built-server.ts";
import {
  BIA,
  CUSTOMER_AREA_COMPANY as COMPANY,
  customerAreaSettings,
  mailsToBia,
  openBiaArea,
  renewalChargeReference,
  seedRenewingCustomer,
} from "../support/customer-area.ts";
import { expect, type Page, serverStartHookTimeout, test } from "../support/e2e-test.ts";
import { gotoHydrated } from "../support/hydration.ts";
import { dropDatabase, uniqueDatabaseName } from "../support/postgres.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server.ts";
import { createE2eDatabase } from "../support/e2e-database.ts";

// Issue 24's customer area end to end, on the built server and PostgreSQL, every e-mail
// through a real SMTP server: Bia, a YenMax customer since last month, receives her renewal
// charge (the server's own renewal sweep issues it), opens /minha-conta from the e-mailed
// link with JavaScript off, sees the charge's PIX code; staff mark it paid on
// /admin/assinaturas; she sees the payment and its receipt, cancels and sees the date service
// ends, which an e-mail confirms. axe on the new pages at 390 and 1280 px. (No page's width
// at 390 px: tests/sweeps/page-widths.sweep.ts, decision 461.)
test.describe.configure({ mode: "serial", timeout: 180_000 });

const ADMIN = { email: "assinaturas@agentesfx.test", password: "uma-senha-bem-longa-assinaturas" };

let server: BuiltServer;
let smtp: TestSmtpServer;
let databaseName: string;
let databaseUrl: string;
let pool: pg.Pool;

test.beforeAll(async () => {
  test.setTimeout(serverStartHookTimeout);
  databaseName = uniqueDatabaseName("agentes_e2e_account");
  databaseUrl = await createE2eDatabase(databaseName);
  pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  smtp = await startSmtpServer();
  // Bia is stored, in a copy of the migrated template, as a customer whose paid month ends in
  // 3 days; the server's start creates its recurring jobs due at once, so its renewal sweep
  // issues her next charge.
  await seedRenewingCustomer(pool, ADMIN.email);
  await createAdminWithCli(databaseUrl, ADMIN.email, ADMIN.password);
  server = await startBuiltServer(customerAreaSettings(databaseUrl, smtp));
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await pool?.end();
  await dropDatabase(databaseName);
});

const mailsTo = (subject: string, count = 1) => mailsToBia(smtp, subject, count);
const openArea = (page: Page, linkNumber: number) =>
  openBiaArea(page, server.url, smtp, linkNumber);
const chargeReference = () => renewalChargeReference(pool);

const brDate = (iso: string) => iso.split("-").reverse().join("/");

test.describe("Bia, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("opens her area from the e-mail and sees the renewal's PIX code", async ({ page }) => {
    const reference = await chargeReference();
    const [charge] = await mailsTo("Sua próxima mensalidade");

    const link = await openArea(page, 1);
    const due = (await pool.query(`select paid_through::text as d from subscriptions`)).rows[0].d;
    await expect(page.getByText("Ativa", { exact: true })).toBeVisible();
    await expect(page.getByText(brDate(due)).first()).toBeVisible();
    await expect(page.getByText(/^1º mês, de /)).toBeVisible();
    await expect(page.getByText("Seu agente está em operação.")).toBeVisible();
    // Her robot, from its heartbeats: running, its balance, its last trade.
    await expect(page.getByRole("heading", { name: "Seu robô: operando" })).toBeVisible();
    await expect(page.getByText("10.234,56", { exact: true })).toBeVisible();
    await expect(page.getByText(/, resultado -12,30$/)).toBeVisible();
    await expect(page.getByText(/^Ainda não há um mês coberto/)).toBeVisible();
    await expect(page.getByText(/^Cobrança do 2º mês, vencimento em /)).toContainText(
      "R$\u00a0995,00",
    );
    const pix = (await page.getByLabel("PIX copia e cola").textContent()) ?? "";
    expect(pix).toContain(reference);
    // The charge's e-mail carries the same code (its text part wraps long lines).
    const compact = (text: string) => text.replace(/\s+/g, "");
    expect(compact(charge!)).toContain(compact(pix));
    await expect(page.getByRole("img", { name: "QR code PIX de R$\u00a0995,00" })).toBeVisible();
    // No provider configured: no card button.
    await expect(page.getByRole("button", { name: "Pagar com cartão" })).toHaveCount(0);
    // The guarantee, in the pages' words, and why it is no longer available to her.
    await expect(page.getByText("A garantia não cobre perdas de trading.")).toBeVisible();
    await expect(page.getByText(/^O prazo da garantia terminou em /)).toBeVisible();

    // The link worked once.
    const again = await page.goto(link);
    expect(again?.status()).toBe(410);
  });
});

test("the customer area's pages pass axe, a form's errors included", async ({ page }) => {
  await page.goto(`${server.url}/minha-conta`);
  await expectNoAxeViolationsAtWidths(page);
  const link = await openArea(page, 2);
  await expect(page.getByLabel("PIX copia e cola")).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
  await page.getByLabel("Número da conta de trading").fill("12a");
  await page.getByRole("button", { name: "Salvar dados da conta" }).click();
  await expect(page.getByText("Corrija os campos indicados.")).toBeVisible();
  await expect(page.getByLabel("Número da conta de trading")).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expectNoAxeViolationsAtWidths(page);
  await page.getByRole("link", { name: "Ver recibo do 1º mês" }).click();
  await expect(page.getByRole("heading", { name: "Recibo de pagamento" })).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);

  // Her support conversation with the team's answer, read from her panel (decision 462);
  // someone else's, written on /contato, is not hers to read.
  await pool.query(
    `insert into support_conversations (reference, origin, waitlist_id, name, email, reply_token,
       first_response_due_at, first_response_at, last_message_at, awaiting_staff)
     select v.reference, v.origin, case when v.origin = 'account' then w.id end, 'Bia',
       case when v.origin = 'account' then w.email else 'outra@exemplo.com' end,
       v.token, now(), now(), now(), false
     from waitlist w,
       (values ('S2E2E2E2E', 'account', 'conversaconta2e2e2e2e2e2e2'),
               ('S3E3E3E3E', 'contact', 'conversacontato3e3e3e3e3e3')) v(reference, origin, token)
     where w.email = $1`,
    [BIA],
  );
  await pool.query(
    `insert into support_messages (conversation_id, author, staff_email, body, created_at)
     select c.id, m.author, m.staff, m.body, now() + m.n * interval '1 second'
     from support_conversations c,
       (values (0, 'customer', null, 'Meu robô parou de operar.'),
               (1, 'staff', 'suporte@agentesfx.test', 'Reiniciamos a VPS: seu robô voltou a operar.'))
         m(n, author, staff, body)
     where c.reference = 'S2E2E2E2E'`,
  );
  await page.goto(`${server.url}/minha-conta/painel`);
  await page.getByRole("link", { name: "Ver a conversa S2E2E2E2E" }).click();
  await expect(page.getByRole("heading", { name: "Conversa S2E2E2E2E" })).toBeVisible();
  const messages = page.getByRole("main").getByRole("listitem");
  await expect(messages.first()).toContainText("Você");
  await expect(messages.first()).toContainText("Meu robô parou de operar.");
  await expect(messages.nth(1)).toContainText("Equipe Agentes FX");
  await expect(messages.nth(1)).toContainText("Reiniciamos a VPS: seu robô voltou a operar.");
  // Staff's own addresses stay with staff.
  await expect(page.getByText("suporte@agentesfx.test")).toHaveCount(0);
  await expectNoAxeViolationsAtWidths(page);
  const notHers = await page.goto(`${server.url}/minha-conta/suporte/S3E3E3E3E`);
  expect(notHers?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Conversa não encontrada" })).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Link expirado ou já usado" })).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
});

test("staff mark the renewal paid on /admin/assinaturas", async ({ page }) => {
  const reference = await chargeReference();
  await gotoHydrated(page, `${server.url}/admin`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Senha").fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("button", { name: "Sair" })).toBeVisible({ timeout: 20_000 });
  await gotoHydrated(page, `${server.url}/admin/assinaturas`);
  const due = page.getByRole("region", { name: "Renovações nos próximos 7 dias" });
  await expect(due.getByText("YenMax Agent")).toBeVisible();
  await expect(page.getByText(`Cobrança em aberto ${reference}`)).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);
  await due.locator("summary", { hasText: "Marcar renovação paga" }).click();
  await due.getByLabel("Identificação do pagamento").fill("E2E-PIX-2");
  await due.getByRole("button", { name: "Marcar renovação paga" }).click();
  await expect(page.getByText("A assinatura foi atualizada.")).toBeVisible();
  expect(
    (await pool.query(`select state, payment_reference from subscription_charges`)).rows,
  ).toEqual([{ state: "paid", payment_reference: "E2E-PIX-2" }]);
  await expect(page.getByText("Receita por robô")).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: "Receita por robô" })
      .getByRole("cell", { name: "R$\u00a01.990,00" }),
  ).toBeVisible();
});

test.describe("Bia again, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sees the payment and its receipt, cancels, and sees the date service ends", async ({
    page,
  }) => {
    await openArea(page, 3);
    const history = page.getByRole("region", { name: "Cobranças e pagamentos do YenMax Agent" });
    await expect(history.getByRole("row").nth(2)).toContainText("Paga");
    await page.getByRole("link", { name: "Ver recibo do 2º mês" }).click();
    await expect(page.getByRole("heading", { name: "Recibo de pagamento" })).toBeVisible();
    await expect(page.getByText("Bia", { exact: true })).toBeVisible();
    await expect(page.getByText("Assinatura mensal do agente YenMax Agent (2º mês)")).toBeVisible();
    await expect(page.getByText("R$\u00a0995,00")).toBeVisible();
    await expect(page.getByText("E2E-PIX-2")).toBeVisible();
    await expect(page.getByRole("main").getByText(`Razão social: ${COMPANY}`)).toBeVisible();
    // Printed, the receipt is a document: no menu, no footer, dark ink on white.
    await expect(page.getByRole("banner")).toBeVisible();
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expect(page.getByRole("link", { name: "Voltar para Minha conta" })).toBeHidden();
    await expect(page.getByRole("heading", { name: "Recibo de pagamento" })).toHaveCSS(
      "color",
      "rgb(0, 0, 0)",
    );
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(255, 255, 255)");
    await page.emulateMedia({ media: "screen" });
    // The renewal staff marked paid was e-mailed as a receipt (decision 362); the first
    // month was stored by this file's SQL, not paid through the product.
    const [receipt] = await mailsTo("Recibo de pagamento");
    expect(receipt).toContain("Assinatura mensal do agente YenMax Agent (2º mês)");
    expect(receipt).toContain("Valor pago: R$\u00a0995,00");
    expect(receipt).toContain("Identificação do pagamento: E2E-PIX-2");
    await page.getByRole("link", { name: "Voltar para Minha conta" }).click();

    const lastDay = brDate(
      (await pool.query(`select (paid_through - 1)::text as d from subscriptions`)).rows[0].d,
    );
    await page.getByRole("button", { name: "Cancelar assinatura" }).click();
    await expect(page.getByText("Marque a confirmação para cancelar.")).toBeVisible();
    await page.getByLabel("Quero cancelar esta assinatura.").check();
    await page.getByRole("button", { name: "Cancelar assinatura" }).click();
    await expect(
      page.getByText(`Cancelamento confirmado: o serviço continua até ${lastDay}.`),
    ).toBeVisible();
    await expect(page.getByText(`Cancelada com fim em ${lastDay}`)).toBeVisible();
    await expect(page.getByText("Nenhuma nova cobrança será emitida.")).toBeVisible();
    const [confirmation] = await mailsTo("Cancelamento confirmado");
    expect(confirmation).toContain(`O serviço continua até ${lastDay}`);
  });
});

import type { BrowserContext } from "@playwright/test";
import pg from "pg";
import { createAdminWithCli } from "../support/admin-cli.ts";
import { expectNoAxeViolationsAtWidths } from "../support/axe.ts";
import { type BuiltServer, startBuiltServer } from "../support/built-server.ts";
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
// ends, which an e-mail confirms. axe on the new pages at 390 and 1280 px.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const ADMIN = { email: "assinaturas@agentesfx.test", password: "uma-senha-bem-longa-assinaturas" };
const BIA = "bia@exemplo.com";
const COMPANY = "Agentes FX Tecnologia Ltda.";

let server: BuiltServer;
let smtp: TestSmtpServer;
let databaseName: string;
let databaseUrl: string;
let pool: pg.Pool;

const settings = () => ({
  DATABASE_URL: databaseUrl,
  SMTP_URL: smtp.url,
  PIX_KEY: "financeiro@agentesfx.com.br",
  COMPANY_LEGAL_NAME: COMPANY,
  COMPANY_CNPJ: "12.345.678/0001-90",
});

test.beforeAll(async () => {
  test.setTimeout(serverStartHookTimeout);
  databaseName = uniqueDatabaseName("agentes_e2e_account");
  databaseUrl = await createE2eDatabase(databaseName);
  pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  smtp = await startSmtpServer();
  // Bia is stored, in a copy of the migrated template, as a customer whose paid month ends in
  // 3 days; the server's start creates its recurring jobs due at once, so its renewal sweep
  // issues her next charge.
  await pool.query(`insert into exchange_rates (rate, set_by) values (5.0000, $1)`, [ADMIN.email]);
  const {
    rows: [bia],
  } = await pool.query(
    `insert into waitlist (name, email, interested_agents, terms_accepted_at, confirmed_at, status)
     values ('Bia', $1, '{yenmax}', now() - interval '40 days', now() - interval '40 days',
       'converted') returning id`,
    [BIA],
  );
  const {
    rows: [order],
  } = await pool.query(
    `insert into orders (reference, waitlist_id, robot_id, robot_name, state, partner_broker,
       price_usd_cents, total_usd_cents, exchange_rate, exchange_rate_set_by, exchange_rate_set_at,
       total_brl_cents, deadline, created_at, paid_at)
     select 'AFXE2E0000001', $1, id, name, 'paid', false, 19900, 19900, 5.0000, $2,
       now() - interval '28 days', 99500, now() - interval '26 days', now() - interval '28 days',
       now() - interval '27 days'
     from robots where key = 'yenmax' returning id`,
    [bia.id, ADMIN.email],
  );
  await pool.query(
    `insert into payments (order_id, method, amount_brl_cents, reference, recorded_by, recorded_at)
     values ($1, 'pix', 99500, 'E2E-PIX-1', $2, now() - interval '27 days')`,
    [order.id, ADMIN.email],
  );
  await pool.query(
    `insert into order_setups (order_id, state, account_number, broker_server, platform, whatsapp,
       submitted_at, running_at)
     values ($1, 'running', '5550001', 'Corretora-Live', 'MT5', '11987654321',
       now() - interval '27 days', now() - interval '26 days')`,
    [order.id],
  );
  await pool.query(
    `insert into subscriptions (order_id, robot_name, price_usd_cents, partner_broker, anchor_date,
       paid_through, first_paid_at)
     select id, robot_name, 19900, false, (current_date + 3) - interval '1 month',
       current_date + 3, now() - interval '27 days'
     from orders where id = $1`,
    [order.id],
  );
  // Her robot has reported every minute for the last half hour (issue 39), balance 10.234,56.
  await pool.query(
    `insert into heartbeat_samples (subscription_id, resolution, bucket, at, minutes,
       account_number, balance_cents, equity_cents, open_positions, last_trade_at,
       last_trade_profit_cents, robot_version, terminal_connected)
     select s.id, 'minute', date_trunc('minute', now()) - n * interval '1 minute',
       date_trunc('minute', now()) - n * interval '1 minute' + interval '5 seconds', 1,
       '5550001', 1023456, 1020010, 2, now() - interval '3 hours', -1230, '1.0.0', true
     from subscriptions s, generate_series(0, 29) n`,
  );
  await createAdminWithCli(databaseUrl, ADMIN.email, ADMIN.password);
  server = await startBuiltServer(settings());
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await pool?.end();
  await dropDatabase(databaseName);
});

/** The messages to Bia whose subject starts so, once `count` have arrived. */
async function mailsTo(subject: string, count = 1): Promise<string[]> {
  const matching = () =>
    smtp.messages.filter(
      (m) => JSON.stringify(m.to ?? "").includes(BIA) && m.subject?.startsWith(subject),
    );
  await expect.poll(() => matching().length, { timeout: 30_000 }).toBe(count);
  return matching().map((m) => m.text ?? "");
}

/** Asks for the link at /minha-conta and opens it with its button. */
async function openArea(page: Page, linkNumber: number) {
  await page.goto(`${server.url}/minha-conta`);
  await page.getByLabel("Seu e-mail").fill(BIA);
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByText(/^Pronto\. Se este e-mail tiver uma assinatura/)).toBeVisible();
  const mail = (await mailsTo("Seu link para Minha conta", linkNumber)).at(-1)!;
  const link = /(http:\/\/\S+\/minha-conta\/[A-Za-z0-9_-]{43})/.exec(mail)?.[1];
  expect(link).toBeDefined();
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Abrir minha conta" })).toBeVisible();
  await page.getByRole("button", { name: "Abrir minha conta" }).click();
  await expect(page.getByRole("heading", { name: "Assinatura do YenMax Agent" })).toBeVisible();
  return link!;
}

async function chargeReference(): Promise<string> {
  await expect
    .poll(async () => (await pool.query(`select 1 from subscription_charges`)).rowCount, {
      timeout: 60_000,
    })
    .toBe(1);
  return (await pool.query(`select reference from subscription_charges`)).rows[0].reference;
}

/** Bia's signed-in cookies, once the last test that opens her area has them. */
let biaSession: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;

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
    // Her signed-in browser, for the page-width test below (links are limited per hour).
    biaSession = await page.context().storageState();
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

// Issue 37: no page scrolls sideways on a 390 px phone. Every page route of app/routes.ts is
// opened (parameters filled from this file's data; an unknown token shows its error page), as
// Bia for the site's pages and as staff for the admin's, and the document may be no wider
// than the viewport. A new route without a value for its parameter fails here.
type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };

function pagePaths(entries: readonly RouteEntry[]): string[] {
  return entries.flatMap((entry) => [
    // Modules ending in .ts answer files, feeds and webhooks, not pages.
    ...(entry.path !== undefined && entry.file.endsWith(".tsx") ? [entry.path] : []),
    ...pagePaths(entry.children ?? []),
  ]);
}

test("no page scrolls sideways at 390 px, the customer's and staff's included", async ({
  browser,
}) => {
  const { default: routes } = (await import("../../app/routes.ts")) as unknown as {
    default: RouteEntry[];
  };
  const one = async (sql: string) => (await pool.query(sql)).rows[0] ?? {};
  const values: Record<string, string> = {
    ":token": "t".repeat(43),
    ":reference": (await one(`select reference from subscription_charges where state = 'paid'`))
      .reference,
    ":id": "",
  };
  const robot = await one(`select id, slug from robots where key = 'yenmax'`);
  const post = await one(`select id, slug from blog_posts where is_published limit 1`);
  const entry = await one(`select id from waitlist limit 1`);
  const order = await one(`select id from orders where state = 'paid' limit 1`);
  // A long customer message on staff's conversation page, which must wrap as well.
  const conversation = await one(
    `insert into support_conversations
       (reference, origin, name, email, reply_token, first_response_due_at, last_message_at)
     values ('S390390', 'contact', 'Ana', 'ana.largura@exemplo.com',
       'largura390largura390largur', now(), now()) returning id`,
  );
  await pool.query(
    `insert into support_messages (conversation_id, author, body) values ($1, 'customer', $2)`,
    [conversation.id, `Meu robô parou: ${"x".repeat(300)}`],
  );
  const paths = pagePaths(routes).map((path) => {
    const filled = path
      .replace(/^agentes\/:slug$/, `agentes/${robot.slug}`)
      .replace(/^agentes\/:slug\/lamina$/, `agentes/${robot.slug}/lamina`)
      .replace(/^blog\/:slug$/, `blog/${post.slug}`)
      .replace(/^admin\/lista\/:id$/, `admin/lista/${entry.id}`)
      .replace(/^admin\/robos\/:id/, `admin/robos/${robot.id}`)
      .replace(/^admin\/blog\/:id/, `admin/blog/${post.id}`)
      .replace(/^admin\/reembolso\/:orderId$/, `admin/reembolso/${order.id}`)
      .replace(/^admin\/suporte\/:id$/, `admin/suporte/${conversation.id}`)
      .replace(/:token|:reference/g, (name) => values[name]!)
      .replace(/^\*$/, "pagina-que-nao-existe");
    expect(filled, `no value for ${path}'s parameter`).not.toMatch(/:|undefined/);
    return `/${filled}`;
  });
  expect(paths.length).toBeGreaterThanOrEqual(40);

  const phone = { viewport: { width: 390, height: 844 }, javaScriptEnabled: false };
  expect(biaSession).toBeDefined();
  const customer = await browser.newContext({ ...phone, storageState: biaSession });
  const staff = await browser.newContext(phone);
  const login = await staff.newPage();
  await login.goto(`${server.url}/admin`);
  await login.getByLabel("Email").fill(ADMIN.email);
  await login.getByLabel("Senha").fill(ADMIN.password);
  await login.getByRole("button", { name: "Entrar" }).click();
  await expect(login.getByRole("button", { name: "Sair" })).toBeVisible({ timeout: 20_000 });

  const overflow: Record<string, string> = {};
  for (const path of paths) {
    const context = path.startsWith("/admin/") ? staff : customer;
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    // How far the document reaches past the viewport, and the deepest element that ends
    // past it, so a failure names what to fix.
    const extra = await page.evaluate(() => {
      const root = document.documentElement;
      const wider = [...document.body.querySelectorAll("*")].filter(
        (element) => element.getBoundingClientRect().right > root.clientWidth + 0.5,
      );
      const culprit = wider.find(
        (element) => !wider.some((other) => element.contains(other) && other !== element),
      );
      const where = culprit
        ? `${culprit.tagName.toLowerCase()}.${culprit.className} "${culprit.textContent?.slice(0, 40)}"`
        : "";
      return root.scrollWidth > root.clientWidth
        ? `${root.scrollWidth - root.clientWidth} px: ${where}`
        : null;
    });
    if (extra) overflow[path] = extra;
    await page.close();
  }
  await customer.close();
  await staff.close();
  expect(overflow).toEqual({});
});

import { randomBytes } from "node:crypto";
import pg from "pg";
import { type BuiltServer, startBuiltServer } from "../support/built-server.ts";
import { createE2eDatabase } from "../support/e2e-database.ts";
import { expect, serverStartHookTimeout, test, type Page } from "../support/e2e-test.ts";
import { startTestPsp } from "../support/local-psp.ts";
import { dropDatabase, uniqueDatabaseName } from "../support/postgres.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server.ts";
import type { LocalPsp } from "../../scripts/local-psp/psp.ts";
import { seedInvitedPerson } from "../support/invited-person.ts";

// Pix Automático in /minha-conta end to end (decisions 355-357), on the built server and
// PostgreSQL with the local PSP over mutual TLS: Caio, a YenMax customer, opens his area from
// the e-mailed link, types a wrong CPF in the one field that asks for it (refused, kept in
// the field), then his CPF, and authorises with it; the page shows the mandate's QR awaiting
// his bank; his bank approves it, the webhookrec reaches the
// server, and the area says the mandate is active. Then Dora, invited to YenMax, pays her
// first month and authorises in one QR (Jornada 3, decision 480): on her order page she gives
// her CPF (a wrong one first; the form also works without JavaScript), the page shows the composite QR instead of the order's own, her bank pays it and
// approves the recurrence, the page says "Pagamento confirmado", Minha conta shows the mandate
// active, and her first renewal is sent to her bank as a cobr. Every exchange keeps to the
// contract.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const CAIO = "caio.pix@exemplo.com";
const DORA = "dora.pix@exemplo.com";
const doraToken = randomBytes(32).toString("base64url");
let server: BuiltServer;
let psp: LocalPsp;
let smtp: TestSmtpServer;
let databaseName: string;
let pool: pg.Pool;

test.beforeAll(async () => {
  test.setTimeout(serverStartHookTimeout);
  databaseName = uniqueDatabaseName("agentes_e2e_pix_auto");
  const databaseUrl = await createE2eDatabase(databaseName);
  pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  smtp = await startSmtpServer();
  const started = await startTestPsp();
  psp = started.psp;
  await pool.query(`insert into exchange_rates (rate, set_by) values (5.0000, 'e2e')`);
  const {
    rows: [caio],
  } = await pool.query(
    `insert into waitlist (name, email, interested_agents, terms_accepted_at, confirmed_at, status)
     values ('Caio Souza', $1, '{yenmax}', now() - interval '20 days', now() - interval '20 days',
       'converted') returning id`,
    [CAIO],
  );
  const {
    rows: [order],
  } = await pool.query(
    `insert into orders (reference, waitlist_id, robot_id, robot_name, state, partner_broker,
       price_usd_cents, total_usd_cents, exchange_rate, exchange_rate_set_by, exchange_rate_set_at,
       total_brl_cents, deadline, created_at, paid_at)
     select 'AFXE2EPIXAUT1', $1, id, name, 'paid', false, 19900, 19900, 5.0000, 'e2e',
       now() - interval '10 days', 99500, now() - interval '8 days', now() - interval '10 days',
       now() - interval '9 days'
     from robots where key = 'yenmax' returning id`,
    [caio.id],
  );
  // Paid through three weeks from now: no renewal is due while the test runs.
  await pool.query(
    `insert into subscriptions (order_id, robot_name, price_usd_cents, partner_broker, anchor_date,
       paid_through, first_paid_at)
     select id, robot_name, 19900, false, (current_date + 21) - interval '1 month',
       current_date + 21, now() - interval '9 days'
     from orders where id = $1`,
    [order.id],
  );
  await seedInvitedPerson(pool, { name: "Dora Lima", email: DORA, token: doraToken });
  server = await startBuiltServer({
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    BANK_ACCOUNT: "123456",
    BANK_BRANCH: "0001",
    // The worker's Pix Automático round every 2 s: the renewal's cobr goes out promptly.
    PIX_API_POLL_MS: "2000",
    ...started.env,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await psp?.close();
  await smtp?.close();
  await pool?.end();
  await dropDatabase(databaseName);
});

/** Opens the customer's area from the link e-mailed to `email`. */
async function openAccount(page: Page, email: string) {
  const linkIn = (text: string | undefined) =>
    /(http:\/\/\S+\/minha-conta\/[A-Za-z0-9_-]{43})/.exec(text ?? "")?.[1];
  const links = () =>
    smtp.messages
      .filter((m) => JSON.stringify(m.to ?? "").includes(email))
      .flatMap((m) => linkIn(m.text) ?? []);
  const before = links().length;
  await page.goto(`${server.url}/minha-conta`);
  await page.getByLabel("Seu e-mail").fill(email);
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect.poll(() => links().length, { timeout: 30_000 }).toBeGreaterThan(before);
  await page.goto(links().at(-1)!);
  await page.getByRole("button", { name: "Abrir minha conta" }).click();
}

test("the customer authorises Pix Automático and sees the mandate approved by their bank", async ({
  page,
}) => {
  await openAccount(page, CAIO);
  const block = page.getByRole("region", { name: "Pix Automático" });
  await expect(block).toBeVisible();
  // US$ 199.00 at R$ 5.0000, plus half: R$ 1.492,50, rounded up to R$ 1.493,00.
  await expect(
    block.getByText(/Teto da autorização: R\$\s1\.493,00 por mês/).first(),
  ).toBeVisible();

  // No CPF given yet: the block points to the one field that asks for it.
  await expect(block.getByText(/Para autorizar, cadastre acima o CPF/)).toBeVisible();
  await expect(block.getByRole("button", { name: "Autorizar Pix Automático" })).toHaveCount(0);
  await page.getByLabel("CPF ou CNPJ", { exact: true }).fill("123.456.789-00");
  await page.getByRole("button", { name: "Salvar CPF ou CNPJ" }).click();
  await expect(page.getByText(/Informe um CPF \(11 dígitos\) ou CNPJ/).first()).toBeVisible();
  await expect(page.getByLabel("CPF ou CNPJ", { exact: true })).toHaveValue("123.456.789-00");

  await page.getByLabel("CPF ou CNPJ", { exact: true }).fill("529.982.247-25");
  await page.getByRole("button", { name: "Salvar CPF ou CNPJ" }).click();
  const again = page.getByRole("region", { name: "Pix Automático" });
  await expect(again.getByText(/A autorização sai no CPF 529\.982\.247-25/)).toBeVisible();
  await again.getByRole("button", { name: "Autorizar Pix Automático" }).click();
  await expect(page.getByText("Autorização criada. Confirme no app do seu banco.")).toBeVisible();
  const awaiting = page.getByRole("region", { name: "Pix Automático" });
  await expect(awaiting.getByTestId("pix-automatico-estado")).toHaveText(
    "Aguardando sua confirmação no banco",
  );
  const {
    rows: [mandate],
  } = await pool.query<{ id_rec: string; copy_paste: string; payer_cpf: string }>(
    `select id_rec, copy_paste, payer_cpf from pix_mandates`,
  );
  expect(mandate!.payer_cpf).toBe("52998224725");
  await expect(awaiting.getByText(mandate!.copy_paste)).toBeAttached();

  // The worker registers the recurrence callbacks at its start; then the bank approves.
  await expect
    .poll(async () => psp.calls.includes("PUT /webhookrec"), { timeout: 30_000 })
    .toBe(true);
  psp.recurrence.approve(mandate!.id_rec);
  await psp.settled();
  expect(psp.deliveries.at(-1)?.status).toBe(200);
  await page.reload();
  await expect(
    page.getByRole("region", { name: "Pix Automático" }).getByTestId("pix-automatico-estado"),
  ).toHaveText("Ativo");
  expect(psp.breaches).toEqual([]);
});

test("the customer pays the first month and authorises Pix Automático in one QR; the next renewal goes by cobr", async ({
  page,
  browser,
}) => {
  await page.goto(`${server.url}/convite/${doraToken}`);
  await page.getByRole("button", { name: "Confirmar minha vaga" }).click();
  await expect(page.getByRole("heading", { name: "Seu pedido: YenMax Agent" })).toBeVisible();
  const {
    rows: [charge],
  } = await pool.query<{ txid: string; copy_paste: string }>(
    `select txid, copy_paste from pix_charges where state = 'active'`,
  );
  // The order's own QR is the default.
  await expect(page.getByLabel("PIX copia e cola")).toHaveText(charge!.copy_paste);
  const offer = page.getByRole("region", { name: "Pagar e já autorizar o Pix Automático" });
  await expect(offer.getByText(/Teto da autorização: R\$\s1\.493,00 por mês/)).toBeVisible();
  const cpf = offer.getByLabel("CPF do titular da conta que vai pagar");
  await cpf.fill("123.456.789-00");
  await offer.getByRole("button", { name: "Gerar QR Code com Pix Automático" }).click();
  await expect(page.getByText(/Informe um CPF válido \(11 dígitos\)/)).toBeVisible();
  await expect(cpf).toHaveValue("123.456.789-00");
  // The form is a plain POST: it works as well without JavaScript (the same link, another
  // browser).
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(`${server.url}/convite/${doraToken}`);
  await plain.getByLabel("CPF do titular da conta que vai pagar").fill("529.982.247-25");
  await plain.getByRole("button", { name: "Gerar QR Code com Pix Automático" }).click();
  await expect(plain.getByTestId("pix-ajuda")).toContainText(
    "paga o primeiro mês e pede a autorização",
  );
  await noScript.close();

  // The composite QR (the order's charge and the recurrence) replaces the order's own.
  await page.reload();
  await expect(page.getByTestId("pix-ajuda")).toContainText(
    "paga o primeiro mês e pede a autorização",
  );
  const {
    rows: [mandate],
  } = await pool.query<{ id_rec: string; copy_paste: string }>(
    `select m.id_rec, m.copy_paste from pix_mandates m join pix_charges c on c.order_id = m.order_id
     where c.txid = $1`,
    [charge!.txid],
  );
  await expect(page.getByLabel("PIX copia e cola")).toHaveText(mandate!.copy_paste);
  expect(mandate!.copy_paste).not.toBe(charge!.copy_paste);
  await expect(offer).toHaveCount(0);

  // Her bank pays the charge and approves the recurrence: both webhooks reach the server.
  await expect.poll(() => psp.webhookUrl(), { timeout: 30_000 }).toContain("/webhooks/pix/");
  await psp.pay({ txid: charge!.txid });
  await psp.settled();
  await expect(page.getByText(/^Pagamento confirmado\./)).toBeVisible({ timeout: 15_000 });
  expect(psp.recurrence.rec(mandate!.id_rec)?.status).toBe("APROVADA");

  await openAccount(page, DORA);
  const block = page.getByRole("region", { name: "Pix Automático" });
  await expect(block.getByTestId("pix-automatico-estado")).toHaveText("Ativo");

  // Her first renewal falls due in five days: the sweep charges it, the worker sends its cobr.
  await pool.query(
    `update subscriptions s set paid_through = current_date + 5,
       anchor_date = (current_date + 5) - interval '1 month'
     from orders o join waitlist w on w.id = o.waitlist_id
     where o.id = s.order_id and w.email = $1`,
    [DORA],
  );
  await pool.query(`update scheduled_jobs set run_at = now() where name = 'subscription-renewals'`);
  await pool.query(`select pg_notify('email_outbox_queued', '')`);
  await expect
    .poll(() => psp.recurrence.cobrs().filter((c) => c.idRec === mandate!.id_rec).length, {
      timeout: 60_000,
    })
    .toBe(1);
  await page.reload();
  await expect(
    page.getByRole("region", { name: "Pix Automático" }).getByText(/Próximo débito automático/),
  ).toBeVisible({ timeout: 15_000 });
  expect(psp.breaches).toEqual([]);
});

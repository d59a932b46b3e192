import pg from "pg";
import { type BuiltServer, startBuiltServer } from "../support/built-server.ts";
import { createE2eDatabase } from "../support/e2e-database.ts";
import { expect, serverStartHookTimeout, test } from "../support/e2e-test.ts";
import { startTestPsp } from "../support/local-psp.ts";
import { dropDatabase, uniqueDatabaseName } from "../support/postgres.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server.ts";
import type { LocalPsp } from "../../scripts/local-psp/psp.ts";

// Pix Automático in /minha-conta end to end (decisions 355-357), on the built server and
// PostgreSQL with the local PSP over mutual TLS: Caio, a YenMax customer, opens his area from
// the e-mailed link, types a wrong CPF in the one field that asks for it (refused, kept in
// the field), then his CPF, and authorises with it; the page shows the mandate's QR awaiting
// his bank; his bank approves it, the webhookrec reaches the
// server, and the area says the mandate is active. Every exchange keeps to the contract.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const CAIO = "caio.pix@exemplo.com";
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
  server = await startBuiltServer({
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    BANK_ACCOUNT: "123456",
    BANK_BRANCH: "0001",
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

test("the customer authorises Pix Automático and sees the mandate approved by their bank", async ({
  page,
}) => {
  await page.goto(`${server.url}/minha-conta`);
  await page.getByLabel("Seu e-mail").fill(CAIO);
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect
    .poll(() => smtp.messages.filter((m) => JSON.stringify(m.to ?? "").includes(CAIO)).length, {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  const mail = smtp.messages.find((m) => JSON.stringify(m.to ?? "").includes(CAIO));
  const link = /(http:\/\/\S+\/minha-conta\/[A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1];
  await page.goto(link!);
  await page.getByRole("button", { name: "Abrir minha conta" }).click();
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

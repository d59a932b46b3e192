import pg from "pg";
import { createAdminWithCli } from "../support/admin-cli.ts";
import { type BuiltServer, startBuiltServer } from "../support/built-server.ts";
import { createE2eDatabase } from "../support/e2e-database.ts";
import { expect, serverStartHookTimeout, test } from "../support/e2e-test.ts";
import { gotoHydrated } from "../support/hydration.ts";
import { dropDatabase, uniqueDatabaseName } from "../support/postgres.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server.ts";

// Issue 36 on the built server and PostgreSQL (docs/decisions/344, 348): Caio, a YenMax
// customer whose robot runs, erases his data from Meus dados with JavaScript off. The page says
// what the erasure ends and refuses to erase without his choice; he ends the subscription,
// and staff find his robot in "Robôs a desligar" and mark it switched off, again without
// scripts.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const ADMIN = { email: "ligar@agentesfx.test", password: "uma-senha-bem-longa-ligar" };
const CAIO = "caio@exemplo.com";

let server: BuiltServer;
let smtp: TestSmtpServer;
let databaseName: string;
let databaseUrl: string;
let pool: pg.Pool;

test.beforeAll(async () => {
  test.setTimeout(serverStartHookTimeout);
  databaseName = uniqueDatabaseName("agentes_e2e_erasure");
  databaseUrl = await createE2eDatabase(databaseName);
  pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  smtp = await startSmtpServer();
  // Caio paid 20 days ago (past the 7-day guarantee); his robot runs on its VPS.
  const {
    rows: [caio],
  } = await pool.query(
    `insert into waitlist (name, email, interested_agents, terms_accepted_at, confirmed_at, status)
     values ('Caio', $1, '{yenmax}', now() - interval '30 days', now() - interval '30 days',
       'converted') returning id`,
    [CAIO],
  );
  const {
    rows: [order],
  } = await pool.query(
    `insert into orders (reference, waitlist_id, robot_id, robot_name, state, partner_broker,
       price_usd_cents, total_usd_cents, exchange_rate, exchange_rate_set_by, exchange_rate_set_at,
       total_brl_cents, deadline, created_at, paid_at)
     select 'AFXE2E0000002', $1, id, name, 'paid', false, 19900, 19900, 5.0000, $2,
       now() - interval '21 days', 99500, now() - interval '19 days', now() - interval '21 days',
       now() - interval '20 days'
     from robots where key = 'yenmax' returning id`,
    [caio.id, ADMIN.email],
  );
  await pool.query(
    `insert into order_setups (order_id, state, account_number, broker_server, platform, whatsapp,
       submitted_at, running_at)
     values ($1, 'running', '5550002', 'Corretora-Live', 'MT5', '11987654322',
       now() - interval '20 days', now() - interval '19 days')`,
    [order.id],
  );
  await pool.query(
    `insert into subscriptions (order_id, robot_name, price_usd_cents, partner_broker, anchor_date,
       paid_through, first_paid_at)
     select id, robot_name, 19900, false, current_date - 20, current_date + 10,
       now() - interval '20 days'
     from orders where id = $1`,
    [order.id],
  );
  await createAdminWithCli(databaseUrl, ADMIN.email, ADMIN.password);
  server = await startBuiltServer({ DATABASE_URL: databaseUrl, SMTP_URL: smtp.url });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await pool?.end();
  await dropDatabase(databaseName);
});

test.describe("Caio, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sees what the erasure ends, must choose, ends the subscription and is erased", async ({
    page,
  }) => {
    await page.goto(`${server.url}/meus-dados`);
    const count = smtp.messages.length;
    await page.getByLabel("Seu e-mail").fill(CAIO);
    await page.getByRole("button", { name: "Enviar link" }).click();
    // Hers, by its subject: the worker's other mail (staff's notices) may arrive meanwhile.
    const linkMail = () =>
      smtp.messages
        .slice(count)
        .find(
          (m) =>
            m.subject === "Seu link para Meus dados" && m.to && JSON.stringify(m.to).includes(CAIO),
        );
    await expect.poll(linkMail, { timeout: 20_000 }).toBeDefined();
    const link = /(http:\/\/\S+\/meus-dados\/[A-Za-z0-9_-]{43})/.exec(linkMail()?.text ?? "")?.[1];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.getByRole("button", { name: "Abrir meus dados" }).click();
    await expect(page).toHaveURL(/\/meus-dados\/painel$/);

    const section = page.getByRole("region", { name: "Apagar meus dados" });
    await expect(section.getByText(/^YenMax Agent: assinatura ativa, paga até/)).toBeVisible();
    await expect(section.getByText(/o ciclo já pago não é reembolsado/)).toBeVisible();

    // No choice: nothing is erased, the page says why.
    await section.getByRole("checkbox", { name: /Entendo que meus dados serão apagados/ }).check();
    await section.getByRole("button", { name: "Apagar meus dados" }).click();
    await expect(
      page.getByText("Escolha como apagar: manter o que o contrato exige"),
    ).toBeVisible();
    expect((await pool.query(`select state from subscriptions`)).rows).toEqual([
      { state: "active" },
    ]);
    expect((await pool.query(`select account_number from order_setups`)).rows).toEqual([
      { account_number: "5550002" },
    ]);

    await page.goto(`${server.url}/meus-dados/painel`);
    await section.getByRole("radio", { name: /Encerrar a assinatura agora e apagar tudo/ }).check();
    await section.getByRole("checkbox", { name: /Entendo que meus dados serão apagados/ }).check();
    await section.getByRole("button", { name: "Apagar meus dados" }).click();
    await expect(page).toHaveURL(/\/meus-dados\?apagado$/);
    expect((await pool.query(`select state from subscriptions`)).rows).toEqual([
      { state: "ended" },
    ]);
    expect((await pool.query(`select id from waitlist where email = $1`, [CAIO])).rows).toEqual([]);
  });
});

test("staff find the robot in Robôs a desligar and mark it off, with scripts off", async ({
  page,
  browser,
}) => {
  await gotoHydrated(page, `${server.url}/admin`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Senha").fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("button", { name: "Sair" })).toBeVisible({ timeout: 20_000 });
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const staff = await plain.newPage();
  await staff.goto(`${server.url}/admin/ligar-desligar`);
  const off = staff.getByRole("region", { name: "Robôs a desligar (1)" });
  await expect(off.getByText("AFXE2E0000002")).toBeVisible();
  await expect(off.getByText(/dados apagados pelo cliente: desligar o agente/)).toBeVisible();
  await expect(staff.getByText("Nenhum agente a ligar.")).toBeVisible();
  await off.getByRole("button", { name: "Marcar como desligado" }).click();
  await expect(staff.getByText("Linha concluída.")).toBeVisible();
  await expect(staff.getByText("Nenhum agente a desligar.")).toBeVisible();
  expect((await pool.query(`select done_by from robot_switches`)).rows).toEqual([
    { done_by: ADMIN.email },
  ]);
  await plain.close();
});

import type pg from "pg";
import { expect, type Page } from "./e2e-test.ts";
import type { TestSmtpServer } from "./smtp-server.ts";

// Bia of issue 24, on a database copied from the run's template: a YenMax customer since last
// month whose paid month ends in 3 days, so a server started on it issues her renewal charge
// at once (its recurring jobs are due at its start). tests/e2e/account.e2e.ts tells her story;
// tests/sweeps/page-widths.sweep.ts rebuilds where the story leaves her.

export const BIA = "bia@exemplo.com";
export const CUSTOMER_AREA_COMPANY = "Agentes FX Tecnologia Ltda.";

/** The server settings of her story: its SMTP server, a PIX key and the company's details. */
export const customerAreaSettings = (databaseUrl: string, smtp: TestSmtpServer) => ({
  DATABASE_URL: databaseUrl,
  SMTP_URL: smtp.url,
  PIX_KEY: "financeiro@agentesfx.com.br",
  COMPANY_LEGAL_NAME: CUSTOMER_AREA_COMPANY,
  COMPANY_CNPJ: "12.345.678/0001-90",
});

/** Stores Bia, her paid first month, her running robot's setup and half an hour of heartbeats. */
export async function seedRenewingCustomer(pool: pg.Pool, staffEmail: string): Promise<void> {
  await pool.query(`insert into exchange_rates (rate, set_by) values (5.0000, $1)`, [staffEmail]);
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
    [bia.id, staffEmail],
  );
  await pool.query(
    `insert into payments (order_id, method, amount_brl_cents, reference, recorded_by, recorded_at)
     values ($1, 'pix', 99500, 'E2E-PIX-1', $2, now() - interval '27 days')`,
    [order.id, staffEmail],
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
}

/** The texts of the messages to Bia whose subject starts so, once `count` have arrived. */
export async function mailsToBia(
  smtp: TestSmtpServer,
  subject: string,
  count = 1,
): Promise<string[]> {
  const matching = () =>
    smtp.messages.filter(
      (m) => JSON.stringify(m.to ?? "").includes(BIA) && m.subject?.startsWith(subject),
    );
  await expect.poll(() => matching().length, { timeout: 30_000 }).toBe(count);
  return matching().map((m) => m.text ?? "");
}

/** Asks for the link at /minha-conta and opens it with its button; returns the link. */
export async function openBiaArea(
  page: Page,
  siteUrl: string,
  smtp: TestSmtpServer,
  linkNumber: number,
): Promise<string> {
  await page.goto(`${siteUrl}/minha-conta`);
  await page.getByLabel("Seu e-mail").fill(BIA);
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByText(/^Pronto\. Se este e-mail tiver uma assinatura/)).toBeVisible();
  const mail = (await mailsToBia(smtp, "Seu link para Minha conta", linkNumber)).at(-1)!;
  const link = /(http:\/\/\S+\/minha-conta\/[A-Za-z0-9_-]{43})/.exec(mail)?.[1];
  expect(link).toBeDefined();
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Abrir minha conta" })).toBeVisible();
  await page.getByRole("button", { name: "Abrir minha conta" }).click();
  await expect(page.getByRole("heading", { name: "Assinatura do YenMax Agent" })).toBeVisible();
  return link!;
}

/** The reference of her renewal charge, once the server's renewal sweep has issued it. */
export async function renewalChargeReference(pool: pg.Pool): Promise<string> {
  await expect
    .poll(async () => (await pool.query(`select 1 from subscription_charges`)).rowCount, {
      timeout: 60_000,
    })
    .toBe(1);
  return (await pool.query(`select reference from subscription_charges`)).rows[0].reference;
}

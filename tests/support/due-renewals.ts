import type pg from "pg";

/** The day every seeded subscription's second cycle starts. */
export const RENEWAL_DUE_DATE = "2027-02-10";
/** 12h in São Paulo (UTC-3) on D-7: every seeded charge is due (docs/decisions/172). */
export const RENEWALS_DUE_AT = Date.parse("2027-02-03T15:00:00Z");

/**
 * Seeds `count` paid orders with an active subscription each, paid through the day before
 * RENEWAL_DUE_DATE, their customers `renewal<i>@example.com`, and an exchange rate: the
 * renewal sweep at RENEWALS_DUE_AT charges them all. On a migrated, otherwise empty database.
 */
export async function seedDueRenewals(pool: pg.Pool, count: number): Promise<void> {
  await pool.query("insert into exchange_rates (rate, set_by) values (5.4321, 'seed')");
  await pool.query(
    `insert into waitlist (name, email, interested_agents, terms_accepted_at, confirmed_at)
     select 'Pessoa ' || i, 'renewal' || i || '@example.com', array['trendkey-btc'], now(), now()
     from generate_series(1, $1) i`,
    [count],
  );
  await pool.query(
    `insert into orders (reference, waitlist_id, robot_name, state, partner_broker,
       price_usd_cents, deadline, paid_at)
     select 'RENEW' || row_number() over (order by id), id, 'TrendKey BTC', 'paid', false, 4900,
       now(), now()
     from waitlist`,
  );
  await pool.query(
    `insert into subscriptions (order_id, robot_name, price_usd_cents, partner_broker,
       anchor_date, paid_through, first_paid_at)
     select id, robot_name, price_usd_cents, partner_broker,
       $1::date - interval '1 month', $1::date - 1, now()
     from orders`,
    [RENEWAL_DUE_DATE],
  );
  await pool.query("analyze");
}

/**
 * Each of the `count` seeded subscriptions' payers approved a recurrence at the PSP (made
 * there by its `recorrencias` command, in its process) and our side holds the approved
 * mandate, checked at RENEWALS_DUE_AT (no poll is due), its ceiling `ceilingBrlCents`.
 */
export async function seedApprovedMandates(
  pool: pg.Pool,
  psp: { command(line: string, done: (line: string) => boolean): Promise<string[]> },
  count: number,
  ceilingBrlCents: number,
): Promise<void> {
  const printed = await psp.command(
    `recorrencias ${count} ${RENEWAL_DUE_DATE} ${(ceilingBrlCents / 100).toFixed(2)}`,
    (line) => line.startsWith("recorrencias "),
  );
  const idRecs = printed.flatMap((line) => (line.startsWith("rec ") ? [line.slice(4)] : []));
  await pool.query(
    `insert into pix_mandates (subscription_id, id_rec, state, ceiling_brl_cents, payer_name,
       payer_cpf, created_at, approved_at, checked_at)
     select s.id, r.id_rec, 'approved', $2, w.name, '52998224725', $3, $3, $3
     from unnest($1::text[]) with ordinality r(id_rec, i)
     join orders o on o.reference = 'RENEW' || r.i
     join subscriptions s on s.order_id = o.id
     join waitlist w on w.id = o.waitlist_id`,
    [idRecs, ceilingBrlCents, new Date(RENEWALS_DUE_AT)],
  );
  await pool.query("analyze pix_mandates");
}

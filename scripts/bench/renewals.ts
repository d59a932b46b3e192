// `npm run bench:renewals` (issue 24): on a fresh PostgreSQL database, 10,000 active
// subscriptions whose next cycle starts on the same day. The built server runs with
// WORKER=off (it migrates and serves pages); once the rows are seeded, `npm run worker` starts
// with its clock (CLOCK_OFFSET_MS) at 12h in São Paulo seven days before that day, when every
// charge is due (docs/decisions/172), and its renewal sweep runs at once. Measures the time
// until all charges exist and their e-mails reached the SMTP sink (its own process), checks
// each exists exactly once, and samples `GET /` one request at a time meanwhile.
import pg from "pg";
import { startBuiltServer, startBuiltWorker } from "../../tests/support/built-server.ts";
import {
  createDatabase,
  dropDatabase,
  postgresReachable,
  uniqueDatabaseName,
} from "../../tests/support/postgres.ts";
import { loadAverage } from "./measure.ts";
import { startSmtpSink } from "./smtp-sink.ts";

const SUBSCRIPTIONS = 10_000;
const TARGET_MS = 60_000;
const ANCHOR = "2027-01-10";
const PAID_THROUGH = "2027-02-09";
// 12h in São Paulo (UTC-3) on D-7 of the cycle starting 2027-02-10.
const WORKER_NOW = Date.parse("2027-02-03T15:00:00Z");

if (!(await postgresReachable())) {
  console.error("PostgreSQL is unreachable (TEST_DATABASE_URL): bench:renewals needs it.");
  process.exit(1);
}

const name = uniqueDatabaseName("agentes_bench_renewals");
const url = await createDatabase(name);
const pool = new pg.Pool({ connectionString: url, max: 2 });
const smtp = await startSmtpSink();
const env = { DATABASE_URL: url, SMTP_URL: smtp.url, LOG_LEVEL: "warn" };
const server = await startBuiltServer({ ...env, WORKER: "off" });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

let failed = false;
try {
  await pool.query("insert into exchange_rates (rate, set_by) values (5.4321, 'bench')");
  await pool.query(
    `insert into waitlist (name, email, interested_agents, terms_accepted_at, confirmed_at)
     select 'Pessoa ' || i, 'renewal' || i || '@example.com', array['trendkey-btc'], now(), now()
     from generate_series(1, $1) i`,
    [SUBSCRIPTIONS],
  );
  await pool.query(
    `insert into orders (reference, waitlist_id, robot_name, state, partner_broker,
       price_usd_cents, deadline, paid_at)
     select 'BENCH' || row_number() over (order by id), id, 'TrendKey BTC', 'paid', false, 4900,
       now(), now()
     from waitlist`,
  );
  await pool.query(
    `insert into subscriptions (order_id, robot_name, price_usd_cents, partner_broker,
       anchor_date, paid_through, first_paid_at)
     select id, robot_name, price_usd_cents, partner_broker, $1, $2, now() from orders`,
    [ANCHOR, PAID_THROUGH],
  );
  await pool.query("analyze");

  let sweeping = true;
  const pageMs: number[] = [];
  const pages = (async () => {
    while (sweeping) {
      const start = performance.now();
      const response = await fetch(`${server.url}/`);
      await response.arrayBuffer();
      pageMs.push(performance.now() - start);
      if (response.status !== 200) failed = true;
    }
  })();

  const start = performance.now();
  const worker = await startBuiltWorker({
    ...env,
    CLOCK_OFFSET_MS: String(WORKER_NOW - Date.now()),
  });
  let charges = 0;
  let mailed = 0;
  while (performance.now() - start < TARGET_MS * 3) {
    charges = (
      await pool.query<{ n: number }>("select count(*)::int as n from subscription_charges")
    ).rows[0]!.n;
    mailed = await smtp.count();
    if (charges >= SUBSCRIPTIONS && mailed >= SUBSCRIPTIONS) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - start) / 1000;
  sweeping = false;
  await pages;
  // Anything made twice would arrive a little after the last one expected.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  await worker.stop();

  const {
    rows: [row],
  } = await pool.query<{ charges: number; subscriptions: number; cycles: number; outbox: number }>(
    `select count(*)::int as charges,
       count(distinct subscription_id)::int as subscriptions,
       count(*) filter (where cycle = 2 and due_date = '2027-02-10')::int as cycles,
       (select count(*)::int from email_outbox where status = 'sent') as outbox
     from subscription_charges`,
  );
  const deliveries = await smtp.deliveries();
  const once = [...deliveries.values()].filter((list) => list.length === 1).length;
  const exactlyOnce =
    row?.charges === SUBSCRIPTIONS &&
    row.subscriptions === SUBSCRIPTIONS &&
    row.cycles === SUBSCRIPTIONS &&
    row.outbox === SUBSCRIPTIONS &&
    deliveries.size === SUBSCRIPTIONS &&
    once === SUBSCRIPTIONS;
  const sorted = pageMs.toSorted((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  const inTime = seconds * 1000 <= TARGET_MS;
  failed ||= !exactlyOnce || !inTime || !(p99 < 50);
  console.log(
    `renewals: ${row?.charges} charges for ${row?.subscriptions} of ${SUBSCRIPTIONS} subscriptions, ` +
      `${row?.outbox} e-mails sent, ${deliveries.size} recipients (${once} exactly once) ` +
      `in ${seconds.toFixed(1)} s from the worker's start (${Math.round(SUBSCRIPTIONS / seconds)}/s): ` +
      `${exactlyOnce ? "exactly once" : "NOT EXACTLY ONCE"}, ${inTime ? "within" : "OVER"} 60 s`,
  );
  console.log(
    `GET / meanwhile, one at a time: ${pageMs.length} requests, p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
      `p99 ${p99.toFixed(1)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms (load ${loadAverage()})`,
  );
  if (!exactlyOnce || !inTime) console.log(worker.output().slice(-2000));
} finally {
  await server.stop();
  await smtp.close();
  await pool.end();
  await dropDatabase(name);
}
process.exit(failed ? 1 : 0);

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
  RENEWAL_DUE_DATE,
  RENEWALS_DUE_AT,
  seedDueRenewals,
} from "../../tests/support/due-renewals.ts";
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
  await seedDueRenewals(pool, SUBSCRIPTIONS);

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
    CLOCK_OFFSET_MS: String(RENEWALS_DUE_AT - Date.now()),
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
       count(*) filter (where cycle = 2 and due_date = $1)::int as cycles,
       (select count(*)::int from email_outbox where status = 'sent') as outbox
     from subscription_charges`,
    [RENEWAL_DUE_DATE],
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

// `npm run bench:pix` (issue 37): PSP webhook notifications at a steady rate against the
// built server on PostgreSQL, each for an order of its own with an active charge: the
// latency of each notification (p50/p99, target p99 < 50 ms) and that every payment was
// applied exactly once. BENCH_PIX_RATE (default 200/s) and BENCH_PIX_SECONDS (default 60)
// set the load; the generator is this process, the server a process of its own.
import pg from "pg";
import { startBuiltServer } from "../../tests/support/built-server.ts";
import { startTestPsp, TEST_WEBHOOK_SECRET } from "../../tests/support/local-psp.ts";
import { createDatabase, dropDatabase, uniqueDatabaseName } from "../../tests/support/postgres.ts";

const RATE = Number(process.env.BENCH_PIX_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_PIX_SECONDS ?? 60);
const TOTAL = RATE * SECONDS;
const AMOUNT_CENTS = 74625;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

const name = uniqueDatabaseName("agentes_bench_pix");
const databaseUrl = await createDatabase(name);
const { psp, env } = await startTestPsp();
const server = await startBuiltServer({ DATABASE_URL: databaseUrl, ...env });
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
try {
  // One order awaiting payment with an active charge per notification.
  await pool.query(
    `with made as (
       insert into orders (reference, robot_name, partner_broker, total_brl_cents, deadline)
       select 'AFXB' || lpad(i::text, 9, '0'), 'YenMax Agent', false, $2, now() + interval '2 days'
       from generate_series(1, $1) as i returning id, reference, deadline)
     insert into pix_charges (txid, order_id, amount_brl_cents, expires_at, state, copy_paste, next_attempt_at, active_at)
     select reference || replace(id::text, '-', '')::varchar(22), id, $2, deadline, 'active', 'x', now(), now()
     from made`,
    [TOTAL, AMOUNT_CENTS],
  );
  const { rows: charges } = await pool.query<{ txid: string }>(
    `select txid from pix_charges order by txid`,
  );
  const url = `${server.url}/webhooks/pix/${TEST_WEBHOOK_SECRET}/pix`;
  const latencies: number[] = [];
  let failures = 0;
  const statuses = new Map<number, number>();
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < charges.length; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const body = JSON.stringify({
      pix: [
        {
          endToEndId: `E12345678202612011200${String(i).padStart(11, "0")}`,
          txid: charges[i]!.txid,
          valor: "746.25",
          horario: new Date().toISOString(),
        },
      ],
    });
    const sent = performance.now();
    inFlight.push(
      fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body })
        .then(async (answer) => {
          await answer.arrayBuffer();
          if (answer.status !== 200) failures += 1;
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          latencies.push(performance.now() - sent);
        })
        .catch(() => {
          failures += 1;
        }),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  const {
    rows: [counts],
  } = await pool.query<{ paid: string; payments: string; applied: string }>(
    `select (select count(*) from orders where state = 'paid') as paid,
            (select count(*) from payments) as payments,
            (select count(*) from pix_receipts where outcome = 'applied') as applied`,
  );
  latencies.sort((a, b) => a - b);
  console.log(
    [
      `bench:pix: ${TOTAL} webhook notifications at ${RATE}/s offered over ${elapsed.toFixed(1)} s (one web process with its worker, PostgreSQL)`,
      `latency per notification: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms (target p99 < 50 ms)`,
      `answers other than 200: ${failures} (${[...statuses].map(([status, n]) => `${status}: ${n}`).join(", ")})`,
      `orders paid ${counts?.paid}, payments ${counts?.payments}, receipts applied ${counts?.applied} (expected ${TOTAL} each: exactly once)`,
    ].join("\n"),
  );
} finally {
  await pool.end();
  await server.stop();
  await psp.close();
  await dropDatabase(name);
}

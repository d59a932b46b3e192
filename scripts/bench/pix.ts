// `npm run bench:pix` (issue 37): PSP webhook notifications at a steady rate on PostgreSQL, in
// the issue's topology: two web processes (WORKER=off) and `npm run worker`, each a process of
// its own, the e-mails to an SMTP sink of its own, and this process the load generator (the
// PSP), sending each notification to the two web processes in turn. Each order is a real sale
// (a person, an accepted invitation for one robot, an active charge), so a payment does
// everything a payment does: the sale's locks, the subscription, three e-mails.
// Prints each notification's latency (p50/p99, target p99 < 50 ms), whether every payment was
// applied exactly once, how soon the order page (/convite/:token) of a sample showed the
// payment (target 2 s), and the costs that do not depend on the machine's load: CPU ms of the
// web processes and of PostgreSQL's backends, and statements sent, per notification.
// BENCH_PIX_RATE (default 200/s) and BENCH_PIX_SECONDS (default 60) set the load.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { AWAITING_PAYMENT_POLL_MS } from "../../app/features/orders/awaiting-payment.ts";
import { startBuiltServer, startBuiltWorker } from "../../tests/support/built-server.ts";
import { startTestPsp, TEST_WEBHOOK_SECRET } from "../../tests/support/local-psp.ts";
import { createDatabase, dropDatabase, uniqueDatabaseName } from "../../tests/support/postgres.ts";
import { cpuMilliseconds, loadAverage } from "./measure.ts";
import { startSmtpSink } from "./smtp-sink.ts";

const RATE = Number(process.env.BENCH_PIX_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_PIX_SECONDS ?? 60);
const TOTAL = RATE * SECONDS;
const AMOUNT_CENTS = 74625;
/** One order in this many has its page watched until it shows the payment. */
const PAGE_SAMPLE_EVERY = 50;
const PAGE_TARGET_MS = 2_000;
/** Each watched page asks for itself again as often as the page itself does. */
const PAGE_POLL_MS = AWAITING_PAYMENT_POLL_MS;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const countDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pix-queries-"));
const counted = {
  NODE_OPTIONS: `--import ${path.join(import.meta.dirname, "count-queries.ts")}`,
  BENCH_QUERY_COUNT_DIR: countDir,
};
const queriesSent = (pid: number) => {
  try {
    return Number(fs.readFileSync(path.join(countDir, String(pid)), "utf8"));
  } catch {
    return 0;
  }
};

const name = uniqueDatabaseName("agentes_bench_pix");
const databaseUrl = await createDatabase(name);
const { psp, env: pspEnv } = await startTestPsp();
const smtp = await startSmtpSink();
const env = { DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, ...pspEnv, ...counted };
const webs = [
  await startBuiltServer({ ...env, WORKER: "off" }),
  await startBuiltServer({ ...env, WORKER: "off" }),
];
const worker = await startBuiltWorker(env);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
try {
  await pool.query(`update robots set capacity = $1 where key = 'trendkey-btc'`, [TOTAL + 10]);
  await pool.query(
    `with people as (
       insert into waitlist (name, email, interested_agents, terms_accepted_at, confirmed_at, created_at, status)
       select 'Pessoa ' || i, 'pix' || i || '@example.com', array['trendkey-btc'], now(), now(),
         timestamptz '2026-01-01' + i * interval '1 second', 'contacted'
       from generate_series(1, $1) i returning id),
     robot as (select id, name from robots where key = 'trendkey-btc'),
     invited as (
       insert into invitations (waitlist_id, robot_id, status, invited_by, sent_at, deadline, accepted_at)
       select people.id, robot.id, 'accepted', 'bench', now(), now() + interval '2 days', now()
       from people, robot returning id, waitlist_id, robot_id),
     made as (
       insert into orders (reference, robot_name, robot_id, waitlist_id, invitation_id, partner_broker, total_brl_cents, deadline)
       select 'AFXB' || lpad((row_number() over ())::text, 9, '0'), robot.name, invited.robot_id,
         invited.waitlist_id, invited.id, false, $2, now() + interval '2 days'
       from invited, robot returning id, reference, deadline)
     insert into pix_charges (txid, order_id, amount_brl_cents, expires_at, state, copy_paste, next_attempt_at, active_at)
     select reference || replace(id::text, '-', '')::varchar(22), id, $2, deadline, 'active', 'x', now(), now()
     from made`,
    [TOTAL, AMOUNT_CENTS],
  );
  const { rows: charges } = await pool.query<{ txid: string; invitationId: string }>(
    `select txid, o.invitation_id as "invitationId" from pix_charges c
     join orders o on o.id = c.order_id order by txid`,
  );
  // The sample's order pages, through links of their own.
  const pageTokens = new Map<number, string>();
  for (let i = 0; i < charges.length; i += PAGE_SAMPLE_EVERY) {
    const token = randomBytes(32).toString("base64url");
    pageTokens.set(i, token);
    await pool.query(`insert into invitation_tokens (token_hash, invitation_id) values ($1, $2)`, [
      createHash("sha256").update(token).digest("hex"),
      charges[i]!.invitationId,
    ]);
  }
  await pool.query("analyze");

  const { rows: backends } = await pool.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
    [name],
  );
  const measured = [...webs.map((web) => web.process.pid!), worker.process.pid!];
  const cpuOf = (pids: number[]) =>
    pids.reduce((sum, pid) => {
      try {
        return sum + cpuMilliseconds(pid);
      } catch {
        return sum; // a backend that ended
      }
    }, 0);
  const webCpuBefore = cpuOf(measured.slice(0, 2));
  const workerCpuBefore = cpuOf(measured.slice(2));
  const backendCpuBefore = new Map(backends.map(({ pid }) => [pid, cpuOf([pid])]));
  const webQueriesBefore = measured.slice(0, 2).reduce((sum, pid) => sum + queriesSent(pid), 0);
  const loadBefore = loadAverage();

  const latencies: number[] = [];
  const pageDelays: number[] = [];
  let pagesLate = 0;
  const statuses = new Map<string, number>();
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  const watchPage = async (web: string, token: string, sent: number) => {
    for (;;) {
      const answer = await fetch(`${web}/convite/${token}`);
      const html = await answer.text();
      if (html.includes("Pagamento confirmado")) {
        pageDelays.push(performance.now() - sent);
        return;
      }
      if (performance.now() - sent > 30_000) {
        pagesLate += 1;
        return;
      }
      await sleep(PAGE_POLL_MS);
    }
  };
  for (let i = 0; i < charges.length; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const web = webs[i % webs.length]!.url;
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
    const token = pageTokens.get(i);
    if (token) inFlight.push(watchPage(webs[(i + 1) % webs.length]!.url, token, sent));
    inFlight.push(
      fetch(`${web}/webhooks/pix/${TEST_WEBHOOK_SECRET}/pix`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      })
        .then(async (answer) => {
          await answer.arrayBuffer();
          latencies.push(performance.now() - sent);
          statuses.set(String(answer.status), (statuses.get(String(answer.status)) ?? 0) + 1);
        })
        .catch((error: Error) => {
          statuses.set(error.message, (statuses.get(error.message) ?? 0) + 1);
        }),
    );
  }
  const sentIn = (performance.now() - started) / 1000;
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  await sleep(1_100); // the counters' last write
  const answered = statuses.get("200") ?? 0;
  // Costs per notification stored: a 503 (no connection in time) cost next to nothing.
  const webCpu = (cpuOf(measured.slice(0, 2)) - webCpuBefore) / answered;
  const webQueries =
    (measured.slice(0, 2).reduce((sum, pid) => sum + queriesSent(pid), 0) - webQueriesBefore) /
    answered;
  // The worker applies what the webhook stored (decision 440): until the inbox is empty.
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from pix_inbox`);
    if (rows[0]!.n === 0 || performance.now() - started > 600_000) break;
    await sleep(100);
  }
  const appliedIn = (performance.now() - started) / 1000;
  const workerCpu = (cpuOf(measured.slice(2)) - workerCpuBefore) / answered;
  // The backends' pooled connections that lasted the run (one that ended counts for nothing).
  const backendCpu =
    [...backendCpuBefore].reduce((sum, [pid, before]) => {
      const after = cpuOf([pid]);
      return after > 0 ? sum + after - before : sum;
    }, 0) / answered;
  const {
    rows: [counts],
  } = await pool.query<{
    paid: string;
    payments: string;
    applied: string;
    waiting: string;
    twice: string;
  }>(
    `select (select count(*) from orders where state = 'paid') as paid,
            (select count(*) from (select order_id from payments group by order_id having count(*) > 1) as t) as twice,
            (select count(*) from payments) as payments,
            (select count(*) from money_events where source = 'api-pix' and state = 'applied') as applied,
            (select count(*) from money_events where state = 'waiting') as waiting`,
  );
  latencies.sort((a, b) => a - b);
  pageDelays.sort((a, b) => a - b);
  // Every notification answered 200 was applied, once; a 503 is the PSP's to send again.
  const exactlyOnce =
    Number(counts?.paid) === answered &&
    Number(counts?.payments) === answered &&
    Number(counts?.applied) === answered &&
    Number(counts?.twice) === 0 &&
    Number(counts?.waiting) === 0;
  console.log(
    [
      `bench:pix: ${TOTAL} webhook notifications at ${RATE}/s offered (sent in ${sentIn.toFixed(1)} s, all answered in ${elapsed.toFixed(1)} s): two web processes (WORKER=off) and a worker on PostgreSQL, the load generator apart`,
      `latency per notification: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms (target p99 < 50 ms)`,
      `answers: ${[...statuses].map(([status, n]) => `${status}: ${n}`).join(", ")}`,
      `applied by the worker: all ${answered} within ${appliedIn.toFixed(1)} s of the first (${(answered / appliedIn).toFixed(0)}/s)`,
      `exactly once: ${exactlyOnce ? "yes" : "NO"} (orders paid ${counts?.paid}, payments ${counts?.payments}, ledger events applied ${counts?.applied}, orders paid twice ${counts?.twice}, waiting ${counts?.waiting}; expected ${answered} answered 200 each, 0, 0); all ${TOTAL} applied: ${answered === TOTAL ? "yes" : "NO"}`,
      `order page shows the payment (${pageDelays.length} sampled, each loaded every ${PAGE_POLL_MS} ms as the page asks): p50 ${percentile(pageDelays, 50).toFixed(0)} ms, p99 ${percentile(pageDelays, 99).toFixed(0)} ms, max ${(pageDelays.at(-1) ?? 0).toFixed(0)} ms, over 30 s ${pagesLate} (target ${PAGE_TARGET_MS} ms)`,
      `per notification: web CPU ${webCpu.toFixed(2)} ms (the sampled pages' loads included), statements from the web processes ${webQueries.toFixed(1)}; worker CPU ${workerCpu.toFixed(2)} ms (applying it, its e-mails), PostgreSQL backends' CPU ${backendCpu.toFixed(2)} ms`,
      `load average before ${loadBefore}, after ${loadAverage()} (${os.availableParallelism()} cores)`,
    ].join("\n"),
  );
  if (!exactlyOnce || answered !== TOTAL) process.exitCode = 1;
} finally {
  await pool.end();
  await Promise.all([...webs.map((web) => web.stop()), worker.stop()]);
  await psp.close();
  await smtp.close();
  await dropDatabase(name);
  fs.rmSync(countDir, { recursive: true, force: true });
}

// `npm run bench:renewals` (issue 24): on a fresh PostgreSQL database, 10,000 active
// subscriptions whose next cycle starts on the same day. The built server runs with
// WORKER=off (it migrates and serves pages); once the rows are seeded, `npm run worker` starts
// with its clock (CLOCK_OFFSET_MS) at 12h in São Paulo seven days before that day, when every
// charge is due (docs/decisions/172), and its renewal sweep runs at once. Measures the time
// until all charges exist and their e-mails reached the SMTP sink (its own process), checks
// each exists exactly once, and samples `GET /` one request at a time meanwhile.
// With `-- --cobr` (issue 37) every subscription has an approved Pix Automático mandate, the
// server and the worker speak to the local PSP (`npm run psp:local`, a process of its own,
// over mutual TLS, every exchange checked against the contract), and the worker's sweep
// queues each renewal's cobr, which it sends (PUT /cobr): measures the time until the PSP
// accepted all of them and our rows say so, checks both sides hold each exactly once (our
// pix_recurring_charges, the PSP's count of charges and of PUT /cobr, a digest of each), and
// prints where the time goes: statements and CPU per renewal of the worker, the PSP and
// PostgreSQL. BENCH_WORKER_NODE_OPTIONS adds to the worker's NODE_OPTIONS (e.g.
// `--cpu-prof --cpu-prof-dir=/tmp/prof`, a profile written when it stops).
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startBuiltServer, startBuiltWorker } from "../../tests/support/built-server.ts";
import {
  RENEWAL_DUE_DATE,
  RENEWALS_DUE_AT,
  seedApprovedMandates,
  seedDueRenewals,
} from "../../tests/support/due-renewals.ts";
import {
  createDatabase,
  dropDatabase,
  postgresReachable,
  uniqueDatabaseName,
} from "../../tests/support/postgres.ts";
import { startLocalPspProcess, type LocalPspProcess } from "./local-psp-process.ts";
import { formatCpuBudget, loadAverage, startCpuBudget, treeCpuMilliseconds } from "./measure.ts";
import { startSmtpSink } from "./smtp-sink.ts";

const SUBSCRIPTIONS = 10_000;
const TARGET_MS = 60_000;
const COBR = process.argv.includes("--cobr");
/** Each mandate's ceiling: US$ 49.00 at R$ 5.4321 and half again, in whole reais (decision 355). */
const CEILING_BRL_CENTS = 40_000;

if (!(await postgresReachable())) {
  console.error("PostgreSQL is unreachable (TEST_DATABASE_URL): bench:renewals needs it.");
  process.exit(1);
}

const name = uniqueDatabaseName("agentes_bench_renewals");
const url = await createDatabase(name);
const pool = new pg.Pool({ connectionString: url, max: 2 });
const smtp = await startSmtpSink();
const psp: LocalPspProcess | null = COBR ? await startLocalPspProcess() : null;
// The worker's statements, counted by a preloaded counter (count-queries.ts).
const countDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-renewals-queries-"));
const env = {
  DATABASE_URL: url,
  SMTP_URL: smtp.url,
  LOG_LEVEL: "warn",
  ...(psp ? { ...psp.env, BANK_BRANCH: "0001", BANK_ACCOUNT: "123456" } : {}),
};
const server = await startBuiltServer({ ...env, WORKER: "off" });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

let failed = false;
try {
  await seedDueRenewals(pool, SUBSCRIPTIONS);
  if (psp) await seedApprovedMandates(pool, psp, SUBSCRIPTIONS, CEILING_BRL_CENTS);

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

  const cpu = startCpuBudget({ web: server.process.pid, psp: psp?.pid }, name);
  const start = performance.now();
  const worker = await startBuiltWorker({
    ...env,
    CLOCK_OFFSET_MS: String(RENEWALS_DUE_AT - Date.now()),
    NODE_OPTIONS: `--import ${path.join(import.meta.dirname, "count-queries.ts")} ${process.env.BENCH_WORKER_NODE_OPTIONS ?? ""}`,
    BENCH_QUERY_COUNT_DIR: countDir,
  });
  let charges = 0;
  let mailed = 0;
  let scheduled = 0;
  /** Seconds from the worker's start until each was complete. */
  const doneAt: { charges?: number; mailed?: number; cobr?: number } = {};
  const elapsed = () => (performance.now() - start) / 1000;
  // The cobr are sent after the sweep: on a busy machine they need longer to be seen at all.
  while (performance.now() - start < TARGET_MS * (psp ? 5 : 3)) {
    const {
      rows: [counts],
    } = await pool.query<{ charges: number; scheduled: number }>(
      `select (select count(*)::int from subscription_charges) as charges,
         (select count(*)::int from pix_recurring_charges where state = 'scheduled') as scheduled`,
    );
    charges = counts!.charges;
    scheduled = counts!.scheduled;
    mailed = await smtp.count();
    if (charges >= SUBSCRIPTIONS) doneAt.charges ??= elapsed();
    if (mailed >= SUBSCRIPTIONS) doneAt.mailed ??= elapsed();
    if (scheduled >= SUBSCRIPTIONS) doneAt.cobr ??= elapsed();
    if (doneAt.charges && doneAt.mailed && (!psp || doneAt.cobr)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = elapsed();
  sweeping = false;
  await pages;
  // Anything made twice would arrive a little after the last one expected.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const workerPid = worker.process.pid!;
  const workerCpu = treeCpuMilliseconds(workerPid);
  const budget = cpu.stop({ worker: workerCpu });
  await worker.stop();
  const workerStatements = Number(fs.readFileSync(path.join(countDir, String(workerPid)), "utf8"));

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
  const measured = psp ? doneAt.cobr : seconds;
  const inTime = measured !== undefined && measured * 1000 <= TARGET_MS;
  const cobrOnce = psp ? await cobrExactlyOnce(psp) : true;
  failed ||= !exactlyOnce || !cobrOnce || !inTime || !(p99 < 50);
  console.log(
    `renewals: ${row?.charges} charges for ${row?.subscriptions} of ${SUBSCRIPTIONS} subscriptions, ` +
      `${row?.outbox} e-mails sent, ${deliveries.size} recipients (${once} exactly once) ` +
      `in ${seconds.toFixed(1)} s from the worker's start (${Math.round(SUBSCRIPTIONS / seconds)}/s): ` +
      `${exactlyOnce ? "exactly once" : "NOT EXACTLY ONCE"}` +
      (psp ? "" : `, ${inTime ? "within" : "OVER"} 60 s`),
  );
  if (psp) {
    const at = (value: number | undefined) =>
      value === undefined ? "never" : `${value.toFixed(1)} s`;
    console.log(
      `cobr: ${scheduled} of ${SUBSCRIPTIONS} accepted by the PSP and scheduled on our side at ` +
        `${at(doneAt.cobr)} from the worker's start (charges all made at ${at(doneAt.charges)}, ` +
        `e-mails all delivered at ${at(doneAt.mailed)}): ${cobrOnce ? "exactly once on both sides" : "NOT EXACTLY ONCE"}, ` +
        `${inTime ? "met" : "NOT MET"} (target < 60 s)`,
    );
  }
  console.log(
    `per renewal: ${(workerStatements / SUBSCRIPTIONS).toFixed(1)} statements from the worker, ` +
      `worker CPU ${(workerCpu / SUBSCRIPTIONS).toFixed(2)} ms; ${formatCpuBudget(budget)}`,
  );
  console.log(
    `GET / meanwhile, one at a time: ${pageMs.length} requests, p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
      `p99 ${p99.toFixed(1)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms (load ${loadAverage()})`,
  );
  const warnings = worker
    .output()
    .split("\n")
    .filter((line) => /"level":(40|50|60)/.test(line));
  if (warnings.length > 0) {
    console.log(
      `worker warnings: ${warnings.length}, the first: ${warnings.slice(0, 3).join("\n")}`,
    );
  }
  if (!exactlyOnce || !inTime) console.log(worker.output().slice(-2000));
} finally {
  await server.stop();
  await psp?.stop();
  fs.rmSync(countDir, { recursive: true, force: true });
  await smtp.close();
  await pool.end();
  await dropDatabase(name);
}
process.exit(failed ? 1 : 0);

/**
 * Our rows and the PSP's own count agree: one scheduled cobr per renewal, one PUT /cobr per
 * charge, nothing outside the contract, and the same txid, amount, recurrence and due date.
 */
async function cobrExactlyOnce(local: LocalPspProcess): Promise<boolean> {
  const { rows } = await pool.query<{ line: string; state: string }>(
    `select r.txid || ' ' || (r.amount_brl_cents / 100) || '.' || lpad((r.amount_brl_cents % 100)::text, 2, '0')
       || ' ' || m.id_rec || ' ' || r.due_date::text as line, r.state
     from pix_recurring_charges r join pix_mandates m on m.id = r.mandate_id`,
  );
  // The PSP is to hold exactly the charges our side says it scheduled, whether or not all were.
  const scheduledLines = rows.filter((row) => row.state === "scheduled").map((row) => row.line);
  const ours = createHash("sha256").update(scheduledLines.sort().join("\n")).digest("hex");
  const [answer] = await local.command("contar", (line) => line.startsWith("contagem "));
  const theirs = JSON.parse(answer!.slice("contagem ".length)) as {
    cobr: number;
    putCobr: number;
    breaches: number;
    digest: string;
  };
  const scheduled = scheduledLines.length;
  console.log(
    `PSP: ${theirs.cobr} recurring charges accepted, ${theirs.putCobr} PUT /cobr received, ` +
      `${theirs.breaches} exchanges outside the contract; ours: ${rows.length} rows, ${scheduled} scheduled; ` +
      `the PSP's charges and our scheduled ones ${theirs.digest === ours ? "are the same" : "DIFFER"}`,
  );
  return (
    rows.length === SUBSCRIPTIONS &&
    scheduled === SUBSCRIPTIONS &&
    theirs.cobr === SUBSCRIPTIONS &&
    theirs.putCobr === SUBSCRIPTIONS &&
    theirs.breaches === 0 &&
    theirs.digest === ours
  );
}

// `npm run bench:orders` (issues 23 and 36), on fresh PostgreSQL databases:
// 1. PEOPLE acceptances and payments against SPOTS spots over HTTP, in the production
//    topology (two web processes, a worker, the load generator apart): orders-processes.ts,
//    run as a process of its own with this one's options.
// 2. An OFX statement of CREDITS PIX credits (each quoting its order's reference) previewed
//    and applied against as many orders awaiting payment; then the same file again. Meanwhile
//    a /healthz served by this process's event loop (as the web server serves it beside the
//    import) is asked every 5 ms from a thread of its own: its p99 shows whether reading the
//    file held the loop (docs/decisions/341).
// Options: --people=500 --spots=200 --credits=10000 --statement-only, --preview-only (stops
// after the preview's figures).
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import pg from "pg";
import { emailOutbox, orders, payments, robots, waitlist } from "../../db/schema.ts";
import {
  createDatabase,
  dropDatabase,
  postgresReachable,
  uniqueDatabaseName,
} from "../../tests/support/postgres.ts";
import { sgmlStatement } from "../../tests/support/ofx.ts";
import { loadAverage, type LoopBlocking, startHealthProber, startLoopMonitor } from "./measure.ts";

const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const CREDITS = option("credits", 10_000);
const STAFF = "bench-orders@example.com";

if (!(await postgresReachable())) {
  console.error("PostgreSQL is unreachable (TEST_DATABASE_URL): bench:orders needs it.");
  process.exit(1);
}

const name = uniqueDatabaseName("agentes_bench_orders");
process.env.DATABASE_URL = await createDatabase(name);
// Dropping the database at the end ends the pool's idle connections: not worth a warning.
process.env.LOG_LEVEL = "error";
process.env.PIX_KEY = "financeiro@agentesfx.com.br";
process.env.BANK_ACCOUNT = "12345-6";
// Imported after the environment is set: the app reads it once.
const { closeDatabase, getDb } = await import("../../app/platform/db/db.server.ts");
const { newOrderReference } = await import("../../app/features/orders/orders.server.ts");
const { applyStatementImport, previewStatement } =
  await import("../../app/features/sales/statement-import.server.ts");
const { parseStatement } = await import("../../app/features/orders/statement.server.ts");

// The statements this process sends to PostgreSQL, counted as count-queries.ts counts them.
let statementsSent = 0;
const sendQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statementsSent += 1;
  return (sendQuery as (...given: unknown[]) => unknown).apply(this, args);
} as typeof sendQuery;

const seconds = (start: number) => ((performance.now() - start) / 1000).toFixed(2);
let failed = false;
const check = (ok: boolean, text: string) => {
  failed ||= !ok;
  console.log(`${ok ? "ok" : "FAILED"}: ${text}`);
};

async function addPeople(count: number, prefix: string) {
  const db = await getDb();
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1000) {
    const rows = await db
      .insert(waitlist)
      .values(
        Array.from({ length: Math.min(1000, count - i) }, (_, j) => ({
          name: `Pessoa ${prefix}${i + j}`,
          email: `${prefix}${i + j}@example.com`,
          interestedAgents: ["yenmax"],
          termsAcceptedAt: new Date(),
          confirmedAt: new Date(),
          createdAt: new Date(Date.UTC(2026, 0, 1) + (i + j) * 1000),
        })),
      )
      .returning({ id: waitlist.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** The bank's statement (OFX 1.02 SGML, as the tests' builder writes it): a PIX credit per order. */
function ofx(credits: { reference: string; cents: number }[]) {
  const today = new Date().toISOString().slice(0, 10).replaceAll("-", "");
  return sgmlStatement(
    credits.map(({ reference, cents }, i) => ({
      fitId: `BENCH${i}`,
      amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`,
      memo: `PIX RECEBIDO ${reference}`,
    })),
    {},
    today,
  );
}

async function statementRun() {
  const db = await getDb();
  const people = await addPeople(CREDITS, "extrato");
  const [robot] = await db.select().from(robots).where(eq(robots.key, "yenmax"));
  const made: { reference: string; cents: number }[] = [];
  for (let i = 0; i < CREDITS; i += 1000) {
    const chunk = people.slice(i, i + 1000).map((waitlistId, j) => ({
      reference: newOrderReference(),
      waitlistId,
      robotId: robot!.id,
      robotName: robot!.name,
      partnerBroker: false,
      totalUsdCents: 19_900,
      totalBrlCents: 99_500 + i + j,
      deadline: new Date(Date.now() + 48 * 3_600_000),
    }));
    await db.insert(orders).values(chunk);
    made.push(
      ...chunk.map((order) => ({ reference: order.reference, cents: order.totalBrlCents })),
    );
  }
  const bytes = new TextEncoder().encode(ofx(made));
  // Orders and their e-mails of the concurrent run are not this run's.
  const paidBefore = await db.$count(orders, eq(orders.state, "paid"));
  const mailBefore = await db.$count(emailOutbox, eq(emailOutbox.template, "order-paid"));
  const health = createServer((_request, response) => response.end("ok"));
  await new Promise<void>((resolve) => health.listen(0, "127.0.0.1", resolve));
  const healthUrl = `http://127.0.0.1:${(health.address() as AddressInfo).port}`;
  // The file's reading alone first (the worker thread), then the whole preview.
  let prober = await startHealthProber(healthUrl, 5);
  let loop = startLoopMonitor();
  const readStart = performance.now();
  const read = await parseStatement(bytes);
  const readSeconds = seconds(readStart);
  const readLoop = loop.stop();
  const readLatencies = await prober.stop();
  check(
    read.ok && read.statement.credits.length === CREDITS,
    `the file reads as ${CREDITS} credits`,
  );
  prober = await startHealthProber(healthUrl, 5);
  loop = startLoopMonitor();
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const preview = await previewStatement(bytes, STAFF, "12345-6", new Date());
  if (!preview.ok) throw new Error(`preview refused: ${JSON.stringify(preview.error)}`);
  const previewed = seconds(start);
  const previewCpu = process.cpuUsage(cpuBefore);
  const previewLoop = loop.stop();
  const previewLatencies = await prober.stop();
  // Printed before the apply, which takes minutes on a loaded machine.
  const percentiles = (latencies: number[]) => {
    const sorted = latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
    return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1) };
  };
  const report = (label: string, latencies: number[], blocked: LoopBlocking) => {
    const { n, p50, p99, max } = percentiles(latencies);
    console.log(
      `statement: /healthz during ${label}: ${n} answers, p50 ${p50.toFixed(1)} ms, ` +
        `p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms; event loop blocked at most ` +
        `${blocked.max.toFixed(1)} ms (delay p99 ${blocked.p99.toFixed(1)} ms), its longest ` +
        `stretch of work ${blocked.maxCpu.toFixed(1)} ms of CPU; loadavg ${loadAverage()}`,
    );
    check(p99 < 50, `/healthz p99 < 50 ms during ${label}`);
  };
  report(`reading the file alone (${readSeconds} s)`, readLatencies, readLoop);
  report(
    `the whole preview (reading, matching, storing: ${previewed} s)`,
    previewLatencies,
    previewLoop,
  );
  console.log(
    `statement: the preview's CPU on this process: ` +
      `${((previewCpu.user + previewCpu.system) / 1000).toFixed(0)} ms ` +
      `(${(((previewCpu.user + previewCpu.system) / 1000 / CREDITS) * 1000).toFixed(1)} µs per credit)`,
  );
  if (process.argv.includes("--preview-only")) return health.close();
  prober = await startHealthProber(healthUrl, 5);
  loop = startLoopMonitor();
  const applyStart = performance.now();
  const applyCpuBefore = process.cpuUsage();
  const statementsBefore = statementsSent;
  await applyStatementImport(preview.importId, STAFF, new Date());
  const applied = seconds(applyStart);
  const applyCpu = process.cpuUsage(applyCpuBefore);
  const applyStatements = statementsSent - statementsBefore;
  report(`the apply (${applied} s)`, await prober.stop(), loop.stop());
  health.close();
  const total = (performance.now() - start) / 1000;
  const paid = (await db.$count(orders, eq(orders.state, "paid"))) - paidBefore;
  const paidMail =
    (await db.$count(emailOutbox, eq(emailOutbox.template, "order-paid"))) - mailBefore;
  console.log(
    `statement: OFX of ${CREDITS} credits (${(bytes.length / 1024 / 1024).toFixed(1)} MB) against ` +
      `${CREDITS} orders awaiting payment: preview ${previewed} s, apply ${applied} s, ` +
      `total ${total.toFixed(2)} s; ${paid} orders paid, ${paidMail} setup-link e-mails queued`,
  );
  // Figures a loaded machine changes less than the wall clock (docs/decisions/470).
  console.log(
    `statement: the apply's CPU on this process: ` +
      `${((applyCpu.user + applyCpu.system) / 1000).toFixed(0)} ms; ${applyStatements} statements ` +
      `(${(applyStatements / CREDITS).toFixed(2)} per credit); loadavg ${loadAverage()}`,
  );
  check(paid === CREDITS && total < 10, `all ${CREDITS} paid in < 10 s`);
  const again = await previewStatement(bytes, STAFF, "12345-6", new Date());
  if (again.ok) await applyStatementImport(again.importId, STAFF, new Date());
  const paidAfter = (await db.$count(payments)) - paidBefore;
  check(paidAfter === CREDITS, `the same file again: ${paidAfter} payments, unchanged`);
}

/** Part 1, on a database of its own: it needs the built server, not this process's modules. */
function processesRun() {
  const script = fileURLToPath(new URL("./orders-processes.ts", import.meta.url));
  const options = process.argv.filter((arg) => arg.startsWith("--"));
  const run = spawnSync(process.execPath, [script, ...options], { stdio: "inherit" });
  check(run.status === 0, `part 1 (${path.basename(script)}) exited with ${run.status}`);
}

try {
  // --statement-only: part 2 alone.
  if (!process.argv.includes("--statement-only")) processesRun();
  await statementRun();
} finally {
  await closeDatabase();
  await dropDatabase(name);
}
process.exit(failed ? 1 : 0);

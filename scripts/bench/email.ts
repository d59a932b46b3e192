// `npm run bench:email`: the jobs worker against a local SMTP server in a process of its own
// (scripts/bench/smtp-sink.ts), the built server in another, this process only loading and
// timing (docs/decisions/115).
// Each database runs as the README deploys it (decision 260): on PostgreSQL a web process with
// WORKER=off and `npm run worker` beside it; on PGlite one server process with its worker.
// - spike: sign-ups at `rate` a second for `seconds` (the /contato form, each with its own
//   address, from the paced generator in a process of its own); each confirmation's time
//   from its sign-up to the SMTP server accepting it (p50, p95, max), and how many were
//   still undelivered 10 s after the last sign-up.
//   PostgreSQL at 300/s, PGlite at 100/s. Beside it, each process's CPU over the spike and
//   the 10 s after, per sign-up answered and per message delivered.
// - drain: a queue of `drain` confirmations (queued by sign-ups to a web process running
//   WORKER=off) sent by `npm run worker`, to an SMTP server that answers at once and to
//   one that takes 50 ms per message; messages/s from first to last accepted. PostgreSQL.
//   Beside it, the worker's CPU time per message sent (from the moment it started; the load
//   average beside it): what the other processes on the machine disturb least.
// Flags: --only=spike|drain, --seconds=60, --drain=20000, --pg-rate=300, --pglite-rate=100,
// --delays=0,50 (the SMTP server's answering times the drain is measured with),
// --spikes=postgres,pglite (the databases the spike is measured on).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import {
  type BuiltServer,
  startBuiltServer,
  startBuiltWorker,
} from "../../tests/support/built-server.ts";
import {
  createDatabase,
  dropDatabase,
  postgresReachable,
  uniqueDatabaseName,
} from "../../tests/support/postgres.ts";
import { cpuMilliseconds, loadAverage } from "./measure.ts";
import { postSignUp } from "../../tests/support/http.ts";
import { pacedForm } from "./paced.ts";
import { startSmtpSink } from "./smtp-sink.ts";

const flag = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const only = flag("only", "all");
const seconds = Number(flag("seconds", "60"));
const drainCount = Number(flag("drain", "20000"));
const rates = {
  postgres: Number(flag("pg-rate", "300")),
  pglite: Number(flag("pglite-rate", "100")),
};
const delays = flag("delays", "0,50").split(",").map(Number);
const spikes = flag("spikes", "postgres,pglite").split(",");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function signUp(server: BuiltServer, email: string): Promise<boolean> {
  try {
    return (await postSignUp(server.url, email, "Pessoa Carga")) === 303;
  } catch {
    return false;
  }
}

// `{n}` is made unique per post by the generator: each sign-up has its own address.
const spikeForm = "name=Pessoa+Carga&email={n}%40carga.example.com&terms=on";

async function spike(database: "postgres" | "pglite") {
  const rate = rates[database];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-bench-email-"));
  const name = uniqueDatabaseName("agentes_bench_email");
  const url = database === "postgres" ? await createDatabase(name) : undefined;
  const sink = await startSmtpSink();
  const env = {
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    SIGNUP_RATE_LIMIT: "0",
    LOG_LEVEL: "warn",
  };
  // The web process migrates the database before the worker starts on it.
  const server = await startBuiltServer(url ? { ...env, WORKER: "off" } : env);
  const worker = url ? await startBuiltWorker(env) : undefined;
  try {
    const pids = { web: server.process.pid as number, worker: worker?.process.pid };
    const cpuBefore = {
      web: cpuMilliseconds(pids.web),
      worker: pids.worker ? cpuMilliseconds(pids.worker) : 0,
    };
    // Sign-ups from a generator in a process of its own, each at its time (./paced.ts).
    const prefix = `spike-${database}`;
    const result = await pacedForm({
      url: server.url,
      path: "/contato",
      template: spikeForm,
      prefix,
      successStatus: 303,
      rate,
      seconds,
      recordSentAt: true,
    });
    const { successful: ok, failed, seconds: elapsed } = result;
    const sentAt = (result.sentAt ?? []).map(
      (at, index) => [`${prefix}-${index + 1}@carga.example.com`, at] as const,
    );
    const ended = Date.now();
    await sleep(10_000);
    const deliveredBy10s = await sink.count();
    const webCpu = cpuMilliseconds(pids.web) - cpuBefore.web;
    const cpu = pids.worker
      ? `web ${(webCpu / ok).toFixed(2)} ms CPU per sign-up, worker ` +
        `${((cpuMilliseconds(pids.worker) - cpuBefore.worker) / deliveredBy10s).toFixed(2)} ms per message`
      : `server ${(webCpu / ok).toFixed(2)} ms CPU per sign-up with its message`;
    const arrivals = await sink.arrivals();
    const latencies = sentAt
      .flatMap(([email, at]) => {
        const first = arrivals.get(email)?.[0];
        return first === undefined ? [] : [first - at];
      })
      .sort((a, b) => a - b);
    const lastArrival = Math.max(...[...arrivals.values()].flat());
    console.log(
      `spike ${database.padEnd(8)} ${rate}/s for ${seconds} s: ${ok} sign-ups answered ` +
        `(${(ok / elapsed).toFixed(0)}/s, ${failed} failed); confirmation sign-up to delivery ` +
        `p50 ${(percentile(latencies, 50) / 1000).toFixed(2)} s, p95 ${(percentile(latencies, 95) / 1000).toFixed(2)} s, ` +
        `max ${(percentile(latencies, 100) / 1000).toFixed(2)} s; backlog 10 s after: ${ok - deliveredBy10s} ` +
        `(last delivery ${((lastArrival - ended) / 1000).toFixed(2)} s after the last sign-up); ` +
        `${cpu}; load average ${loadAverage()}`,
    );
  } finally {
    await Promise.all([server.stop(), worker?.stop()]);
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (url) await dropDatabase(name);
  }
}

async function drain(delayMs: number) {
  const name = uniqueDatabaseName("agentes_bench_drain");
  const url = await createDatabase(name);
  const sink = await startSmtpSink({ delayMs });
  try {
    // Queue the messages through the product's own path, with no worker running.
    const web = await startBuiltServer({
      DATABASE_URL: url,
      SMTP_URL: sink.url,
      SIGNUP_RATE_LIMIT: "0",
      WORKER: "off",
    });
    try {
      for (let i = 0; i < drainCount; i += 50) {
        const batch = Array.from({ length: Math.min(50, drainCount - i) }, (_, j) =>
          signUp(web, `drain-${i + j}@carga.example.com`),
        );
        if (!(await Promise.all(batch)).every(Boolean)) throw new Error("a sign-up failed");
      }
    } finally {
      await web.stop();
    }
    const worker = await startBuiltWorker({ DATABASE_URL: url, SMTP_URL: sink.url });
    try {
      const pid = worker.process.pid as number;
      const cpuBefore = cpuMilliseconds(pid);
      const countBefore = await sink.count();
      while ((await sink.count()) < drainCount) await sleep(250);
      const cpuPerMessage = (cpuMilliseconds(pid) - cpuBefore) / (drainCount - countBefore);
      const times = [...(await sink.arrivals()).values()].flat().sort((a, b) => a - b);
      const spanSeconds = (times.at(-1)! - times[0]!) / 1000;
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      const { rows } = await pool.query<{ status: string; n: number }>(
        "select status, count(*)::int as n from email_outbox group by status",
      );
      await pool.end();
      console.log(
        `drain postgres ${drainCount} messages, SMTP answering in ${delayMs} ms: first to last ` +
          `in ${spanSeconds.toFixed(2)} s, ${Math.round((times.length - 1) / spanSeconds)} messages/s ` +
          `(${times.length} accepted; outbox ${rows.map((row) => `${row.status} ${row.n}`).join(", ")}); ` +
          `worker CPU ${cpuPerMessage.toFixed(2)} ms per message; load average ${loadAverage()}`,
      );
    } finally {
      await worker.stop();
    }
  } finally {
    await sink.close();
    await dropDatabase(name);
  }
}

const postgres = await postgresReachable();
if (!postgres) console.warn("PostgreSQL is unreachable (TEST_DATABASE_URL): PGlite only.");
if (only !== "drain") {
  if (postgres && spikes.includes("postgres")) await spike("postgres");
  if (spikes.includes("pglite")) await spike("pglite");
}
if (only !== "spike" && postgres) {
  for (const delayMs of delays) await drain(delayMs);
}

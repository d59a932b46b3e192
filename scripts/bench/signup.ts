// `npm run bench:signup`: sign-ups per second against the built server, on PGlite and (when
// reachable) PostgreSQL. Each run starts the server on a fresh database with the rate limit
// off, posts the /contato form with a unique e-mail per request, and checks afterwards that
// every success left exactly one row. On PostgreSQL the site runs as the README deploys it
// (decision 260): the web process with WORKER=off and `npm run worker` beside it, which sends
// every confirmation meanwhile to an SMTP server in a process of its own (smtp-sink.ts), so
// mail flows as in production and the load generator's process serves no SMTP. "form" posts it as a browser without JavaScript does
// (success: 303 to the confirmation, docs/decisions/023); "data" as React Router's client
// does with JavaScript (POST /contato.data, success: 200).
// The load comes from wrk in a process of its own (./wrk.ts `wrkForm`, decision 310), each
// post with its own e-mail address; its CPU per sign-up is printed, and so is where the
// measured run's CPU went (web, worker, PostgreSQL, SMTP sink, generator).
// Runs are counted in requests, not seconds, so that no request is still in flight when the
// load stops: a warm-up of fixed size estimates the rate, and the measured run is sized to
// last about `durationSeconds`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { waitlist } from "../../db/schema.ts";
import {
  connectPglite,
  connectPostgres,
  type Connection,
} from "../../app/platform/db/db.server.ts";
import { startBuiltServer, startBuiltWorker } from "../../tests/support/built-server.ts";
import {
  type CpuBudget,
  cpuMilliseconds,
  formatCpuBudget,
  loadAverage,
  rssMegabytes,
  startCpuBudget,
} from "./measure.ts";
import { pacedForm } from "./paced.ts";
import { startSmtpSink } from "./smtp-sink.ts";
import { type FormLoadResult, wrkForm } from "./wrk.ts";
import {
  createDatabase,
  dropDatabase,
  postgresReachable,
  uniqueDatabaseName,
} from "../../tests/support/postgres.ts";

export interface SignupBenchOptions {
  database: "pglite" | "postgres";
  via?: "form" | "data";
  /** About how long the measured run lasts. */
  durationSeconds?: number;
  warmupRequests?: number;
  connections?: number;
  /**
   * Offer sign-ups at this rate in the measured run (open loop, ./paced.ts) instead of
   * as fast as `connections` get answers (closed loop, wrk).
   */
  offeredPerSecond?: number;
}

export interface SignupBenchResult {
  database: "pglite" | "postgres";
  via: "form" | "data";
  connections: number;
  /** The open-loop rate offered in the measured run; none: closed loop. */
  offeredPerSecond?: number;
  durationSeconds: number;
  /** Successful answers per second in the measured run (warm-up excluded). */
  signupsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Every successful answer (303 for "form", 200 for "data"), warm-up included. */
  successful: number;
  failed: number;
  /** waitlist rows afterwards; must equal `successful`. */
  rows: number;
  /**
   * The server's CPU time per sign-up in the measured run, ms: what load on the other
   * processes disturbs least. On PGlite it includes the mail the worker sent meanwhile.
   */
  cpuMsPerSignup: number;
  /** PostgreSQL: the worker process's CPU per message it sent in the measured run, ms. */
  workerCpuMsPerMessage?: number;
  /** Messages the SMTP server had accepted when the server stopped (PostgreSQL only). */
  mailed?: number;
  /** Server resident memory before and after the measured run, MB. */
  rssBeforeMb: number;
  rssAfterMb: number;
  /** The load generator's own CPU per sign-up in the measured run, µs. */
  generatorCpuUsPerSignup: number;
  /** Where the measured run's CPU went, process by process. */
  cpu: CpuBudget;
}

/** Starts the built server on a fresh database, loads it with sign-ups, counts the rows. */
export async function measureSignups({
  database,
  via = "form",
  durationSeconds = 10,
  warmupRequests = 2000,
  connections = 16,
  offeredPerSecond,
}: SignupBenchOptions): Promise<SignupBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-bench-"));
  const databaseName = uniqueDatabaseName("agentes_bench");
  const databaseUrl = database === "postgres" ? await createDatabase(databaseName) : undefined;
  const smtp = databaseUrl ? await startSmtpSink() : undefined;
  try {
    const env = {
      DATABASE_URL: databaseUrl,
      ...(smtp ? { SMTP_URL: smtp.url } : {}),
      DATA_DIR: dataDir,
      SIGNUP_RATE_LIMIT: "0",
      LOG_LEVEL: "warn",
    };
    // The web process migrates the database before the worker starts on it.
    const server = await startBuiltServer(databaseUrl ? { ...env, WORKER: "off" } : env);
    const worker = databaseUrl ? await startBuiltWorker(env) : undefined;
    const successStatus = via === "form" ? 303 : 200;
    // Open loop (./paced.ts): every post offered is answered, its latency from its due time.
    const paced = async (prefix: string, rate: number, seconds: number) => {
      const result = await pacedForm({
        url: server.url,
        path: via === "form" ? "/contato" : "/contato.data",
        template: signupForm,
        prefix,
        successStatus,
        rate,
        seconds,
      });
      return { ...result, answered: result.offered };
    };
    const run = (prefix: string, requests: number) =>
      wrkForm(server.url, {
        path: via === "form" ? "/contato" : "/contato.data",
        template: signupForm,
        prefix,
        successStatus,
        connections,
        requests,
      });

    let warmup: FormLoadResult;
    let measured: FormLoadResult;
    const pid = server.process.pid as number;
    let rssBeforeMb = 0;
    let rssAfterMb = 0;
    let mailed: number | undefined;
    let cpuMs = 0;
    let workerCpuMsPerMessage: number | undefined;
    let cpu: CpuBudget;
    try {
      // An open-loop run is warmed up at its own rate: a closed loop's burst would leave a
      // backlog of mail that the measured run then meets.
      warmup =
        offeredPerSecond === undefined
          ? await run("warmup", warmupRequests)
          : await paced("warmup", offeredPerSecond, warmupRequests / offeredPerSecond);
      const estimatedRate = warmup.successful / Math.max(warmup.seconds, 0.001);
      rssBeforeMb = rssMegabytes(pid);
      const cpuBefore = cpuMilliseconds(pid);
      const workerPid = worker?.process.pid as number;
      const workerCpuBefore = worker ? cpuMilliseconds(workerPid) : 0;
      const mailedBefore = await smtp?.count();
      const budget = startCpuBudget(
        { web: pid, worker: worker?.process.pid, "SMTP sink": smtp?.pid },
        databaseUrl ? databaseName : undefined,
      );
      if (offeredPerSecond === undefined) {
        measured = await run(
          "run",
          Math.min(100_000, Math.max(2000, Math.round(estimatedRate * durationSeconds))),
        );
        cpu = budget.stop({ "generator (wrk)": measured.generatorCpuMs });
      } else {
        measured = await paced("run", offeredPerSecond, durationSeconds);
        cpu = budget.stop({ "generator (paced)": measured.generatorCpuMs });
      }
      rssAfterMb = rssMegabytes(pid);
      cpuMs = cpuMilliseconds(pid) - cpuBefore;
      mailed = await smtp?.count();
      if (worker && mailed !== undefined && mailedBefore !== undefined) {
        workerCpuMsPerMessage =
          (cpuMilliseconds(workerPid) - workerCpuBefore) / Math.max(1, mailed - mailedBefore);
      }
    } finally {
      const exitCodes = await Promise.all([server.stop(), worker?.stop()]);
      if (exitCodes.some((code) => code !== 0 && code !== undefined)) {
        console.warn(
          `server, worker exited with ${exitCodes.join(", ")}:\n${server.output()}${worker?.output() ?? ""}`,
        );
      }
    }

    const connection: Connection = databaseUrl
      ? await connectPostgres(databaseUrl)
      : await connectPglite(dataDir);
    let rows: number;
    try {
      const [count] = await connection.db.select({ n: sql<number>`count(*)::int` }).from(waitlist);
      rows = count?.n ?? 0;
    } finally {
      await connection.close();
    }

    return {
      database,
      via,
      connections,
      offeredPerSecond,
      durationSeconds: measured.seconds,
      signupsPerSecond: measured.successful / measured.seconds,
      p50Ms: measured.p50Ms,
      p99Ms: measured.p99Ms,
      successful: warmup.successful + measured.successful,
      // Responses with another status, plus connection errors and timeouts.
      failed: warmup.failed + measured.failed,
      rows,
      cpuMsPerSignup: cpuMs / measured.successful,
      workerCpuMsPerMessage,
      mailed,
      rssBeforeMb,
      rssAfterMb,
      generatorCpuUsPerSignup: (measured.generatorCpuMs * 1000) / Math.max(1, measured.answered),
      cpu,
    };
  } finally {
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(databaseName);
  }
}

// `{n}` is made unique per post by the generator.
const signupForm = new URLSearchParams({
  name: "Pessoa Teste {n}",
  email: "bench-{n}@example.com",
  agents: "midaspulse",
  message: "Quero entrar na lista de espera.",
  terms: "on",
})
  .toString()
  .replaceAll("%7Bn%7D", "{n}");

export function formatSignupResult(result: SignupBenchResult): string {
  return (
    [
      `${result.database} ${result.via}${result.offeredPerSecond === undefined ? "" : ` offered ${result.offeredPerSecond}/s`}`.padEnd(
        14,
      ),
      `${Math.round(result.signupsPerSecond)} sign-ups/s`.padStart(18),
      `p50 ${result.p50Ms} ms`.padStart(12),
      `p99 ${result.p99Ms} ms`.padStart(12),
      `CPU ${result.cpuMsPerSignup.toFixed(2)} ms each`.padStart(19),
      `ok ${result.successful}`.padStart(10),
      `failed ${result.failed}`.padStart(10),
      `rows ${result.rows}`.padStart(11),
      ...(result.mailed === undefined ? [] : [`mailed ${result.mailed}`.padStart(13)]),
      ...(result.workerCpuMsPerMessage === undefined
        ? []
        : [`worker CPU ${result.workerCpuMsPerMessage.toFixed(2)} ms/message`]),
      `RSS ${result.rssBeforeMb}->${result.rssAfterMb} MB`.padStart(18),
      `generator ${result.generatorCpuUsPerSignup.toFixed(1)} µs CPU each`,
    ].join("  ") + `\n  ${formatCpuBudget(result.cpu)}`
  );
}

if (import.meta.main) {
  const loadBefore = loadAverage();
  const results = [
    await measureSignups({ database: "pglite" }),
    await measureSignups({ database: "pglite", via: "data" }),
  ];
  if (await postgresReachable()) {
    results.push(await measureSignups({ database: "postgres" }));
    results.push(await measureSignups({ database: "postgres", via: "data" }));
    // The target's rate offered whatever the answers take (open loop): answered at that rate,
    // and how long each waited from when it was due.
    results.push(await measureSignups({ database: "postgres", offeredPerSecond: 1000 }));
  } else {
    console.warn("PostgreSQL is unreachable (TEST_DATABASE_URL): measured PGlite only.");
  }

  console.log(`\nSign-ups on the built server (${results[0]?.connections} connections, loopback)`);
  console.log(`load average ${loadBefore} before, ${loadAverage()} after`);
  for (const result of results) console.log(formatSignupResult(result));

  let ok = true;
  for (const result of results) {
    if (result.rows !== result.successful || result.failed > 0) {
      console.error(
        `${result.database} ${result.via}: ${result.rows} rows for ${result.successful} successful answers, ${result.failed} failed`,
      );
      ok = false;
    }
  }
  for (const result of results.filter((r) => r.database === "postgres")) {
    // Offered 1,000/s, the answers keep up when they come within 1 % of it.
    const met =
      result.signupsPerSecond >= (result.offeredPerSecond ? 990 : 1000) && result.p99Ms < 100;
    const how = result.offeredPerSecond ? `, offered ${result.offeredPerSecond}/s` : "";
    console.log(
      `Target on PostgreSQL, ${result.via}${how} (>= 1,000 sign-ups/s, p99 < 100 ms): ${met ? "met" : "missed"}`,
    );
  }
  process.exitCode = ok ? 0 : 1;
}

// `npm run bench:admin`: the waitlist admin at scale. For each database it seeds a
// waitlist of its own (1,000,000 rows on PostgreSQL, 200,000 on PGlite) with one
// generate_series statement, creates an admin, starts the built server, logs in and measures
// the first page, a deep page, searches, a filtered page and the CSV export: latency p50/p95
// over sequential requests (loopback, so it is the server's time plus a few tenths of a
// millisecond), response bytes and the server's peak resident memory above idle (sampled
// every 10 ms); and /healthz latency while an export runs.
// Targets: every page p95 < 300 ms and < 300 KB; the whole CSV < 12 s with peak
// memory < 200 MB above idle; /healthz p99 < 50 ms during the export (issue 40; the max is
// printed beside it).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createOrResetAdmin } from "../../app/lib/auth.server.ts";
import {
  type Connection,
  connectPglite,
  connectPostgres,
} from "../../app/platform/db/db.server.ts";
import { type BuiltServer, startBuiltServer } from "../../tests/support/built-server.ts";
import { cookieFrom, form } from "../../tests/support/http.ts";
import {
  createDatabase,
  dropDatabase,
  postgresReachable,
  uniqueDatabaseName,
} from "../../tests/support/postgres.ts";
import { rssMegabytes, startHealthProber } from "./measure.ts";
import { SAO_PAULO } from "../../app/lib/time-zone.ts";

const ADMIN_EMAIL = "bench-admin@example.com";
const ADMIN_PASSWORD = "bench-admin-password-123";
const PAGE_RUNS = 20;

const FIRST_NAMES = ["João", "Maria", "José", "Ana", "Luíza", "Pedro", "Márcia", "Antônio"];
const LAST_NAMES = ["Silva", "Santos", "Oliveira", "Souza", "Conceição", "Gonçalves", "Araújo"];
const textArray = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(", ")}]`;

/**
 * One statement that adds `rows` sign-ups, one a minute going back from now (about 694 days
 * for a million): names with accents, unique e-mails, one to three agents (some none), 70 %
 * pending, 20 % contacted, 10 % converted, a message on one in three, six sources.
 */
function seedStatement(rows: number) {
  return sql.raw(`
    insert into waitlist (name, email, interested_agents, status, message, terms_accepted_at,
                          marketing_consent, source, created_at)
    select (${textArray(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}] || ' '
             || (${textArray(LAST_NAMES)})[1 + (i / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
           'pessoa' || i || '@example.com',
           case i % 7 when 0 then array['yenmax'] when 1 then array['midaspulse']
             when 2 then array['trendkey-btc'] when 3 then array['yenmax', 'midaspulse']
             when 4 then array['midaspulse', 'trendkey-btc']
             when 5 then array['yenmax', 'midaspulse', 'trendkey-btc'] else array[]::text[] end,
           case when i % 10 < 7 then 'pending' when i % 10 < 9 then 'contacted' else 'converted' end,
           case when i % 3 = 0 then 'Quero entrar na lista. Opero forex há ' || i % 20 || ' anos.' end,
           at, i % 2 = 0,
           (array[null, 'google', 'instagram', 'youtube', 'https://t.co', 'newsletter'])[1 + i % 6],
           at
      from (select i, now() - i * interval '1 minute' + random() * interval '30 seconds' as at
              from generate_series(1, ${rows}) as i) as generated`);
}

interface Sample {
  ms: number;
  bytes: number;
  status: number;
}

interface Measured {
  label: string;
  p50Ms: number;
  p95Ms: number;
  bytes: number;
  peakMbAboveIdle: number;
  status: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Samples the server's resident memory every 10 ms while `work` runs; the peak in MB. */
async function withPeakMemory<T>(pid: number, work: () => Promise<T>) {
  let peak = rssMegabytes(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMegabytes(pid));
  }, 10);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peak, rssMegabytes(pid)) };
  } finally {
    clearInterval(timer);
  }
}

async function timedGet(url: string, cookie: string): Promise<Sample> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  const body = new Uint8Array(await response.arrayBuffer());
  return { ms: performance.now() - started, bytes: body.byteLength, status: response.status };
}

async function measurePage(
  server: BuiltServer,
  cookie: string,
  idleMb: number,
  label: string,
  pathAndQuery: string,
): Promise<Measured> {
  const pid = server.process.pid as number;
  await timedGet(server.url + pathAndQuery, cookie); // warm-up, not counted
  const { result: samples, peakMb } = await withPeakMemory(pid, async () => {
    const samples: Sample[] = [];
    for (let run = 0; run < PAGE_RUNS; run += 1) {
      samples.push(await timedGet(server.url + pathAndQuery, cookie));
    }
    return samples;
  });
  return {
    label,
    p50Ms: percentile(
      samples.map((s) => s.ms),
      50,
    ),
    p95Ms: percentile(
      samples.map((s) => s.ms),
      95,
    ),
    bytes: Math.max(...samples.map((s) => s.bytes)),
    peakMbAboveIdle: peakMb - idleMb,
    status: samples.find((s) => s.status !== 200)?.status ?? 200,
  };
}

interface ExportMeasured {
  seconds: number;
  bytes: number;
  lines: number;
  peakMbAboveIdle: number;
  healthP50Ms: number;
  healthP95Ms: number;
  healthP99Ms: number;
  healthMaxMs: number;
  healthChecks: number;
}

/**
 * Downloads the whole CSV while /healthz is asked every 25 ms from a process of its own: some
 * 200 answers in a 7 s export, so p99 is a percentile, not the one slowest answer.
 */
export async function measureExport(
  server: Pick<BuiltServer, "url" | "process">,
  cookie: string,
  idleMb: number,
): Promise<ExportMeasured> {
  const pid = server.process.pid as number;
  const prober = await startHealthProber(server.url, 25);
  const { result, peakMb } = await withPeakMemory(pid, async () => {
    const started = performance.now();
    // What a browser asks for: it gets brotli where `fetch` alone would get gzip.
    const response = await fetch(`${server.url}/admin/lista.csv`, {
      headers: { cookie, "accept-encoding": "gzip, deflate, br, zstd" },
    });
    if (response.status !== 200 || !response.body) {
      throw new Error(`export answered ${response.status}`);
    }
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
    }
    return { seconds: (performance.now() - started) / 1000, bytes, lines };
  });
  const health = await prober.stop();
  return {
    ...result,
    peakMbAboveIdle: peakMb - idleMb,
    healthP50Ms: percentile(health, 50),
    healthP95Ms: percentile(health, 95),
    healthP99Ms: percentile(health, 99),
    healthMaxMs: Math.max(...health),
    healthChecks: health.length,
  };
}

/** The São Paulo calendar day `days` ago, as yyyy-mm-dd. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toLocaleDateString("en-CA", {
    timeZone: SAO_PAULO,
  });
}

/** /healthz latency over `count` sequential checks, 100 ms apart. */
async function healthLatencies(server: BuiltServer, count: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await (await fetch(`${server.url}/healthz`)).arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return latencies;
}

/** A keyset cursor (`apos`) in the middle of the list, newest first. */
async function middleCursor(connection: Connection, rows: number): Promise<string> {
  const result = await connection.db.execute(sql`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || id as cursor
      from waitlist order by created_at desc, id desc offset ${Math.floor(rows / 2)} limit 1`);
  // node-postgres and PGlite both answer { rows }.
  return (result as unknown as { rows: { cursor: string }[] }).rows[0]!.cursor;
}

export async function seed(connection: Connection, rows: number): Promise<string> {
  const started = performance.now();
  // Bulk-load practice: the secondary indexes are dropped during the insert and rebuilt after
  // (the unique e-mail index stays).
  const indexes = (
    (await connection.db.execute(sql`
      select indexname, indexdef from pg_indexes
       where tablename = 'waitlist' and indexdef not like 'CREATE UNIQUE%'`)) as unknown as {
      rows: { indexname: string; indexdef: string }[];
    }
  ).rows;
  for (const { indexname } of indexes) {
    await connection.db.execute(sql.raw(`drop index "${indexname}"`));
  }
  await connection.db.execute(seedStatement(rows));
  for (const { indexdef } of indexes) await connection.db.execute(sql.raw(indexdef));
  // A production table this size has been analysed by autovacuum.
  await connection.db.execute(sql`vacuum analyze waitlist`);
  await createOrResetAdmin(connection.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  console.log(
    `  seeded ${rows.toLocaleString("en")} rows in ${Math.round(performance.now() - started) / 1000} s`,
  );
  return middleCursor(connection, rows);
}

export async function logIn(server: { url: string }): Promise<string> {
  const response = await fetch(`${server.url}/admin`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: form({ intent: "login", email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    redirect: "manual",
  });
  if (response.status !== 302) throw new Error(`login answered ${response.status}`);
  return cookieFrom(response.headers);
}

interface RunResult {
  database: string;
  rows: number;
  idleMb: number;
  /** /healthz latencies with nothing else running. */
  idleHealth: number[];
  pages: Measured[];
  csv: ExportMeasured;
}

async function run(database: "postgres" | "pglite", rows: number): Promise<RunResult> {
  console.log(`${database}: seeding`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-bench-admin-"));
  const databaseName = uniqueDatabaseName("agentes_bench_admin");
  const databaseUrl = database === "postgres" ? await createDatabase(databaseName) : undefined;
  try {
    const connection = databaseUrl
      ? await connectPostgres(databaseUrl)
      : await connectPglite(dataDir);
    let deepCursor: string;
    try {
      deepCursor = await seed(connection, rows);
    } finally {
      await connection.close();
    }
    const server = await startBuiltServer(
      { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      { timeoutMs: 300_000 },
    );
    try {
      const cookie = await logIn(server);
      const idleMb = rssMegabytes(server.process.pid as number);
      const idleHealth = await healthLatencies(server, 30);
      const pages: Measured[] = [];
      const cases: [string, string][] = [
        ["first page", "/admin/lista"],
        ["deep page (middle)", `/admin/lista?apos=${encodeURIComponent(deepCursor)}`],
        ["search, common (silva)", "/admin/lista?q=silva"],
        ["search, one person", `/admin/lista?q=pessoa${Math.floor(rows / 3)}%40`],
        ["search, no match", "/admin/lista?q=zzzz"],
        ["filtered (converted, trendkey-btc)", "/admin/lista?status=converted&agente=trendkey-btc"],
        [
          "filtered (source + 30 days)",
          `/admin/lista?origem=instagram&de=${daysAgo(90)}&ate=${daysAgo(61)}`,
        ],
        ["search + status (silva, converted)", "/admin/lista?q=silva&status=converted"],
      ];
      for (const [label, pathAndQuery] of cases) {
        console.log(`  ${label}`);
        pages.push(await measurePage(server, cookie, idleMb, label, pathAndQuery));
      }
      console.log("  CSV export");
      const csv = await measureExport(server, cookie, rssMegabytes(server.process.pid as number));
      return { database, rows, idleMb, idleHealth, pages, csv };
    } finally {
      const exitCode = await server.stop();
      if (exitCode !== 0) console.warn(`server exited with ${exitCode}:\n${server.output()}`);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(databaseName);
  }
}

function report(result: RunResult) {
  console.log(
    `\n${result.database}, ${result.rows.toLocaleString("en")} rows (server idle ${result.idleMb} MB)`,
  );
  console.log(
    "page".padEnd(36) + "p50 ms".padStart(8) + "p95 ms".padStart(8) + "KB".padStart(8),
    "peak MB above idle".padStart(20),
    "status".padStart(7),
  );
  for (const page of result.pages) {
    console.log(
      page.label.padEnd(36) +
        page.p50Ms.toFixed(0).padStart(8) +
        page.p95Ms.toFixed(0).padStart(8) +
        (page.bytes / 1024).toFixed(0).padStart(8),
      String(page.peakMbAboveIdle).padStart(20),
      String(page.status).padStart(7),
    );
  }
  const { csv } = result;
  console.log(
    `/healthz while idle (${result.idleHealth.length} checks): p50 ${percentile(result.idleHealth, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(result.idleHealth, 95).toFixed(1)} ms, max ${Math.max(...result.idleHealth).toFixed(1)} ms`,
  );
  console.log(
    `CSV export: ${csv.seconds.toFixed(1)} s, ${(csv.bytes / 1024 / 1024).toFixed(0)} MB, ` +
      `${(csv.lines - 1).toLocaleString("en")} data lines, peak ${csv.peakMbAboveIdle} MB above idle`,
  );
  console.log(
    `/healthz during the export (${csv.healthChecks} checks): p50 ${csv.healthP50Ms.toFixed(1)} ms, ` +
      `p95 ${csv.healthP95Ms.toFixed(1)} ms, p99 ${csv.healthP99Ms.toFixed(1)} ms, ` +
      `max ${csv.healthMaxMs.toFixed(1)} ms`,
  );
  const pagesMet = result.pages.every(
    (p) => p.status === 200 && p.p95Ms < 300 && p.bytes < 300 * 1024,
  );
  const csvMet = csv.lines - 1 === result.rows && csv.seconds < 12 && csv.peakMbAboveIdle < 200;
  // Issue 40 asks for /healthz p99 < 50 ms during the export; the max is printed, not judged.
  const healthMet = csv.healthP99Ms < 50;
  console.log(
    `Targets: pages ${pagesMet ? "met" : "missed"}; CSV ${csvMet ? "met" : "missed"}; ` +
      `/healthz p99 ${healthMet ? "met" : "missed"} (max ${csv.healthMaxMs.toFixed(1)} ms)`,
  );
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      "postgres-rows": { type: "string", default: "1000000" },
      "pglite-rows": { type: "string", default: "200000" },
      only: { type: "string" },
    },
  });
  if (values.only !== "pglite") {
    if (await postgresReachable()) {
      report(await run("postgres", Number(values["postgres-rows"])));
    } else {
      console.warn("PostgreSQL is unreachable (TEST_DATABASE_URL): measured PGlite only.");
    }
  }
  if (values.only !== "postgres") {
    report(await run("pglite", Number(values["pglite-rows"])));
  }
}

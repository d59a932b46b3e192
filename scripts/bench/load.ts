// `npm run bench:load`: page views of /, /precos and a blog post under load (wrk, a process
// of its own, on loopback against the built server, asking for compressed pages as browsers
// do; ./wrk.ts), then the
// same while an admin edits a robot every second, on PGlite and on PostgreSQL, with the
// server's resident memory at idle, after the runs and 15 s later; then sign-ups on PostgreSQL.
// Targets: >= 5,000 page views/s with p99 < 20 ms on 2 cores, also right after
// an admin edit; RSS <= 150 MB on PostgreSQL and <= 350 MB on PGlite. `/` is also served as a
// file by nginx, both loaded by wrk: our views/s as a ratio of nginx's (target >= 0.5, p99 <
// 10 ms; scripts/bench/file-server.ts). `--seconds=N`: each
// run's length (default 10).
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { robots } from "../../db/schema.ts";
import { seedPosts } from "../../db/seed-data.ts";
import {
  type Connection,
  connectPglite,
  connectPostgres,
} from "../../app/platform/db/db.server.ts";
import { startBuiltServer } from "../../tests/support/built-server.ts";
import { cookieFrom } from "../../tests/support/http.ts";
import {
  createDatabase,
  dropDatabase,
  postgresReachable,
  uniqueDatabaseName,
} from "../../tests/support/postgres.ts";
import { compareWithNginx, type FileServerComparison, formatComparison } from "./file-server.ts";
import { peakRssMegabytes, rssMegabytes, settledRssMegabytes } from "./measure.ts";
import { formatSignupResult, measureSignups, type SignupBenchResult } from "./signup.ts";
import { wrk, type WrkResult } from "./wrk.ts";

type DatabaseKind = "pglite" | "postgres";

const loadPaths = ["/", "/precos", `/blog/${seedPosts[0]!.slug}`] as const;
const editedPath = "/precos";
const adminEmail = "bench@agentesfx.test";
const adminPassword = "bench-load-password-123";

export interface PageLoadResult {
  database: DatabaseKind;
  path: string;
  /** True for the run during which an admin edited a robot every second. */
  withEdits: boolean;
  edits: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  ok: number;
  /** Statuses outside 2xx and socket errors. */
  failed: number;
  /** The server's CPU per page view, in microseconds. */
  cpuMicroseconds: number | undefined;
}

export interface MemoryResult {
  database: DatabaseKind;
  /** Highest resident memory before the load runs (start-up). */
  startupPeakMb: number;
  idleMb: number;
  afterLoadMb: number;
  /** The same, 15 s later with nothing under way (V8's memory reducer may have run). */
  afterLoadQuietMb: number;
}

interface Site {
  env: Record<string, string | undefined>;
  yenmaxId: string;
  cleanUp: () => Promise<void>;
}

/** A fresh database with its migrations, seed and an admin, and the id of a robot to edit. */
async function prepareSite(database: DatabaseKind): Promise<Site> {
  let env: Record<string, string | undefined>;
  let connection: Connection;
  let cleanUp: () => Promise<void>;
  if (database === "pglite") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-bench-load-"));
    env = { DATA_DIR: dataDir, DATABASE_URL: undefined };
    connection = await connectPglite(dataDir);
    cleanUp = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  } else {
    const name = uniqueDatabaseName("agentes_bench_load");
    const url = await createDatabase(name);
    env = { DATABASE_URL: url };
    connection = await connectPostgres(url);
    cleanUp = () => dropDatabase(name);
  }
  const [yenmax] = await connection.db
    .select({ id: robots.id })
    .from(robots)
    .where(eq(robots.slug, "yenmax"));
  await connection.close();
  await promisify(execFile)(process.execPath, ["scripts/admin-create.ts", "--email", adminEmail], {
    env: { ...process.env, ...env, ADMIN_PASSWORD: adminPassword },
  });
  return { env, yenmaxId: yenmax!.id, cleanUp };
}

async function logIn(url: string): Promise<string> {
  const response = await fetch(`${url}/admin`, {
    method: "POST",
    headers: { Origin: url },
    body: new URLSearchParams({ intent: "login", email: adminEmail, password: adminPassword }),
    redirect: "manual",
  });
  if (response.status !== 302) throw new Error(`login answered ${response.status}`);
  return cookieFrom(response.headers);
}

/** "Salvar Alterações" on YenMax with a new price; resolves with the price saved. */
async function editRobot(url: string, cookie: string, id: string, price: number) {
  const response = await fetch(`${url}/admin/robos`, {
    method: "POST",
    headers: { Origin: url, Cookie: cookie },
    body: new URLSearchParams({
      id,
      name: "YenMax Agent",
      slug: "yenmax",
      description: "Robô de bench.",
      logoUrl: "",
      myfxbookLink: "",
      price: String(price),
    }),
    redirect: "manual",
  });
  if (response.status !== 200) throw new Error(`robot edit answered ${response.status}`);
}

/** 32 connections sending what a browser sends; every status outside 2xx counts as failed. */
function pageLoad(url: string, durationSeconds: number, pid: number) {
  return wrk(url, { seconds: durationSeconds, countStatuses: true, cpuOf: pid });
}

function resultOf(
  database: DatabaseKind,
  pagePath: string,
  run: WrkResult,
  edits = 0,
): PageLoadResult {
  return {
    database,
    path: pagePath,
    withEdits: edits > 0,
    edits,
    requestsPerSecond: run.requestsPerSecond,
    p50Ms: run.p50Ms,
    p99Ms: run.p99Ms,
    maxMs: run.maxMs,
    ok: run.requests - run.failed,
    failed: run.failed,
    cpuMicroseconds: run.cpuMicrosecondsPerRequest,
  };
}

async function measureDatabase(
  database: DatabaseKind,
  durationSeconds: number,
): Promise<{ pages: PageLoadResult[]; memory: MemoryResult; files?: FileServerComparison }> {
  const site = await prepareSite(database);
  try {
    const server = await startBuiltServer(site.env);
    try {
      const pid = server.process.pid as number;
      // Idle: started, every page seen once, nothing under way, memory settled.
      for (const pagePath of loadPaths) await fetch(server.url + pagePath);
      const idleMb = await settledRssMegabytes(pid);
      const startupPeakMb = peakRssMegabytes(pid);
      const pages: PageLoadResult[] = [];
      for (const pagePath of loadPaths) {
        await pageLoad(server.url + pagePath, 2, pid); // warm-up
        pages.push(
          resultOf(database, pagePath, await pageLoad(server.url + pagePath, durationSeconds, pid)),
        );
      }
      // `/` against nginx serving its bytes as a file, with wrk for both (issue 25).
      const files = await compareWithNginx(server.url, pid, "/", durationSeconds);
      // The same page while an admin changes it every second: each change empties the
      // cache, and the next view renders the page once for all waiting visitors.
      const cookie = await logIn(server.url);
      let edits = 0;
      let price = 200;
      let loadRunning = true;
      const running = pageLoad(server.url + editedPath, durationSeconds, pid).finally(() => {
        loadRunning = false;
      });
      const pause = () => new Promise((resolve) => setTimeout(resolve, 1_000));
      for (await pause(); loadRunning; await pause()) {
        price += 1;
        await editRobot(server.url, cookie, site.yenmaxId, price);
        edits += 1;
      }
      const run = await running;
      const shown = await (await fetch(server.url + editedPath)).text();
      // The public price is the list price less 25%, after a no-break space.
      const discounted = (price * 0.75).toFixed(2).replace(".", ",");
      if (!shown.includes(`US$\u00a0${discounted}`)) {
        throw new Error(`${editedPath} does not show the last price edited (US$ ${discounted})`);
      }
      pages.push(resultOf(database, editedPath, run, edits));
      const afterLoadMb = rssMegabytes(pid);
      await new Promise((resolve) => setTimeout(resolve, 15_000));
      return {
        pages,
        files,
        memory: {
          database,
          startupPeakMb,
          idleMb,
          afterLoadMb,
          afterLoadQuietMb: rssMegabytes(pid),
        },
      };
    } finally {
      await server.stop();
    }
  } finally {
    await site.cleanUp();
  }
}

export function formatPageLoadResult(result: PageLoadResult): string {
  const label = result.withEdits ? `${result.path} + ${result.edits} edits` : result.path;
  return [
    result.database.padEnd(9),
    label.padEnd(36),
    `${result.requestsPerSecond} req/s`.padStart(12),
    `p50 ${result.p50Ms} ms`.padStart(10),
    `p99 ${result.p99Ms} ms`.padStart(11),
    `max ${result.maxMs} ms`.padStart(11),
    `ok ${result.ok}`.padStart(10),
    `failed ${result.failed}`.padStart(9),
    result.cpuMicroseconds === undefined ? "" : `${result.cpuMicroseconds} µs CPU/view`,
  ].join("  ");
}

export function formatMemoryResult(result: MemoryResult): string {
  const target = result.database === "postgres" ? 150 : 350;
  return `${result.database.padEnd(9)}  RSS idle ${result.idleMb} MB, after the load runs ${result.afterLoadMb} MB (target <= ${target} MB), 15 s later ${result.afterLoadQuietMb} MB; start-up peak ${result.startupPeakMb} MB`;
}

/** Page views and memory on both databases, then sign-ups on PostgreSQL (else PGlite). */
export async function measureLoad({ durationSeconds = 10 } = {}): Promise<{
  pages: PageLoadResult[];
  memory: MemoryResult[];
  signups: SignupBenchResult;
  files: FileServerComparison[];
}> {
  const postgres = await postgresReachable();
  const databases: DatabaseKind[] = postgres ? ["pglite", "postgres"] : ["pglite"];
  const pages: PageLoadResult[] = [];
  const memory: MemoryResult[] = [];
  const files: FileServerComparison[] = [];
  for (const database of databases) {
    const result = await measureDatabase(database, durationSeconds);
    pages.push(...result.pages);
    memory.push(result.memory);
    if (result.files) files.push(result.files);
  }
  const signups = await measureSignups({ database: postgres ? "postgres" : "pglite" });
  return { pages, memory, signups, files };
}

if (import.meta.main) {
  const loadAverage = () =>
    os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(" ");
  // The machine may be shared: its load before and after says how far to trust the figures.
  const before = loadAverage();
  const seconds = process.argv.find((arg) => arg.startsWith("--seconds="))?.slice(10);
  const load = await measureLoad({ durationSeconds: seconds ? Number(seconds) : 10 });
  console.log(`\n${os.cpus().length} cores; load average ${before} before, ${loadAverage()} after`);
  console.log("\nPage views (target >= 5,000 req/s, p99 < 20 ms)");
  for (const result of load.pages) console.log(formatPageLoadResult(result));
  console.log("\nA cached page against nginx serving its bytes (wrk, 32 connections)");
  for (const result of load.files) console.log(formatComparison(result));
  console.log("\nServer memory");
  for (const result of load.memory) console.log(formatMemoryResult(result));
  console.log("\nSign-ups (target >= 1,000/s on PostgreSQL, p99 < 100 ms)");
  console.log(formatSignupResult(load.signups));
}

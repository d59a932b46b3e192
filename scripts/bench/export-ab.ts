// `node scripts/bench/export-ab.ts --builds=DIR_A,DIR_B [--pairs=3] [--rows=N] [--pglite] [--drop]`:
// bench:admin's CSV export alone, alternated between builds (each DIR a checkout with
// `npm run build` done), on one database seeded once by bench:admin's own seed and kept
// between runs (`--drop` removes it at the end): PostgreSQL (1,000,000 rows by default) or,
// with `--pglite`, an embedded database folder (200,000 rows by default). Each run starts the build's server as
// its `npm run serve` does, logs in, probes /healthz idle, then downloads the whole CSV while
// /healthz is asked every 25 ms from a process of its own; one line per run, with the load average.
// Run it under the bench lock (docs: team guide).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { connectPglite, connectPostgres } from "../../app/platform/db/db.server.ts";
import { startBuiltServer } from "../../tests/support/built-server.ts";
import {
  createDatabase,
  databaseUrlFor,
  dropDatabase,
  testDatabaseUrl,
} from "../../tests/support/postgres.ts";
import pg from "pg";
import { logIn, measureExport, seed } from "./admin.ts";
import { cpuMilliseconds, loadAverage, rssMegabytes } from "./measure.ts";

const DATABASE = "agentes_export_ab";
const PGLITE_DIR = path.join(os.tmpdir(), "agentes-export-ab-pglite");

type Place = { databaseUrl: string } | { dataDir: string };

async function databaseExists(): Promise<boolean> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [
      DATABASE,
    ]);
    return rowCount === 1;
  } finally {
    await client.end();
  }
}

/** The database, created, migrated (by a first server start) and seeded on first use. */
async function seededDatabase(rows: number, firstBuild: string, pglite: boolean): Promise<Place> {
  if (pglite) {
    const place = { dataDir: PGLITE_DIR };
    if (fs.existsSync(PGLITE_DIR)) return place;
    fs.mkdirSync(PGLITE_DIR);
    await (await startServer(firstBuild, place)).stop();
    const connection = await connectPglite(PGLITE_DIR);
    try {
      await seed(connection, rows);
    } finally {
      await connection.close();
    }
    return place;
  }
  if (await databaseExists()) return { databaseUrl: databaseUrlFor(DATABASE) };
  const place = { databaseUrl: await createDatabase(DATABASE) };
  // The first build's server migrates the empty database.
  await (await startServer(firstBuild, place)).stop();
  const connection = await connectPostgres(place.databaseUrl);
  try {
    await seed(connection, rows);
  } finally {
    await connection.close();
  }
  return place;
}

/** The build's server on the bench's database (`npm run serve` from that checkout). */
async function startServer(buildDir: string, place: Place) {
  const server = await startBuiltServer(
    {
      ...("databaseUrl" in place
        ? { DATABASE_URL: place.databaseUrl }
        : { DATABASE_URL: undefined, DATA_DIR: place.dataDir }),
      // e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the servers.
      NODE_OPTIONS: process.env.EXPORT_AB_NODE_OPTIONS ?? "",
    },
    { root: buildDir, timeoutMs: 120_000 },
  );
  return {
    ...server,
    async stop() {
      const code = await server.stop();
      if (code !== 0) console.warn(`server exited with ${code}:\n${server.output()}`);
    },
  };
}

async function idleHealthP95(url: string): Promise<number> {
  const latencies: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const started = performance.now();
    await (await fetch(`${url}/healthz`)).arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  latencies.sort((a, b) => a - b);
  return latencies[18]!;
}

const { values } = parseArgs({
  options: {
    builds: { type: "string" },
    pairs: { type: "string", default: "3" },
    rows: { type: "string" },
    pglite: { type: "boolean", default: false },
    drop: { type: "boolean", default: false },
  },
});
const builds = (values.builds ?? "").split(",").filter(Boolean);
if (builds.length === 0) throw new Error("--builds=DIR[,DIR...] is required");
const rows = Number(values.rows ?? (values.pglite ? 200_000 : 1_000_000));
const place = await seededDatabase(rows, builds[0]!, values.pglite);

console.log(
  "build | export s | server CPU s | MB | lines | peak MB above idle | /healthz p50/p95/p99/max ms (n) | idle p95 | load",
);
for (let pair = 0; pair < Number(values.pairs); pair += 1) {
  for (const build of builds) {
    const server = await startServer(build, place);
    try {
      const cookie = await logIn(server);
      const idleP95 = await idleHealthP95(server.url);
      const load = loadAverage();
      const pid = server.process.pid as number;
      const cpuBefore = cpuMilliseconds(pid);
      const csv = await measureExport(server, cookie, rssMegabytes(pid));
      const cpuSeconds = (cpuMilliseconds(pid) - cpuBefore) / 1000;
      console.log(
        [
          path.basename(build),
          csv.seconds.toFixed(1),
          cpuSeconds.toFixed(1),
          (csv.bytes / 1024 / 1024).toFixed(0),
          (csv.lines - 1).toLocaleString("en"),
          csv.peakMbAboveIdle,
          `${csv.healthP50Ms.toFixed(1)}/${csv.healthP95Ms.toFixed(1)}/${csv.healthP99Ms.toFixed(1)}/${csv.healthMaxMs.toFixed(1)} (${csv.healthChecks})`,
          idleP95.toFixed(1),
          load,
        ].join(" | "),
      );
    } finally {
      await server.stop();
    }
  }
}
if (values.drop) {
  if (values.pglite) fs.rmSync(PGLITE_DIR, { recursive: true, force: true });
  else await dropDatabase(DATABASE);
}

// `npm run bench:heartbeat [-- --seconds 300]` (issue 39): on a fresh PostgreSQL database,
// 10,000 subscriptions each with a robot token; the built server (WORKER=off) receives 167
// heartbeats a second from the paced generator (decision 310: a process of its own, open
// loop, keep-alive connections, at most 256), each from a robot drawn in turn, for --seconds
// (300 by default), while a thread asks for / every 250 ms. Prints the statuses, the latency
// percentiles from each post's scheduled time (target p99 < 20 ms), /'s p99 (target < 50 ms),
// the server's CPU per heartbeat and the load average (decision 427).
import { createHash } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { startBuiltServer } from "../../tests/support/built-server.ts";
import { seedDueRenewals } from "../../tests/support/due-renewals.ts";
import {
  createDatabase,
  dropDatabase,
  postgresReachable,
  uniqueDatabaseName,
} from "../../tests/support/postgres.ts";
import { HEARTBEAT_PATH } from "../../app/features/fleet/model.ts";
import { cpuMilliseconds, loadAverage, startHealthProber } from "./measure.ts";
import { pacedForm } from "./paced.ts";

const ROBOTS = 10_000;
const RATE = 167;
const TARGET_P99_MS = 20;
const HOME_TARGET_P99_MS = 50;
const STORAGE_ROBOTS = 1_000;
const { values } = parseArgs({ options: { seconds: { type: "string", default: "300" } } });
const seconds = Number(values.seconds);

if (!(await postgresReachable())) {
  console.error("PostgreSQL is unreachable (TEST_DATABASE_URL): bench:heartbeat needs it.");
  process.exit(1);
}
const name = uniqueDatabaseName("agentes_bench_heartbeat");
const url = await createDatabase(name);
const pool = new pg.Pool({ connectionString: url, max: 2 });
const server = await startBuiltServer({ DATABASE_URL: url, WORKER: "off", LOG_LEVEL: "warn" });
const tokenOf = (i: number) => createHash("sha256").update(`bench-robot-${i}`).digest("base64url");
try {
  await seedDueRenewals(pool, ROBOTS);
  const { rows } = await pool.query<{ id: string }>("select id from subscriptions order by id");
  const tokens = rows.map((_, i) => tokenOf(i));
  await pool.query(
    `insert into robot_tokens (token_hash, subscription_id, issued_by, issued_at)
     select encode(sha256(convert_to(t.token, 'UTF8')), 'hex'), t.id, 'bench', now()
     from unnest($1::text[], $2::uuid[]) as t(token, id)`,
    [tokens, rows.map((row) => row.id)],
  );
  const body = JSON.stringify({
    accountNumber: "51234567",
    balance: "10000.25",
    equity: "10010.00",
    openPositions: 1,
    lastTradeAt: Math.floor(Date.now() / 1000) - 3600,
    lastTradeProfit: "-1.50",
    robotVersion: "bench-1",
    terminalConnected: true,
  });
  // / meanwhile, asked every 250 ms from a thread of its own.
  const home = await startHealthProber(server.url, 250, "/");
  const pid = server.process.pid!;
  const cpuBefore = cpuMilliseconds(pid);
  const result = await pacedForm({
    url: server.url,
    path: HEARTBEAT_PATH,
    template: body,
    prefix: "hb",
    contentType: "application/json",
    bearerTokens: tokens,
    successStatus: 204,
    rate: RATE,
    seconds,
  });
  const serverCpuMs = cpuMilliseconds(pid) - cpuBefore;
  const homeLatencies = (await home.stop()).sort((a, b) => a - b);
  const load = loadAverage();
  const homeP99 =
    homeLatencies[Math.min(homeLatencies.length - 1, Math.ceil(homeLatencies.length * 0.99) - 1)] ??
    NaN;
  const stored = await pool.query<{ n: string }>("select count(*) n from heartbeat_samples");
  console.log(
    `heartbeats: ${result.offered} offered at ${RATE}/s over ${seconds} s, ${ROBOTS} robots; ${result.successful} answered 204, ${result.failed} other or failed; samples stored ${stored.rows[0]!.n}`,
  );
  console.log(
    `latency from schedule: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms (target p99 < ${TARGET_P99_MS} ms: ${result.p99Ms < TARGET_P99_MS ? "met" : "NOT met"}); generator send lag p99 ${result.sendLagP99Ms} ms`,
  );
  console.log(
    `/ meanwhile: ${homeLatencies.length} asked, p99 ${homeP99.toFixed(1)} ms (target < ${HOME_TARGET_P99_MS} ms: ${homeP99 < HOME_TARGET_P99_MS ? "met" : "NOT met"})`,
  );
  console.log(
    `server CPU: ${(serverCpuMs / Math.max(1, result.successful)).toFixed(2)} ms a heartbeat (${Math.round(serverCpuMs)} ms over the run, / included); generator CPU ${Math.round(result.generatorCpuMs)} ms; loadavg ${load}`,
  );
  // The server's own account of any failure (500s), for whoever reads the run.
  const errors = server
    .output()
    .split("\n")
    .filter((line) => /"level":(50|60)|error/i.test(line));
  if (errors.length > 0) {
    // The first one's cause, without the statement and its stack.
    const cause = /caused by: ([^\n\\]*)/.exec(errors[0]!)?.[1] ?? errors[0]!.slice(0, 300);
    console.log(`server errors (${errors.length}), first: ${cause}`);
  }
  await simulatedStorage(url, pool);
} finally {
  await server.stop();
  await pool.end();
  await dropDatabase(name);
}

/**
 * Storage after 90 days of 1,000 robots reporting every minute, after downsampling: the rows
 * an hourly run would have left (hours for the 90 days before the last 49 hours, minutes for
 * those 49), then one real run of the downsampler, which rolls the oldest minutes into
 * hours, every complete day into a day and purges past the ages kept (decision 381).
 */
async function simulatedStorage(databaseUrl: string, pool: pg.Pool) {
  process.env.DATABASE_URL = databaseUrl;
  const { downsampleHeartbeats } = await import("../../app/features/fleet/downsample.server.ts");
  const { closeDatabase } = await import("../../app/platform/db/db.server.ts");
  const now = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 30 * 60_000);
  const hour = now.getTime() - 30 * 60_000;
  await pool.query("truncate heartbeat_samples");
  const sample = (resolution: string, minutes: number, step: string, from: Date, to: Date) =>
    pool.query(
      `insert into heartbeat_samples (subscription_id, resolution, bucket, at, minutes,
         account_number, balance_cents, equity_cents, open_positions, last_trade_at,
         last_trade_profit_cents, robot_version, terminal_connected)
       select s.id, $1, b, b, $2, '51234567', 1000025, 1001000, 1, b, -150, 'bench-1', true
       from (select id from subscriptions order by id limit ${STORAGE_ROBOTS}) s,
         generate_series($3::timestamptz, $4::timestamptz, $5::interval) b`,
      [resolution, minutes, from.toISOString(), to.toISOString(), step],
    );
  const minutesFrom = new Date(hour - 49 * 3_600_000);
  await sample(
    "hour",
    60,
    "1 hour",
    new Date(hour - 90 * 86_400_000),
    new Date(minutesFrom.getTime() - 3_600_000),
  );
  await sample("minute", 1, "1 minute", minutesFrom, new Date(now.getTime() - 60_000));
  const started = performance.now();
  const rolled = await downsampleHeartbeats(now);
  const took = performance.now() - started;
  await closeDatabase();
  await pool.query("vacuum full heartbeat_samples");
  const { rows } = await pool.query<{ resolution: string; n: string }>(
    "select resolution, count(*) n from heartbeat_samples group by resolution order by resolution",
  );
  const { rows: size } = await pool.query<{ bytes: string }>(
    "select pg_total_relation_size('heartbeat_samples') bytes",
  );
  const megabytes = Number(size[0]!.bytes) / 1024 / 1024;
  console.log(
    `storage after 90 simulated days of ${STORAGE_ROBOTS} robots, downsampled (${rolled.hours} hours, ${rolled.days} days rolled, ${rolled.purged} purged in ${(took / 1000).toFixed(1)} s): ${rows.map((row) => `${row.n} ${row.resolution}s`).join(", ")}; ${megabytes.toFixed(0)} MB with indexes (${((megabytes * 1024) / STORAGE_ROBOTS).toFixed(0)} KB a robot)`,
  );
}

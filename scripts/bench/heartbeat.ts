// `npm run bench:heartbeat [-- --seconds 300 --robots 10000]` (issue 39): on a fresh
// PostgreSQL database, 10,000 subscriptions each with a robot token; the built server
// (WORKER=off) and the worker (`npm run worker`, mail to the SMTP sink, a process of its own)
// as in production. The server receives a heartbeat a minute from every robot (167 a second)
// from the paced generator (decision 310: a process of its own, open loop, keep-alive
// connections, at most 256), each from a robot drawn in turn, while a thread asks for / every
// 250 ms. Prints the statuses, the latency percentiles from each post's scheduled time (target
// p99 < 20 ms), /'s p99 (target < 50 ms), the server's CPU per heartbeat and the load average
// (decision 427). Meanwhile 3 robots stop posting --stop-at seconds in (60 by default): the
// worker's fleet review must flag each within 6 minutes of its last heartbeat and e-mail
// STAFF_EMAIL once (decision 450), so the posts go on for at least 8 minutes past the stop,
// --seconds or longer. `--robots 1000 --skip-storage` (17 posts a second, no storage
// simulation) is the short run for a shared machine: the same check, a tenth of the load.
import { createHash } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { startBuiltServer, startBuiltWorker } from "../../tests/support/built-server.ts";
import { seedDueRenewals } from "../../tests/support/due-renewals.ts";
import {
  createDatabase,
  dropDatabase,
  postgresReachable,
  uniqueDatabaseName,
} from "../../tests/support/postgres.ts";
import { FLAG_WITHIN_MS, HEARTBEAT_PATH } from "../../app/features/fleet/model.ts";
import { cpuMilliseconds, loadAverage, startHealthProber } from "./measure.ts";
import { pacedForm } from "./paced.ts";
import { startSmtpSink } from "./smtp-sink.ts";

const TARGET_P99_MS = 20;
const HOME_TARGET_P99_MS = 50;
const STORAGE_ROBOTS = 1_000;
const STOPPED = 3;
/** The posts go on this long past the stop: the target, and room for a late flag or a resend. */
const WATCH_MS = 8 * 60_000;
const STAFF_EMAIL = "frota@bench.test";
const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "300" },
    robots: { type: "string", default: "10000" },
    "stop-at": { type: "string", default: "60" },
    "skip-storage": { type: "boolean", default: false },
  },
});
const ROBOTS = Number(values.robots);
// Each robot once a minute: 167 a second for 10,000.
const RATE = Math.round(ROBOTS / 60);
const stopAt = Number(values["stop-at"]);
const seconds = Math.max(Number(values.seconds), stopAt + WATCH_MS / 1000);
// Spread over the fleet, so they are not the first or the last posts of a round.
const stoppedIndexes = Array.from({ length: STOPPED }, (_, k) =>
  Math.floor(((k + 1) * ROBOTS) / (STOPPED + 1)),
);
const stoppedName = (k: number) => `Robo parado ${k + 1}`;

if (!(await postgresReachable())) {
  console.error("PostgreSQL is unreachable (TEST_DATABASE_URL): bench:heartbeat needs it.");
  process.exit(1);
}
const name = uniqueDatabaseName("agentes_bench_heartbeat");
const url = await createDatabase(name);
const pool = new pg.Pool({ connectionString: url, max: 2 });
const smtp = await startSmtpSink();
const env = { DATABASE_URL: url, SMTP_URL: smtp.url, STAFF_EMAIL, LOG_LEVEL: "warn" };
const server = await startBuiltServer({ ...env, WORKER: "off" });
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
  const stoppedIds = stoppedIndexes.map((i) => rows[i]!.id);
  // Named apart, so each one's e-mail says which robot it is about.
  for (const [k, id] of stoppedIds.entries()) {
    await pool.query("update subscriptions set robot_name = $1 where id = $2", [
      stoppedName(k),
      id,
    ]);
  }
  const worker = await startBuiltWorker(env);
  // / meanwhile, asked every 250 ms from a thread of its own.
  const home = await startHealthProber(server.url, 250, "/");
  const pid = server.process.pid!;
  const cpuBefore = cpuMilliseconds(pid);
  // When each no-signal incident was first seen open (polled every 200 ms), by subscription.
  const flaggedAt = new Map<string, number>();
  let watching = true;
  const watch = (async () => {
    while (watching) {
      const { rows: open } = await pool.query<{ subscription_id: string }>(
        "select subscription_id from fleet_incidents where flag = 'no-signal'",
      );
      const seenAt = Date.now();
      for (const row of open) {
        if (!flaggedAt.has(row.subscription_id)) flaggedAt.set(row.subscription_id, seenAt);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
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
    stop: { tokens: stoppedIndexes, afterSeconds: stopAt },
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
  // A second e-mail would follow the first within a review or two.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  watching = false;
  await watch;
  await worker.stop();
  await reportStoppedRobots(pool, stoppedIds, flaggedAt);
  await reviewRead(url);
  if (!values["skip-storage"]) await simulatedStorage(url, pool);
} finally {
  await server.stop();
  await smtp.close();
  await pool.end();
  await dropDatabase(name);
}

/**
 * For each robot that stopped: from its last heartbeat (the server's clock, as stored) to
 * its flag (its incident first seen open) and to its e-mail's arrival at the sink; the
 * e-mails that named it; and any robot flagged or staff e-mail beyond them.
 */
async function reportStoppedRobots(
  pool: pg.Pool,
  stoppedIds: string[],
  flaggedAt: Map<string, number>,
) {
  const mails = (await smtp.deliveries()).get(STAFF_EMAIL) ?? [];
  const minutes = (ms: number) =>
    `${Math.floor(ms / 60_000)} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")} s`;
  let met = true;
  for (const [k, id] of stoppedIds.entries()) {
    const { rows } = await pool.query<{ last: Date | null }>(
      "select max(at) as last from heartbeat_samples where subscription_id = $1",
      [id],
    );
    const last = rows[0]?.last?.getTime();
    const flagged = flaggedAt.get(id);
    const own = mails.filter((mail) => mail.subject.includes(`${stoppedName(k)},`));
    const toFlag = last !== undefined && flagged !== undefined ? flagged - last : undefined;
    const toMail = last !== undefined && own[0] ? own[0].at - last : undefined;
    const ok =
      toFlag !== undefined &&
      toFlag <= FLAG_WITHIN_MS &&
      toMail !== undefined &&
      toMail <= FLAG_WITHIN_MS &&
      own.length === 1;
    met &&= ok;
    console.log(
      `stopped robot ${k + 1}: last heartbeat ${last ? new Date(last).toISOString() : "none"}; flagged ${toFlag === undefined ? "never" : `after ${minutes(toFlag)}`}, e-mailed ${toMail === undefined ? "never" : `after ${minutes(toMail)}`}; ${own.length} e-mail(s)`,
    );
  }
  const others = [...flaggedAt.keys()].filter((id) => !stoppedIds.includes(id)).length;
  const otherMails = mails.filter(
    (mail) => !stoppedIds.some((_, k) => mail.subject.includes(`${stoppedName(k)},`)),
  ).length;
  met &&= others === 0 && otherMails === 0;
  console.log(
    `stopped robots: ${STOPPED} of ${ROBOTS} stopped ${stopAt} s in; ${mails.length} e-mails to STAFF_EMAIL, ${otherMails} about other robots; ${others} other robots flagged (target: each flagged and e-mailed within ${FLAG_WITHIN_MS / 60_000} min of its last heartbeat, exactly once: ${met ? "met" : "NOT met"})`,
  );
}

/** What the worker's incident review reads every 30 seconds, timed once on the bench's rows. */
async function reviewRead(databaseUrl: string) {
  process.env.DATABASE_URL = databaseUrl;
  const { fleetStates } = await import("../../app/features/fleet/board.server.ts");
  const { closeDatabase } = await import("../../app/platform/db/db.server.ts");
  const started = performance.now();
  const states = await fleetStates(new Date());
  const took = performance.now() - started;
  await closeDatabase();
  console.log(
    `incident review's read (fleetStates): ${states.length} robots in ${Math.round(took)} ms; loadavg ${loadAverage()}`,
  );
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

// `npm run bench:heartbeat [-- --seconds 300]` (issue 39): on a fresh PostgreSQL database,
// 10,000 subscriptions each with a robot token; the built server (WORKER=off) receives 167
// heartbeats a second, open loop (each post sent at its scheduled time, whatever the answers),
// each from a robot drawn in turn, for --seconds (300 by default). Prints the statuses and
// the latency percentiles from each post's scheduled time; target p99 < 20 ms.
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

const ROBOTS = 10_000;
const RATE = 167;
const TARGET_P99_MS = 20;
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
  const endpoint = new URL(HEARTBEAT_PATH, server.url);
  const body = (i: number) =>
    JSON.stringify({
      accountNumber: "51234567",
      balance: `${10_000 + (i % 500)}.25`,
      equity: "10010.00",
      openPositions: i % 3,
      lastTradeAt: Math.floor(Date.now() / 1000) - 3600,
      lastTradeProfit: "-1.50",
      robotVersion: "bench-1",
      terminalConnected: true,
    });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const total = Math.round(seconds * RATE);
  for (let n = 0; n < total; n += 1) {
    const scheduled = start + (n * 1000) / RATE;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const robot = n % ROBOTS;
    pending.push(
      fetch(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${tokens[robot]}` },
        body: body(n),
      })
        .then(async (answer) => {
          await answer.arrayBuffer();
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        })
        .catch(() => {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
        })
        .finally(() => latencies.push(performance.now() - scheduled)),
    );
  }
  await Promise.all(pending);
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
  const stored = await pool.query<{ n: string }>("select count(*) n from heartbeat_samples");
  console.log(
    `heartbeats: ${total} at ${RATE}/s over ${seconds} s, ${ROBOTS} robots; statuses ${JSON.stringify(Object.fromEntries(statuses))}; samples stored ${stored.rows[0]!.n}`,
  );
  console.log(
    `latency from schedule: p50 ${at(50).toFixed(1)} ms, p99 ${at(99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (target p99 < ${TARGET_P99_MS} ms: ${at(99) < TARGET_P99_MS ? "met" : "NOT met"})`,
  );
  // The server's own account of any failure (500s), for whoever reads the run.
  const errors = server
    .output()
    .split("\n")
    .filter((line) => /"level":(50|60)|error/i.test(line));
  if (errors.length > 0) console.log(`server errors (${errors.length}), first: ${errors[0]}`);
} finally {
  await server.stop();
  await pool.end();
  await dropDatabase(name);
}

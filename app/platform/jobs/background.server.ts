// The process's worker (docs/decisions/115), started after the database opens and stopped
// before it closes. On PostgreSQL it may run in processes of its own (`npm run worker`),
// the web processes then setting WORKER=off; on the embedded database it always runs inside
// the server, the only process that can open it.
import type { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import pg from "pg";
import { getDb, type Database } from "../db/db.server.ts";
import { appNow } from "../http/clock.server.ts";
import { getEnv } from "../http/env.server.ts";
import { getLogger } from "../http/logger.server.ts";
import { getSiteConfig } from "../../lib/site-config.server.ts";
import { assertMailTransportConfigured, createTransport } from "../mail/transport.server.ts";
import { onWakeInProcess, WAKE_CHANNEL } from "./enqueue.server.ts";
import type { Registry } from "./registry.ts";
import { startWorker, type Worker, type WorkerLoopOptions } from "./worker.server.ts";

const RECONNECT_DELAY_MS = 1_000;

let worker: Worker | undefined;

/** LISTEN on a connection of its own (a pooled one may be handed to anyone). */
function listenPostgres(url: string) {
  return async (wake: () => void) => {
    let client: pg.Client | undefined;
    let closed = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async () => {
      const fresh = new pg.Client({ connectionString: url });
      fresh.on("notification", wake);
      fresh.on("error", (error) =>
        getLogger().warn({ err: error }, "worker LISTEN connection lost"),
      );
      fresh.on("end", () => {
        if (client !== fresh || closed) return;
        client = undefined;
        retry = setTimeout(reconnect, RECONNECT_DELAY_MS);
      });
      await fresh.connect();
      await fresh.query(`listen ${WAKE_CHANNEL}`);
      client = fresh;
      // Whatever was queued while no one listened.
      wake();
    };
    const reconnect = () =>
      connect().catch(() => {
        if (!closed) retry = setTimeout(reconnect, RECONNECT_DELAY_MS);
      });
    await connect();
    return async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end();
    };
  };
}

function listenPglite(db: Database) {
  return async (wake: () => void) => {
    const client = (db as unknown as { $client: PGlite }).$client;
    const unlisten = await client.listen(WAKE_CHANNEL, wake);
    const forget = onWakeInProcess(db, wake);
    return async () => {
      forget();
      await unlisten();
    };
  };
}

/** LISTEN for enqueued messages on this process's database. */
export function wakeOnEnqueue(db: Database): WorkerLoopOptions["listen"] {
  const url = getEnv().DATABASE_URL;
  return url ? listenPostgres(url) : listenPglite(db);
}

export interface StartJobsOptions {
  registry: Registry;
  /** "web": unless WORKER=off; "worker": the `npm run worker` process. */
  role: "web" | "worker";
  /** SQL that is true for an address never to be written to again. */
  suppressed?: (recipient: SQL) => SQL;
}

export async function startJobs({ registry, role, suppressed }: StartJobsOptions): Promise<void> {
  const env = getEnv();
  if (role === "web" && env.WORKER === "off") {
    if (!env.DATABASE_URL) {
      throw new Error(
        "WORKER=off needs DATABASE_URL: on the embedded database only the server can send.",
      );
    }
    return;
  }
  assertMailTransportConfigured(env);
  if (worker) return;
  const db = await getDb();
  const { siteUrl, contactEmail } = getSiteConfig();
  worker = await startWorker({
    db,
    registry,
    transport: createTransport(env, db),
    context: { siteUrl, contactEmail },
    messageIdDomain: new URL(siteUrl).hostname,
    concurrency: env.EMAIL_CONCURRENCY,
    retryBaseMs: env.EMAIL_RETRY_BASE_MS,
    leaseMs: env.EMAIL_LEASE_MS,
    suppressed,
    now: appNow,
    listen: wakeOnEnqueue(db),
  });
}

export async function stopJobs(): Promise<void> {
  const current = worker;
  worker = undefined;
  await current?.stop();
}

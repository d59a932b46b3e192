import os from "node:os";
import { fillPlaceholders, type Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import * as schema from "../../../db/schema.ts";
import { seed } from "../../../db/seed.ts";
import { type Connection, type Database, MIGRATIONS_FOLDER } from "./connection.ts";
import { getEnv } from "../http/env.server.ts";
import { getLogger } from "../http/logger.server.ts";
import { relayPublicPagesChanges } from "../http/public-pages.server.ts";

export type { Connection, Database };

// Any fixed number: serialises migrations when several processes start on one PostgreSQL.
const MIGRATION_LOCK_ID = 742_001;

let opening: Promise<Connection> | undefined;

const dialect = new PgDialect();

/**
 * True for the embedded database (PGlite), which executes every statement on the server's
 * own thread, one at a time: a long statement there delays every request, /healthz included.
 */
export function runsInProcess(db: Database): boolean {
  return !((db as { $client?: unknown }).$client instanceof pg.Pool);
}

/**
 * A statement that a hot path sends with the same text every time, its values named. On
 * PostgreSQL it is a named prepared statement, parsed and planned once per connection (the
 * sign-up: docs/decisions/109), and its text is built once per process: building it with
 * drizzle on every call was about 6 % of a sign-up's CPU (decision 284). PGlite runs
 * in-process, where there is nothing to save: it builds the statement per call.
 */
export function preparedStatement<K extends string>(
  name: string,
  build: (values: Readonly<Record<K, SQL>>) => SQL,
): (db: Database, values: Readonly<Record<K, unknown>>) => Promise<void> {
  let built: { sql: string; params: unknown[] } | undefined;
  return async (db, values) => {
    const client: unknown = (db as { $client?: unknown }).$client;
    if (client instanceof pg.Pool) {
      built ??= dialect.sqlToQuery(build(namedValues<K>((key) => sql.placeholder(key))));
      await client.query({ name, text: built.sql, values: fillPlaceholders(built.params, values) });
    } else {
      await db.execute(build(namedValues<K>((key) => sql.param(values[key as K]))));
    }
  };
}

/** Each value the statement names, as one bound parameter. */
function namedValues<K extends string>(
  parameter: (key: string) => SQLWrapper | Placeholder,
): Readonly<Record<K, SQL>> {
  return new Proxy({} as Record<K, SQL>, {
    get: (_target, key) => sql`${parameter(String(key))}`,
  });
}

/**
 * The connections a process keeps to PostgreSQL. Each busy one is a backend process taking
 * turns on the CPU with the web's single thread: on two cores shared with PostgreSQL, 3
 * instead of 10 cut a page view's p99 from about 100 to about 40 ms while sign-ups and a
 * campaign ran (docs/decisions/292).
 */
function poolSize(): number {
  return getEnv().DATABASE_POOL_MAX ?? Math.min(10, os.availableParallelism() + 1);
}

/** Connects to PostgreSQL, applies pending migrations (one process at a time) and the seed. */
export async function connectPostgres(url: string): Promise<Connection> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize(),
    connectionTimeoutMillis: 5_000,
  });
  // An idle client whose server connection drops must not crash the process; the pool
  // replaces it and the next query reports the failure.
  pool.on("error", (error) => getLogger().warn({ err: error }, "PostgreSQL idle client error"));
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    const migrator = drizzleNodePg(client, { schema });
    await migrateNodePg(migrator, { migrationsFolder: MIGRATIONS_FOLDER });
    await seed(migrator as Database);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
  return { db: drizzleNodePg(pool, { schema }) as Database, close: () => pool.end() };
}

/**
 * The output of one `COPY ... TO STDOUT` statement, on a connection of its own (the CSV
 * export, docs/decisions/435), read as the caller asks: the socket waits in between, so the
 * reader's pace is the database's. Ending the iteration closes the connection.
 */
export async function* copyOutOfPostgres(url: string, statement: string): AsyncGenerator<Buffer> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    for await (const chunk of client.query(copyTo(statement))) yield chunk as Buffer;
  } finally {
    await client.end();
  }
}

/**
 * Opens (and locks) the PGlite database in dataDir, applies pending migrations and the seed.
 * PGlite's packages load only here: a server on PostgreSQL never needs them
 * (docs/decisions/111).
 */
export async function connectPglite(dataDir: string): Promise<Connection> {
  const { openPglite } = await import("./pglite.server.ts");
  return openPglite(dataDir);
}

/** The server's PostgreSQL, with every process's changes of public data heard (decision 221). */
async function connectServerPostgres(url: string): Promise<Connection> {
  const connection = await connectPostgres(url);
  try {
    const stopSharing = await relayPublicPagesChanges(url);
    return {
      db: connection.db,
      close: async () => {
        await stopSharing();
        await connection.close();
      },
    };
  } catch (error) {
    await connection.close();
    throw error;
  }
}

/**
 * Opens the database once per process (PostgreSQL when DATABASE_URL is set, embedded
 * PGlite in DATA_DIR otherwise), applies pending migrations and the seed. Never called at
 * import time: the build imports this module.
 */
export function openDatabase(): Promise<Connection> {
  if (!opening) {
    const { DATABASE_URL, DATA_DIR } = getEnv();
    opening = DATABASE_URL ? connectServerPostgres(DATABASE_URL) : connectPglite(DATA_DIR);
    opening.catch(() => {
      opening = undefined;
    });
  }
  return opening;
}

export async function getDb(): Promise<Database> {
  return (await openDatabase()).db;
}

/** The database or an open transaction: queries that take one run inside the caller's. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export async function withTransaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
  return (await getDb()).transaction(work);
}

export async function closeDatabase(): Promise<void> {
  const current = opening;
  opening = undefined;
  if (current) await (await current).close();
}

/** True when the database answers a trivial query. */
export async function pingDatabase(): Promise<boolean> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

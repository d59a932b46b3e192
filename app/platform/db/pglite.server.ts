// The embedded database (PGlite), loaded by db.server.ts's connectPglite only when it is
// used: a server on PostgreSQL never loads these packages (docs/decisions/111).
import path from "node:path";
import { PGlite, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import * as schema from "../../../db/schema.ts";
import { seed } from "../../../db/seed.ts";
import { listenForPublicPagesChanges } from "../http/public-pages.server.ts";
import { serveBackupSnapshots } from "./backup.server.ts";
import { acquireDataDirLock, makeDataDirPrivate } from "./data-dir-lock.server.ts";
import { type Connection, type Database, MIGRATIONS_FOLDER } from "./connection.ts";

const PGLITE_SHARED_BUFFERS = "16MB";

// bytea written as a binary parameter (the bytes themselves, PostgreSQL's binary format for
// bytea) and read by Node's native hex codec: PGlite's own serializer converts byte by byte
// through a string each, which held the event loop 2.3 s to store a 3.9 MB statement file
// (docs/decisions/198); Node's hex text still cost 9-30 ms a 256 KB part on the server's
// thread (the string's UTF-8 length counted, encoded, then hex-decoded by the database),
// the bytes as they are 2-5 ms (docs/decisions/250). PGlite's Bind sends any ArrayBufferView
// a serializer returns in binary format, though its Serializer type says string.
const sendBytesAsTheyAre = (bytes: Uint8Array) => bytes;
const byteaCodec = {
  serializers: { [types.BYTEA]: sendBytesAsTheyAre as unknown as (value: unknown) => string },
  parsers: { [types.BYTEA]: (text: string) => Buffer.from(text.slice(2), "hex") },
};

/**
 * The types drizzle-orm/pglite reads as PostgreSQL's text (its PglitePreparedQuery sends these
 * parsers with every query: timestamp, timestamptz, interval, date and numeric[], timestamp[],
 * timestamptz[], interval[], date[]), so it maps them itself as it does on PostgreSQL.
 */
const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];
const asText = (value: string) => value;

/**
 * drizzle's per-query parsers made PGlite copy its ~320 type parsers into a new object for
 * every query (its parseResults), about 150 µs of the server's thread a query, 14 s of the
 * 60 s the thread spent in issue 38's burst of 1,000 signed statements (docs/decisions/490).
 * The client reads those types as text itself, and a query that asks for exactly that runs
 * without options of its own. Anything else (a parser the client does not already apply) is
 * passed on as it came.
 */
function readDrizzleTypesOnTheClient(client: PGlite): void {
  const parsers = client.parsers as Record<number, unknown>;
  for (const type of DRIZZLE_TEXT_TYPES) parsers[type] = asText;
  type Query = PGlite["query"];
  type Options = Parameters<Query>[2];
  const withoutParsers = (options: Options): Options => {
    const asked = options?.parsers;
    if (!asked || !Object.keys(asked).every((type) => parsers[Number(type)] === asText)) {
      return options;
    }
    const rest = { ...options };
    delete rest.parsers;
    return rest;
  };
  const wrap =
    (query: Query): Query =>
    (text, params, options) =>
      query(text, params, withoutParsers(options));
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = wrap(query);
  client.transaction = (work) =>
    transaction((tx) => {
      tx.query = wrap(tx.query.bind(tx));
      return work(tx);
    });
}

/**
 * The extensions the migrations create (pg_trgm, docs/decisions/073): PGlite loads their code
 * only when told, for every instance that opens the data directory or a copy of it.
 */
export const pgliteExtensions = { pg_trgm };

/** db.server.ts connectPglite: opens, locks, migrates and seeds the database in dataDir. */
export async function openPglite(dataDir: string): Promise<Connection> {
  makeDataDirPrivate(dataDir);
  const release = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, "pglite"), {
      // PostgreSQL's default 128 MB of shared buffers lives in the WebAssembly heap, which
      // never shrinks; the site's data is a few megabytes (docs/decisions/063).
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      extensions: pgliteExtensions,
      ...byteaCodec,
    });
    // After create: PGlite sets the array types' parsers as it starts.
    readDrizzleTypesOnTheClient(client);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await seed(db as unknown as Database);
    const stopServingBackups = await serveBackupSnapshots(dataDir, client);
    // The database's own notice that public data changed (docs/decisions/221).
    const stopListening = await listenForPublicPagesChanges((channel, callback) =>
      client.listen(channel, callback),
    );
    makeDataDirPrivate(dataDir);
    return {
      db: db as unknown as Database,
      close: async () => {
        await stopListening();
        await stopServingBackups();
        await client.close();
        makeDataDirPrivate(dataDir);
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

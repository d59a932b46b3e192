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

// bytea in PostgreSQL's hex text form by Node's native codec: PGlite's own converts byte by
// byte through a string each, which held the event loop 2.3 s (half of it collecting that
// garbage) to store a 3.9 MB statement file (docs/decisions/198).
const byteaCodec = {
  serializers: {
    [types.BYTEA]: (bytes: Uint8Array) =>
      `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex")}`,
  },
  parsers: { [types.BYTEA]: (text: string) => Buffer.from(text.slice(2), "hex") },
};

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

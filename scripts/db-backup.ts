// `npm run db:backup [-- --out <file>]`: writes an SQL dump of the embedded database, while
// the server runs or not (docs/decisions/059-embedded-backup.md). `npm run db:restore` loads
// it into an empty PostgreSQL. On PostgreSQL itself, use pg_dump.
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { dumpSql, requestSnapshot, writePrivateFile } from "../app/platform/db/backup.server.ts";
import { connectPglite } from "../app/platform/db/db.server.ts";
import { pgliteExtensions } from "../app/platform/db/pglite.server.ts";
import { getEnv } from "../app/platform/http/env.server.ts";

async function snapshot(dataDir: string): Promise<Blob> {
  const fromServer = await requestSnapshot(dataDir);
  if (fromServer) return fromServer;
  // No server holds DATA_DIR: open it here, which serves the same snapshot.
  const connection = await connectPglite(dataDir);
  try {
    const own = await requestSnapshot(dataDir);
    if (!own) throw new Error("The embedded database did not answer.");
    return own;
  } finally {
    await connection.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: "string" } }, strict: true });
  const { DATABASE_URL, DATA_DIR } = getEnv();
  if (DATABASE_URL) {
    throw new Error("DATABASE_URL is set: back up PostgreSQL with pg_dump.");
  }
  const out = values.out ?? `agentes-fx-${new Date().toISOString().replaceAll(":", "-")}.sql`;
  const copy = await PGlite.create({
    loadDataDir: await snapshot(DATA_DIR),
    extensions: pgliteExtensions,
  });
  try {
    // Owner-only: the dump holds password hashes and everyone's personal data.
    writePrivateFile(out, await dumpSql(copy));
  } finally {
    await copy.close();
  }
  console.log(`Backup written to ${out}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";

// Backups of the embedded database while the server runs (docs/decisions/059-embedded-backup.md).
// The server holds DATA_DIR alone, so it answers one question on a Unix socket inside that
// private folder: a copy of its data directory, taken between transactions. The backup
// command turns the copy into SQL in its own process, so the server only pays for the copy.

const SOCKET_NAME = "backup.sock";
const SNAPSHOT_PATH = "/snapshot";

export function backupSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), SOCKET_NAME);
}

/**
 * A copy of the data directory with no transaction half done: PGlite runs its single
 * statements and transactions one at a time under one lock, and the copy waits its turn.
 */
function snapshotDataDir(client: PGlite): Promise<File | Blob> {
  return client._runExclusiveTransaction(() => client.dumpDataDir("none"));
}

/** Serves snapshots on DATA_DIR/backup.sock until the returned function closes it. */
export async function serveBackupSnapshots(
  dataDir: string,
  client: PGlite,
): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(dataDir);
  // A socket file left by a killed server: whoever holds the DATA_DIR lock owns the name.
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || req.url !== SNAPSHOT_PATH) {
      res.writeHead(404).end();
      return;
    }
    snapshotDataDir(client)
      .then(async (snapshot) => {
        res.writeHead(200, { "content-type": "application/x-tar" });
        res.end(Buffer.from(await snapshot.arrayBuffer()));
      })
      .catch((error: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" }).end(String(error));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

/** Asks the server holding dataDir for a snapshot; undefined when no server answers. */
export function requestSnapshot(dataDir: string): Promise<Blob | undefined> {
  return new Promise((resolve, reject) => {
    const request = http.get({ socketPath: backupSocketPath(dataDir), path: SNAPSHOT_PATH });
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(undefined);
      else reject(error);
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode === 200) resolve(new Blob([body]));
        else reject(new Error(`The server could not copy its database: ${body.toString()}`));
      });
    });
  });
}

/** SQL that recreates every schema, table and row of the database (pg_dump, inserts). */
export async function dumpSql(client: PGlite): Promise<string> {
  const file = await pgDump({ pg: client, args: ["--no-owner", "--no-privileges"] });
  return file.text();
}

/**
 * Writes a backup readable by its owner only: 0600 also when the file already existed with
 * wider permissions (open's mode applies only to a new file), and never through a symbolic
 * link, which could point the dump of everyone's data anywhere (O_NOFOLLOW).
 */
export function writePrivateFile(file: string, content: string): void {
  let fd: number;
  try {
    fd = fs.openSync(
      file,
      fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_TRUNC | fs.constants.O_NOFOLLOW,
      0o600,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP") {
      throw new Error(`${file} is a symbolic link: give the backup a path of its own.`);
    }
    throw error;
  }
  try {
    fs.fchmodSync(fd, 0o600);
    fs.writeFileSync(fd, content);
  } finally {
    fs.closeSync(fd);
  }
}

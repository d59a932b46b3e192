import fs from "node:fs";
import path from "node:path";

// PGlite has no lock of its own and two processes on one folder silently lose rows, so
// whoever opens DATA_DIR holds this file (docs/decisions/004-data-dir-lock.md).
const LOCK_FILE = "server.lock";

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `DATA_DIR ${path.resolve(dataDir)} is in use by process ${pid}. ` +
        "Stop that server first, or give this one another DATA_DIR.",
    );
    this.name = "DataDirLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Makes DATA_DIR private to the server's user: the folder is created (or set) 0700, so no
 * other user can reach anything inside, and every file in it becomes owner-only. PGlite sets
 * 0666 on its files itself (a umask does not help), so this runs again after PGlite opened
 * and when it closes (docs/decisions/056-data-dir-permissions.md).
 */
export function makeDataDirPrivate(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
  for (const entry of fs.readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) fs.chmodSync(full, 0o700);
    else if (entry.isFile()) fs.chmodSync(full, 0o600);
  }
}

/** Takes the lock or throws DataDirLockedError; a lock left by a dead process is taken over. */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx", mode: 0o600 });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${path.resolve(dataDir)}`);
}

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BuiltServer, startBuiltServer } from "../../tests/support/built-server.ts";

/** Resident memory of a process in MB (Linux /proc). */
export function rssMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kilobytes / 1024);
}

/** Runs `run` against the built server on a fresh DATA_DIR, then stops it and removes the folder. */
export async function withBuiltServer<T>(
  label: string,
  env: Record<string, string | undefined>,
  run: (server: BuiltServer) => Promise<T>,
): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agentes-bench-${label}-`));
  try {
    const server = await startBuiltServer({ DATA_DIR: dataDir, ...env });
    try {
      return await run(server);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

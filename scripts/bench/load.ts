import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startBuiltServer } from "../../tests/support/built-server.ts";
import { type LoadFigures, rssMegabytes, runAutocannon } from "./measure.ts";

// Page views under load: autocannon on loopback against the built server.
// Targets (DESIGN.md): >= 2,000 requests/s with p99 < 100 ms per page on 2 cores.
export const loadPaths = ["/", "/precos", "/blog"] as const;

export interface PageLoadRow extends LoadFigures {
  path: string;
  rssBeforeMb: number;
  rssAfterMb: number;
}

export async function measurePageLoad({ durationSeconds = 10, connections = 32 } = {}): Promise<
  PageLoadRow[]
> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-bench-"));
  const server = await startBuiltServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  const pid = server.process.pid as number;
  const rows: PageLoadRow[] = [];
  try {
    for (const pagePath of loadPaths) {
      // Warm up (JIT, caches) before measuring.
      await runAutocannon({ url: server.url + pagePath, connections, duration: 2 });
      const rssBeforeMb = rssMegabytes(pid);
      const figures = await runAutocannon({
        url: server.url + pagePath,
        connections,
        duration: durationSeconds,
      });
      rows.push({ path: pagePath, ...figures, rssBeforeMb, rssAfterMb: rssMegabytes(pid) });
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.main) {
  const rows = await measurePageLoad();
  console.log("Page views (target >= 2000 req/s, p99 < 100 ms)");
  console.table(rows);
}

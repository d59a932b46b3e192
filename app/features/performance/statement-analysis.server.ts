// Reading and computing an uploaded statement in a worker thread (docs/decisions/198): a
// 5 MB file takes most of a second of CPU, which on the server's event loop held every
// other request (/healthz answered in up to 830 ms during an upload). Uploads are rare staff
// actions, so each gets a thread of its own, ended with its answer or its time limit.
import { Worker } from "node:worker_threads";
import type { ComputeResult } from "./compute.ts";
import type { ServerClock, StatementFormat, StatementHeader } from "./model.ts";
import type { StatementProblem } from "./statement-parse.ts";
import type { AnalysisRequest } from "./statement-worker.server.ts";

export type StatementAnalysis =
  | { ok: false; problem: StatementProblem }
  | {
      ok: true;
      header: StatementHeader;
      format: StatementFormat;
      /** The file's SHA-256 (hex), computed in the worker as well. */
      sha256: string;
      computed: ComputeResult;
    };

// Past the reader's own 10 s deadline, with room for the ledger and the figures.
const TIME_LIMIT_MS = 30_000;
// A 5 MB statement peaks near 60 MB; a hostile one is stopped well before the server's heap.
const HEAP_LIMIT_MB = 256;

/**
 * The worker's module: beside this one in the sources (tests, `npm run dev`, benchmarks: Node
 * strips the types); build/statement-worker.js in the production build (vite.entry.config.ts),
 * where this module lies in a chunk under build/server/.
 */
function workerModule(): URL {
  const here = import.meta.url;
  if (here.endsWith(".ts")) return new URL("./statement-worker.server.ts", here);
  return new URL("statement-worker.js", here.slice(0, here.lastIndexOf("/build/") + 7));
}

export function analyseStatement(
  bytes: Uint8Array,
  serverClock: ServerClock,
  { heapLimitMb = HEAP_LIMIT_MB } = {},
): Promise<StatementAnalysis> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerModule(), {
      resourceLimits: { maxOldGenerationSizeMb: heapLimitMb },
    });
    const timer = setTimeout(
      () => settle({ ok: false, problem: { code: "too-slow" } }),
      TIME_LIMIT_MS,
    );
    let settled = false;
    function settle(answer: StatementAnalysis | Error) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (answer instanceof Error) reject(answer);
      else resolve(answer);
    }
    worker.once("message", (answer: StatementAnalysis) => settle(answer));
    worker.once("error", (error) =>
      // Out of its heap: a statement that needs more memory than a reading may take (not
      // necessarily too many rows; the reader's own row limit says so itself), not a server
      // fault.
      settle(
        (error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY"
          ? { ok: false, problem: { code: "out-of-memory" } }
          : error,
      ),
    );
    worker.once("exit", () => settle(new Error("the statement worker exited without answering")));
    worker.postMessage({ bytes, serverClock } satisfies AnalysisRequest);
  });
}

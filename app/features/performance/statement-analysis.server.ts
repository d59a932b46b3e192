// Reading and computing an uploaded statement in a process of its own (docs/decisions/198,
// 233): a 5 MB file takes most of a second of CPU, which on the server's event loop held
// every other request, and a worker thread's heap limit is best-effort (a thread out of its
// heap can abort the whole server). Uploads are rare staff actions, so each gets a child
// process, ended with its answer or its time limit.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { entryModule } from "../../platform/entry-module.server.ts";
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
// A 5 MB statement peaks near 60 MB; a hostile one is stopped here, in its own process.
const HEAP_LIMIT_MB = 256;

export function analyseStatement(
  bytes: Uint8Array,
  serverClock: ServerClock,
  { heapLimitMb = HEAP_LIMIT_MB } = {},
): Promise<StatementAnalysis> {
  return new Promise((resolve, reject) => {
    const reader = fork(
      fileURLToPath(
        entryModule(import.meta.url, "./statement-worker.server.ts", "statement-worker"),
      ),
      [],
      {
        // The parent's flags (the TypeScript conditions in development), then the heap limit.
        execArgv: [...process.execArgv, `--max-old-space-size=${heapLimitMb}`],
        serialization: "advanced",
        stdio: ["ignore", "ignore", "pipe", "ipc"],
      },
    );
    let stderr = "";
    reader.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      if (stderr.length < 64 * 1024) stderr += chunk;
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
      reader.kill("SIGKILL");
      if (answer instanceof Error) reject(answer);
      else resolve(answer);
    }
    reader.once("message", (answer: StatementAnalysis) => settle(answer));
    reader.once("error", (error) => settle(error));
    // "close" comes after its stderr has ended: out of its heap, V8 says so there before
    // aborting. A statement that needs more memory than a reading may take (not necessarily
    // too many rows; the reader's own row limit says so itself) is not a server fault.
    reader.once("close", (code, signal) =>
      settle(
        /heap out of memory/.test(stderr)
          ? { ok: false, problem: { code: "out-of-memory" } }
          : new Error(`the statement reader exited (${signal ?? code}) without answering`),
      ),
    );
    reader.send({ bytes, serverClock } satisfies AnalysisRequest);
  });
}

// Reading and computing an uploaded statement in a process of its own (docs/decisions/198,
// 233, 263): a 5 MB file takes most of a second of CPU, which on the server's event loop held
// every other request, and a worker thread's heap limit is best-effort (a thread out of its
// heap can abort the whole server). The reader process is started with the server and kept
// for the next upload: forking a process copies the forking one's page tables, 30-100 ms in
// which this server answers nothing at its usual size. A reading that fails (out of memory,
// past its time limit, crashed) ends that reader; the next upload starts another.
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { entryModule } from "../../platform/entry-module.server.ts";
import type { ComputeResult } from "./compute.ts";
import type { ServerClock, StatementFormat, StatementHeader } from "./model.ts";
import type { StatementProblem } from "./statement-parse.ts";
import type { ReaderMessage } from "./statement-worker.server.ts";

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
// The file goes to the reader in parts of this size, each serialised on its own, so sending
// 5 MB never holds the server's thread in one block.
const PART_BYTES = 256 * 1024;

interface Reader {
  child: ChildProcess;
  heapLimitMb: number;
  /** What the reader wrote on stderr during the current reading (its first 64 KB). */
  stderr: string;
}

let reader: Reader | null = null;
// One reading at a time: a second upload waits for the reader.
let queue: Promise<unknown> = Promise.resolve();

function startReader(heapLimitMb: number): Reader {
  const child = fork(
    fileURLToPath(entryModule(import.meta.url, "./statement-worker.server.ts", "statement-worker")),
    [],
    {
      // The parent's flags (the TypeScript conditions in development), then the heap limit.
      execArgv: [...process.execArgv, `--max-old-space-size=${heapLimitMb}`],
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    },
  );
  const started: Reader = { child, heapLimitMb, stderr: "" };
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    if (started.stderr.length < 64 * 1024) started.stderr += chunk;
  });
  child.once("exit", () => {
    if (reader === started) reader = null;
  });
  // Spawning failed (no memory for a process): the reading that waits says so.
  child.on("error", () => {});
  keepAlive(started, false);
  return started;
}

/** An idle reader does not keep a process (a test, a script) from ending. */
function keepAlive({ child }: Reader, busy: boolean) {
  const handles = [child, child.channel, child.stderr] as ({ ref(): void; unref(): void } | null)[];
  for (const handle of handles) {
    if (busy) handle?.ref();
    else handle?.unref();
  }
}

/** Starts the reader ahead of the first upload (the web server does, as it starts). */
export function startStatementReader(): void {
  reader ??= startReader(HEAP_LIMIT_MB);
}

export function stopStatementReader(): void {
  reader?.child.kill("SIGKILL");
  reader = null;
}

export function analyseStatement(
  bytes: Uint8Array,
  serverClock: ServerClock,
  { heapLimitMb = HEAP_LIMIT_MB } = {},
): Promise<StatementAnalysis> {
  const reading = queue.then(() => read(bytes, serverClock, heapLimitMb));
  queue = reading.catch(() => {});
  return reading;
}

function read(
  bytes: Uint8Array,
  serverClock: ServerClock,
  heapLimitMb: number,
): Promise<StatementAnalysis> {
  if (reader?.heapLimitMb !== heapLimitMb) {
    stopStatementReader();
    reader = startReader(heapLimitMb);
  }
  const current = reader;
  const { child } = current;
  current.stderr = "";
  keepAlive(current, true);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => settle({ ok: false, problem: { code: "too-slow" } }),
      TIME_LIMIT_MS,
    );
    let settled = false;
    function settle(answer: StatementAnalysis | Error, answered = false) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off("message", onMessage).off("close", onClose).off("error", onError);
      // A reader that did not answer is not trusted with another reading.
      if (answered) keepAlive(current, false);
      else if (reader === current) stopStatementReader();
      else child.kill("SIGKILL");
      if (answer instanceof Error) reject(answer);
      else resolve(answer);
    }
    function onMessage(answer: StatementAnalysis) {
      settle(answer, true);
    }
    function onError(error: Error) {
      settle(error);
    }
    // "close" comes after its stderr has ended: out of its heap, V8 says so there before
    // aborting. A statement that needs more memory than a reading may take (not necessarily
    // too many rows; the reader's own row limit says so itself) is not a server fault.
    function onClose(code: number | null, signal: NodeJS.Signals | null) {
      settle(
        /heap out of memory/.test(current.stderr)
          ? { ok: false, problem: { code: "out-of-memory" } }
          : new Error(`the statement reader exited (${signal ?? code}) without answering`),
      );
    }
    child.on("message", onMessage).once("close", onClose).once("error", onError);
    void sendFile(child, bytes, serverClock).catch(onError);
  });
}

async function sendFile(child: ChildProcess, bytes: Uint8Array, serverClock: ServerClock) {
  const send = (message: ReaderMessage) =>
    new Promise<void>((resolve, reject) =>
      child.send(message, (error) => (error ? reject(error) : resolve())),
    );
  for (let at = 0; at < bytes.byteLength; at += PART_BYTES) {
    await send({ part: bytes.subarray(at, at + PART_BYTES) });
  }
  await send({ serverClock });
}

// Reading and computing an uploaded statement in a process of its own (docs/decisions/198,
// 233, 263): a 5 MB file takes most of a second of CPU, which on the server's event loop held
// every other request, and a worker thread's heap limit is best-effort (a thread out of its
// heap can abort the whole server). The first upload starts the reader process, and it is
// kept for the next ones until it has been idle for IDLE_MS (docs/decisions/268): forking
// copies the server's page tables (10-60 ms in which it answers nothing), while an idle
// reader holds about 60 MB. A reading that fails (out of memory, past its time limit,
// crashed) ends that reader; the next upload starts another.
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { entryModule } from "../../platform/entry-module.server.ts";
import type { ComputeProblem, ComputeResult } from "./compute.ts";
import type { PerformanceRecord, ServerClock, StatementFormat, StatementHeader } from "./model.ts";
import type { StatementProblem } from "./statement-parse.ts";
import type { ReaderReply, ReaderRequest } from "./statement-worker.server.ts";

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

// Past the reader's own 10 s deadline, with room for the form, the ledger and the figures.
const TIME_LIMIT_MS = 30_000;
// A 5 MB statement peaks near 60 MB; a hostile one is stopped here, in its own process.
const HEAP_LIMIT_MB = 256;
// Staff uploading a few statements in a row fork once; a server that reads one a month does
// not keep a process for it.
const IDLE_MS = 120_000;

interface Reader {
  child: ChildProcess;
  heapLimitMb: number;
  /** What the reader wrote on stderr during the current reading (its first 64 KB). */
  stderr: string;
  idleMs: number;
  /** Ends the reader once it has been idle for idleMs. */
  idleTimer?: NodeJS.Timeout;
}

let reader: Reader | null = null;
// One reading at a time: a second upload waits for the reader.
let queue: Promise<unknown> = Promise.resolve();

function startReader(heapLimitMb: number, idleMs: number): Reader {
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
  const started: Reader = { child, heapLimitMb, stderr: "", idleMs };
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    if (started.stderr.length < 64 * 1024) started.stderr += chunk;
  });
  child.once("exit", () => {
    clearTimeout(started.idleTimer);
    if (reader === started) reader = null;
  });
  // Spawning failed (no memory for a process): the reading that waits says so.
  child.on("error", () => {});
  keepAlive(started, false);
  return started;
}

/**
 * An idle reader does not keep a process (a test, a script) from ending, and ends after
 * idleMs.
 */
function keepAlive(current: Reader, busy: boolean) {
  const { child } = current;
  const handles = [child, child.channel, child.stderr] as ({ ref(): void; unref(): void } | null)[];
  for (const handle of handles) {
    if (busy) handle?.ref();
    else handle?.unref();
  }
  clearTimeout(current.idleTimer);
  if (busy) return;
  current.idleTimer = setTimeout(() => {
    if (reader === current) stopStatementReader();
  }, current.idleMs).unref();
}

/** Whether a reader process is up (it is only between an upload and IDLE_MS later). */
export const statementReaderRunning = () => reader !== null;

export function stopStatementReader(): void {
  reader?.child.kill("SIGKILL");
  reader = null;
}

/** An upload's form as the reader read it. */
export interface UploadForm {
  /** The form's text fields, in order, repeats included. */
  fields: [string, string][];
  file: { name: string; size: number } | null;
  /** Whether the reader goes on to analyse the file (a file within the limit, a known clock). */
  analysing: boolean;
}

export type StatementUpload =
  /** The body was too large (413) or could not be read or parsed as a form (400). */
  | { ok: false; status: 400 | 413 }
  /** The reading ended without a form (out of memory, too slow). */
  | { ok: false; status: 422; problem: StatementProblem }
  | {
      ok: true;
      form: UploadForm;
      /** When form.analysing: the analysis, and the file when the analysis succeeded. */
      analysis: StatementAnalysis | null;
      bytes: Uint8Array | null;
    };

/**
 * A multipart upload's body read by the reader process: its chunks are sent there as they
 * arrive (the body is never joined or parsed on this thread), the reader parses the form and
 * analyses the file, and the file comes back in parts, joined here once (docs/decisions/265).
 */
export function readStatementUpload(
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  maxBytes: number,
  { heapLimitMb = HEAP_LIMIT_MB, idleMs = IDLE_MS } = {},
): Promise<StatementUpload> {
  const reading = queue.then(() => read({ body, contentType, maxBytes }, heapLimitMb, idleMs));
  queue = reading.catch(() => {});
  return reading;
}

/**
 * A received message read by the reader process (docs/decisions/490): the statement it
 * carries (its first HTML attachment, or else its HTML body) as an upload's form whose file it
 * is (`form.file` null: the message carries none), analysed as an upload's file, so neither
 * the MIME message nor the statement is parsed on this thread.
 */
export function readMailedStatement(
  raw: Uint8Array,
  serverClock: ServerClock,
): Promise<StatementUpload> {
  const reading = queue.then(() => read({ mail: { raw, serverClock } }, HEAP_LIMIT_MB, IDLE_MS));
  queue = reading.catch(() => {});
  return reading;
}

type Reading =
  | { body: ReadableStream<Uint8Array> | null; contentType: string; maxBytes: number }
  | { mail: { raw: Uint8Array; serverClock: ServerClock } };

async function read(
  reading: Reading,
  heapLimitMb: number,
  idleMs: number,
): Promise<StatementUpload> {
  if (reader?.heapLimitMb !== heapLimitMb || reader.idleMs !== idleMs) {
    stopStatementReader();
    reader = startReader(heapLimitMb, idleMs);
  }
  const current = reader;
  const { child } = current;
  current.stderr = "";
  keepAlive(current, true);
  let form: UploadForm | null = null;
  const fileParts: Uint8Array[] = [];
  let giveUp = () => {};
  const answer = new Promise<StatementUpload>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => failed({ code: "too-slow" }), TIME_LIMIT_MS);
    function settle(upload: StatementUpload | Error, answered = false) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off("message", onMessage).off("close", onClose).off("error", onError);
      // A reader that did not answer is not trusted with another reading.
      if (answered) keepAlive(current, false);
      else if (reader === current) stopStatementReader();
      else child.kill("SIGKILL");
      if (upload instanceof Error) reject(upload);
      else resolve(upload);
    }
    /** The reading ended with this problem: on the form when there is one. */
    function failed(problem: StatementProblem) {
      const analysis = { ok: false as const, problem };
      settle(
        form ? { ok: true, form, analysis, bytes: null } : { ok: false, status: 422, problem },
      );
    }
    giveUp = () => settle({ ok: false, status: 400 }, true);
    function onMessage(message: ReaderReply) {
      if ("form" in message) {
        form = message.form;
        if (!form) settle({ ok: false, status: 400 }, true);
        else if (!form.analysing) settle({ ok: true, form, analysis: null, bytes: null }, true);
      } else if ("filePart" in message) fileParts.push(message.filePart);
      else if ("analysis" in message && form) {
        const bytes = message.analysis.ok ? join(fileParts) : null;
        settle({ ok: true, form, analysis: message.analysis, bytes }, true);
      }
    }
    function onError(error: Error) {
      settle(error);
    }
    // "close" comes after its stderr has ended: out of its heap, V8 says so there before
    // aborting. A statement that needs more memory than a reading may take (not necessarily
    // too many rows; the reader's own row limit says so itself) is not a server fault.
    function onClose(code: number | null, signal: NodeJS.Signals | null) {
      if (/heap out of memory/.test(current.stderr)) failed({ code: "out-of-memory" });
      else settle(new Error(`the statement reader exited (${signal ?? code}) without answering`));
    }
    child.on("message", onMessage).once("close", onClose).once("error", onError);
  });
  // Settled while the body is still being sent (the reader died): awaited below.
  answer.catch(() => {});
  const send = (message: ReaderRequest) =>
    new Promise<void>((resolve, reject) =>
      child.send(message, (error) => (error ? reject(error) : resolve())),
    );
  try {
    if ("mail" in reading) await send({ mail: reading.mail });
    else {
      const refusal = await sendBody(reading.body, reading.maxBytes, send);
      if (refusal) {
        await send({ end: null });
        giveUp();
        return { ok: false, status: refusal };
      }
      await send({ end: { contentType: reading.contentType } });
    }
  } catch {
    // The reader died while the body was on its way to it (out of its heap as the form
    // arrived): how it ended is the answer.
  }
  return answer;
}

/**
 * The body's chunks to the reader as they arrive; 413 past maxBytes, 400 if the request's
 * body cannot be read (a failure to send is the reader's, and thrown).
 */
async function sendBody(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  send: (message: ReaderRequest) => Promise<void>,
): Promise<400 | 413 | null> {
  if (!body) return null;
  const chunks = body.getReader();
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await chunks.read();
    } catch {
      return 400;
    }
    if (chunk.done) return null;
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      await chunks.cancel().catch(() => {});
      return 413;
    }
    await send({ part: chunk.value });
  }
}

/** Stored statements of one account as one record, or why not (docs/decisions/430). */
export type CombinedStatements =
  | { ok: true; record: PerformanceRecord }
  | { ok: false; problem: StatementProblem | ComputeProblem };

/**
 * Several stored statements read and combined by the reader process, after the readings
 * queued before it (their files were read there once already; together they may be 60).
 */
export function combineStatementFiles(
  files: Uint8Array[],
  serverClock: ServerClock,
): Promise<CombinedStatements> {
  const combining = queue.then(() => combineInReader(files, serverClock));
  queue = combining.catch(() => {});
  return combining;
}

function combineInReader(
  files: Uint8Array[],
  serverClock: ServerClock,
): Promise<CombinedStatements> {
  if (reader?.heapLimitMb !== HEAP_LIMIT_MB || reader.idleMs !== IDLE_MS) {
    stopStatementReader();
    reader = startReader(HEAP_LIMIT_MB, IDLE_MS);
  }
  const current = reader;
  const { child } = current;
  current.stderr = "";
  keepAlive(current, true);
  return new Promise<CombinedStatements>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error("combining statements took too long")),
      TIME_LIMIT_MS,
    );
    function done() {
      clearTimeout(timer);
      child.off("message", onMessage).off("close", onClose);
    }
    function fail(error: Error) {
      done();
      if (reader === current) stopStatementReader();
      reject(error);
    }
    function onMessage(message: ReaderReply) {
      if (!("combined" in message)) return;
      done();
      keepAlive(current, false);
      resolve(message.combined);
    }
    function onClose(code: number | null, signal: NodeJS.Signals | null) {
      if (/heap out of memory/.test(current.stderr)) {
        done();
        resolve({ ok: false, problem: { code: "out-of-memory" } });
      } else fail(new Error(`the statement reader exited (${signal ?? code}) while combining`));
    }
    child.on("message", onMessage).once("close", onClose);
    child.send({ combine: { files, serverClock } } satisfies ReaderRequest, (error) => {
      if (error) fail(error);
    });
  });
}

function join(parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((size, part) => size + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

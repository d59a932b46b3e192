// The worker thread of a CSV export on PostgreSQL (admin-csv.server.ts, docs/decisions/405,
// 435, 463): its own connection runs the filter's COPY, whose rows PostgreSQL writes as CSV;
// this thread adds the head, compresses the file in the encoding the client takes, and
// gathers the result into chunks, one per "next" from the web thread, which owns the response
// (backpressure). The chunk's memory is handed over, not copied.
import { pipeline } from "node:stream";
import { parentPort, workerData } from "node:worker_threads";
import { copyOutOfPostgres } from "../../platform/db/db.server.ts";
import {
  type ContentEncoding,
  fastestCompressor,
} from "../../platform/http/content-encoding.server.ts";
import { csvHead } from "./admin-csv.server.ts";
import { type CsvSeparator, csvSeparators, type WaitlistFilter } from "./admin-filters.ts";
import { waitlistExportCopy } from "./admin-queries.server.ts";

export interface CsvExportTask {
  databaseUrl: string;
  filter: WaitlistFilter;
  separator: CsvSeparator;
  encoding: ContentEncoding;
}

/** A chunk of the CSV, none at its end, or why it failed. */
export type CsvExportReply = { chunk: Uint8Array<ArrayBuffer> | null } | { error: string };

// Bytes per chunk handed over: COPY and the compressor yield chunks of a few KB, and each
// hand-over is a message each way.
const CHUNK_BYTES = 256 * 1024;

/** The source's chunks gathered into chunks of about CHUNK_BYTES, each on its own memory. */
async function* gathered(
  source: AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array<ArrayBuffer>, void> {
  let parts: Uint8Array[] = [];
  let size = 0;
  const take = () => {
    const chunk = new Uint8Array(size);
    let offset = 0;
    for (const part of parts) {
      chunk.set(part, offset);
      offset += part.length;
    }
    parts = [];
    size = 0;
    return chunk;
  };
  for await (const part of source) {
    parts.push(part);
    size += part.length;
    if (size >= CHUNK_BYTES) yield take();
  }
  if (size > 0) yield take();
}

async function* csvBytes(task: CsvExportTask): AsyncGenerator<Uint8Array, void> {
  yield csvHead(task.separator);
  const statement = waitlistExportCopy(task.filter, csvSeparators[task.separator]);
  yield* copyOutOfPostgres(task.databaseUrl, statement);
}

/** The file in the task's encoding; a failure of the copy reaches whoever reads it. */
function encoded(task: CsvExportTask): AsyncIterable<Uint8Array> {
  if (task.encoding === "identity") return csvBytes(task);
  const compressor = fastestCompressor(task.encoding);
  pipeline(csvBytes(task), compressor, () => {});
  return compressor;
}

function csvChunks(task: CsvExportTask): AsyncGenerator<Uint8Array<ArrayBuffer>, void> {
  return gathered(encoded(task));
}

function run(port: NonNullable<typeof parentPort>, task: CsvExportTask) {
  const chunks = csvChunks(task);
  port.on("message", () => {
    chunks.next().then(
      ({ value, done }) => {
        if (done) return port.postMessage({ chunk: null } satisfies CsvExportReply);
        port.postMessage({ chunk: value } satisfies CsvExportReply, [value.buffer]);
      },
      (error: unknown) => port.postMessage({ error: String(error) } satisfies CsvExportReply),
    );
  });
}

if (parentPort) run(parentPort, workerData as CsvExportTask);

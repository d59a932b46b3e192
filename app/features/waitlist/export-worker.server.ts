// The worker thread of a CSV export on PostgreSQL (admin-csv.server.ts, docs/decisions/405,
// 435): its own connection runs the filter's COPY, whose rows PostgreSQL writes as CSV; this
// thread adds the head and gathers the copy's small chunks into larger ones, one per "next"
// from the web thread, which owns the response (backpressure). The chunk's memory is handed
// over, not copied.
import { parentPort, workerData } from "node:worker_threads";
import { copyOutOfPostgres } from "../../platform/db/db.server.ts";
import { csvHead } from "./admin-csv.server.ts";
import { type CsvSeparator, csvSeparators, type WaitlistFilter } from "./admin-filters.ts";
import { waitlistExportCopy } from "./admin-queries.server.ts";

export interface CsvExportTask {
  databaseUrl: string;
  filter: WaitlistFilter;
  separator: CsvSeparator;
}

/** A chunk of the CSV, none at its end, or why it failed. */
export type CsvExportReply = { chunk: Uint8Array<ArrayBuffer> | null } | { error: string };

// Bytes per chunk handed over: COPY yields a chunk per socket read, often a few KB, and each
// hand-over is a message each way.
const CHUNK_BYTES = 256 * 1024;

/** The copy's chunks gathered into chunks of about CHUNK_BYTES, each on its own memory. */
async function* gathered(
  source: AsyncGenerator<Buffer>,
): AsyncGenerator<Uint8Array<ArrayBuffer>, void> {
  let parts: Buffer[] = [];
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

async function* csvChunks(task: CsvExportTask): AsyncGenerator<Uint8Array<ArrayBuffer>, void> {
  yield csvHead(task.separator);
  const statement = waitlistExportCopy(task.filter, csvSeparators[task.separator]);
  yield* gathered(copyOutOfPostgres(task.databaseUrl, statement));
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

// The worker thread of a CSV export on PostgreSQL (admin-csv.server.ts, docs/decisions/405):
// its own connection reads the filter's rows in large batches and writes them as CSV, one
// chunk per "next" from the web thread, which owns the response (backpressure). The chunk's
// memory is handed over, not copied.
import { parentPort, workerData } from "node:worker_threads";
import { connectPostgresReader } from "../../platform/db/db.server.ts";
import { csvChunks } from "./admin-csv.server.ts";
import type { CsvSeparator, WaitlistFilter } from "./admin-filters.ts";
import { waitlistExportBatches } from "./admin-queries.server.ts";

export interface CsvExportTask {
  databaseUrl: string;
  filter: WaitlistFilter;
  separator: CsvSeparator;
}

/** A chunk of the CSV, none at its end, or why it failed. */
export type CsvExportReply = { chunk: Uint8Array<ArrayBuffer> | null } | { error: string };

// Rows per statement here: nothing else runs on this thread, and fewer, larger statements
// cost less per row (the web thread's export reads 500).
const ROWS_PER_BATCH = 5_000;

async function run(port: NonNullable<typeof parentPort>, task: CsvExportTask) {
  const connection = await connectPostgresReader(task.databaseUrl);
  const chunks = csvChunks(
    waitlistExportBatches(task.filter, connection.db, ROWS_PER_BATCH),
    task.separator,
  );
  port.on("message", () => {
    chunks.next().then(
      async ({ value, done }) => {
        if (done) {
          await connection.close();
          return port.postMessage({ chunk: null } satisfies CsvExportReply);
        }
        port.postMessage({ chunk: value } satisfies CsvExportReply, [value.buffer]);
      },
      (error: unknown) => port.postMessage({ error: String(error) } satisfies CsvExportReply),
    );
  });
}

if (parentPort) void run(parentPort, workerData as CsvExportTask);

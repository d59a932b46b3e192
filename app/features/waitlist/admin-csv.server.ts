import { Worker } from "node:worker_threads";
import { stringify } from "csv-stringify/sync";
import { waitlistCsvCopy as copy } from "../../content/admin.ts";
import { type CsvSeparator, csvSeparators, type WaitlistFilter } from "./admin-filters.ts";
import { waitlistExportBatches } from "./admin-queries.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { entryModule } from "../../platform/entry-module.server.ts";
import type { ContentEncoding } from "../../platform/http/content-encoding.server.ts";
import type { CsvExportReply, CsvExportTask } from "./export-worker.server.ts";

// /admin/lista.csv (docs/decisions/072-waitlist-csv-export.md, 146): UTF-8 with BOM, a header
// row, pt-BR dates in São Paulo time, streamed; cells separated by ";" (what Excel opens in a
// Brazilian locale, where "," is the decimal mark) unless "," is asked for. The database
// writes every cell (exportCells); on PostgreSQL its COPY writes the rows too, in a worker
// thread (decisions 405, 435); on PGlite csv-stringify writes each batch as one chunk.

/** The BOM and the header row, the file's start even with no rows. */
export function csvHead(separator: CsvSeparator): Uint8Array<ArrayBuffer> {
  return csvText([], separator, true);
}

function csvText(
  records: (string | null)[][],
  separator: CsvSeparator,
  head: boolean,
): Uint8Array<ArrayBuffer> {
  const text = stringify(records, {
    bom: head,
    header: head,
    columns: [...copy.columns],
    delimiter: csvSeparators[separator],
  });
  return new TextEncoder().encode(text);
}

/** The CSV's bytes on PGlite, one chunk per batch of rows, after the head. */
async function* embeddedCsvChunks(
  filter: WaitlistFilter,
  separator: CsvSeparator,
): AsyncGenerator<Uint8Array<ArrayBuffer>, void> {
  yield csvHead(separator);
  for await (const batch of waitlistExportBatches(filter)) yield csvText(batch, separator, false);
}

/** Pulls one chunk per read (backpressure) and ends the source when the reader cancels. */
function pulled(
  next: () => Promise<IteratorResult<Uint8Array<ArrayBuffer>, void>>,
  end: () => Promise<unknown>,
): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    async pull(controller) {
      const { value, done } = await next();
      if (done) {
        await end();
        return controller.close();
      }
      controller.enqueue(value);
    },
    async cancel() {
      await end();
    },
  });
}

/**
 * The filter's entries as a streamed CSV body, read one chunk per pull (backpressure), and the
 * encoding it is in. On PostgreSQL a worker thread reads the database's COPY on a connection
 * of its own and compresses it in the encoding the client takes (docs/decisions/405, 435,
 * 463): the web thread only passes the bytes on. PGlite runs in this thread, so its export
 * does too, in small batches, and the server's compression encodes it.
 */
export function waitlistCsvStream(
  filter: WaitlistFilter,
  separator: CsvSeparator,
  accepted: ContentEncoding,
): { body: ReadableStream<Uint8Array<ArrayBuffer>>; encoding: ContentEncoding } {
  const databaseUrl = getEnv().DATABASE_URL;
  if (databaseUrl) {
    return {
      body: exportInWorker({ databaseUrl, filter, separator, encoding: accepted }),
      encoding: accepted,
    };
  }
  const chunks = embeddedCsvChunks(filter, separator);
  const body = pulled(
    () => chunks.next(),
    () => chunks.return(undefined),
  );
  return { body, encoding: "identity" };
}

function exportInWorker(task: CsvExportTask): ReadableStream<Uint8Array<ArrayBuffer>> {
  const worker = new Worker(
    entryModule(import.meta.url, "./export-worker.server.ts", "waitlist-export-worker"),
    { workerData: task },
  );
  let failure: Error | null = null;
  const replies: ((reply: CsvExportReply) => void)[] = [];
  worker.on("message", (reply: CsvExportReply) => replies.shift()?.(reply));
  const fail = (error: Error) => {
    failure = error;
    for (const resolve of replies.splice(0)) resolve({ error: error.message });
  };
  worker.once("error", fail);
  worker.once("exit", (code) => fail(new Error(`CSV export worker exited with ${code}`)));
  return pulled(
    async () => {
      if (failure) throw failure;
      const reply = await new Promise<CsvExportReply>((resolve) => {
        replies.push(resolve);
        worker.postMessage("next");
      });
      if ("error" in reply) throw new Error(`CSV export failed: ${reply.error}`);
      return reply.chunk ? { value: reply.chunk, done: false } : { value: undefined, done: true };
    },
    () => worker.terminate(),
  );
}

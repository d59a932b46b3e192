import { Worker } from "node:worker_threads";
import { stringify } from "csv-stringify/sync";
import { waitlistCsvCopy as copy, waitlistEntryCopy } from "../../content/admin.ts";
import { type CsvSeparator, csvSeparators, type WaitlistFilter } from "./admin-filters.ts";
import { type WaitlistExportRow, waitlistExportBatches } from "./admin-queries.server.ts";
import { invitationStatusLabels } from "../invitations/statuses.ts";
import { agentsText } from "./agents-text.ts";
import { statusLabels } from "./statuses.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { entryModule } from "../../platform/entry-module.server.ts";
import type { CsvExportReply, CsvExportTask } from "./export-worker.server.ts";

// /admin/lista.csv (docs/decisions/072-waitlist-csv-export.md, 146): UTF-8 with BOM, a header
// row, pt-BR dates in São Paulo time, streamed in keyset batches; cells separated by ";"
// (what Excel opens in a Brazilian locale, where "," is the decimal mark) unless "," is asked
// for. Each batch of rows becomes one chunk (csv-stringify's sync API): a chunk per row
// cost one socket write and several promise hops per row, and a million-row export took
// minutes (decision 077).

function toRecord(row: WaitlistExportRow): string[] {
  return [
    row.name,
    row.email,
    agentsText(row.interestedAgents),
    statusLabels[row.status],
    row.message ?? "",
    row.confirmedAt ?? "",
    row.marketingConsent ? waitlistEntryCopy.yes : waitlistEntryCopy.no,
    row.marketingConsentAt ?? "",
    row.termsAcceptedAt,
    row.source ?? "",
    row.utmMedium ?? "",
    row.utmCampaign ?? "",
    row.referrer ?? "",
    row.invitations
      .map(({ robot, status, sentAt }) =>
        copy.invitation(robot, invitationStatusLabels[status], sentAt),
      )
      .join("; "),
    row.createdAt,
  ];
}

/** The CSV's bytes, one chunk per batch of rows: BOM and header first, even with no rows. */
export async function* csvChunks(
  batches: AsyncGenerator<WaitlistExportRow[], void>,
  separator: CsvSeparator,
): AsyncGenerator<Uint8Array<ArrayBuffer>, void> {
  const encoder = new TextEncoder();
  let first = true;
  const csv = (records: string[][]) => {
    // escape_formulas: a cell a spreadsheet would run as a formula (=, +, -, @, tab, CR and
    // their full-width forms) gets a leading apostrophe, so it is shown as text.
    const text = stringify(records, {
      bom: first,
      header: first,
      columns: [...copy.columns],
      delimiter: csvSeparators[separator],
      escape_formulas: true,
    });
    first = false;
    return encoder.encode(text);
  };
  for await (const batch of batches) yield csv(batch.map(toRecord));
  // An empty export still has its BOM and header row.
  if (first) yield csv([]);
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
 * The filter's entries as a streamed CSV body, read one batch per pull (backpressure). On
 * PostgreSQL the rows are read and written in a worker thread with a connection of its own
 * (docs/decisions/405): the web thread only passes the bytes on, so a million-row export
 * neither holds its event loop nor fills its heap. PGlite runs in this thread, so its export
 * does too, in small batches.
 */
export function waitlistCsvStream(
  filter: WaitlistFilter,
  separator: CsvSeparator = "ponto-e-virgula",
): ReadableStream<Uint8Array<ArrayBuffer>> {
  const databaseUrl = getEnv().DATABASE_URL;
  if (databaseUrl) return exportInWorker({ databaseUrl, filter, separator });
  const chunks = csvChunks(waitlistExportBatches(filter), separator);
  return pulled(
    () => chunks.next(),
    () => chunks.return(undefined),
  );
}

function exportInWorker(task: CsvExportTask): ReadableStream<Uint8Array<ArrayBuffer>> {
  const worker = new Worker(
    entryModule(import.meta.url, "./export-worker.server.ts", "waitlist-export-worker"),
    {
      workerData: task,
      // Its own young generation: the server runs with small semi-spaces (npm run serve),
      // and a batch of rows living across a statement was promoted and collected again and
      // again (garbage collection was the export's largest cost, decision 405).
      resourceLimits: { maxYoungGenerationSizeMb: 48 },
    },
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

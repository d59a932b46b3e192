import { stringify } from "csv-stringify/sync";
import { waitlistCsvCopy as copy, waitlistEntryCopy } from "../../content/admin.ts";
import type { WaitlistFilter } from "./admin-filters.ts";
import { waitlistExportBatches } from "./admin-queries.server.ts";
import { agentsText } from "./agents-text.ts";
import { statusLabels } from "./statuses.ts";

// /admin/lista.csv (docs/decisions/072-waitlist-csv-export.md): UTF-8 with BOM, a header
// row, pt-BR dates in São Paulo time, streamed in keyset batches. Each batch of 500 rows
// becomes one chunk (csv-stringify's sync API): a chunk per row cost one socket write and
// several promise hops per row, and a million-row export took minutes (decision 077).

function toRecord(row: {
  name: string;
  email: string;
  interestedAgents: string[];
  status: keyof typeof statusLabels;
  message: string | null;
  marketingConsent: boolean;
  termsAcceptedAt: string;
  source: string | null;
  createdAt: string;
}): string[] {
  return [
    row.name,
    row.email,
    agentsText(row.interestedAgents),
    statusLabels[row.status],
    row.message ?? "",
    row.marketingConsent ? waitlistEntryCopy.yes : waitlistEntryCopy.no,
    row.termsAcceptedAt,
    row.source ?? "",
    row.createdAt,
  ];
}

/** The filter's entries as a streamed CSV body, read one batch per pull (backpressure). */
export function waitlistCsvStream(filter: WaitlistFilter): ReadableStream<Uint8Array> {
  const batches = waitlistExportBatches(filter);
  const encoder = new TextEncoder();
  let first = true;
  const csv = (records: string[][]) => {
    // escape_formulas: a cell a spreadsheet would run as a formula (=, +, -, @, tab, CR and
    // their full-width forms) gets a leading apostrophe, so it is shown as text.
    const text = stringify(records, {
      bom: first,
      header: first,
      columns: [...copy.columns],
      escape_formulas: true,
    });
    first = false;
    return encoder.encode(text);
  };
  return new ReadableStream({
    async pull(controller) {
      const { value: batch, done } = await batches.next();
      if (!done) return controller.enqueue(csv(batch.map(toRecord)));
      // An empty export still has its BOM and header row.
      if (first) controller.enqueue(csv([]));
      controller.close();
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

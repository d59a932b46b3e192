import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { waitlistCsvCopy as copy, waitlistEntryCopy } from "../../content/admin.ts";
import type { WaitlistFilter } from "./admin-filters.ts";
import { waitlistExportRows } from "./admin-queries.server.ts";
import { agentsText } from "./agents-text.ts";
import { statusLabels } from "./statuses.ts";
import { formatDateTime } from "../admin/date-time.ts";

// /admin/lista.csv (docs/decisions/072-waitlist-csv-export.md): UTF-8 with BOM, a header
// row, pt-BR dates in São Paulo time, streamed in keyset batches.

/**
 * A cell a spreadsheet would run as a formula (it starts with =, +, -, @, tab or CR) gets a
 * leading apostrophe, so it is shown as text.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function toRecord(row: {
  name: string;
  email: string;
  interestedAgents: string[];
  status: keyof typeof statusLabels;
  message: string | null;
  marketingConsent: boolean;
  termsAcceptedAt: Date;
  source: string | null;
  createdAt: Date;
}): string[] {
  return [
    row.name,
    row.email,
    agentsText(row.interestedAgents),
    statusLabels[row.status],
    row.message ?? "",
    row.marketingConsent ? waitlistEntryCopy.yes : waitlistEntryCopy.no,
    formatDateTime(row.termsAcceptedAt),
    row.source ?? "",
    formatDateTime(row.createdAt),
  ].map(neutraliseFormula);
}

async function* records(filter: WaitlistFilter) {
  for await (const row of waitlistExportRows(filter)) yield toRecord(row);
}

/** The filter's entries as a streamed CSV body. */
export function waitlistCsvStream(filter: WaitlistFilter): ReadableStream<Uint8Array> {
  const csv = stringify({ bom: true, header: true, columns: [...copy.columns] });
  const source = Readable.from(records(filter));
  source.on("error", (error) => csv.destroy(error));
  source.pipe(csv);
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}

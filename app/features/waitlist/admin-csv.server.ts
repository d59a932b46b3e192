import { stringify } from "csv-stringify/sync";
import { waitlistCsvCopy as copy, waitlistEntryCopy } from "../../content/admin.ts";
import { type CsvSeparator, csvSeparators, type WaitlistFilter } from "./admin-filters.ts";
import { type WaitlistExportRow, waitlistExportBatches } from "./admin-queries.server.ts";
import { invitationStatusLabels } from "../invitations/statuses.ts";
import { agentsText } from "./agents-text.ts";
import { statusLabels } from "./statuses.ts";

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

/** The filter's entries as a streamed CSV body, read one batch per pull (backpressure). */
export function waitlistCsvStream(
  filter: WaitlistFilter,
  separator: CsvSeparator = "ponto-e-virgula",
): ReadableStream<Uint8Array> {
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
      delimiter: csvSeparators[separator],
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

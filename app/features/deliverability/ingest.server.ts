// A report arrives (bounce receiver or the relay's HTTP post): read it, store it, apply it.
// A complaint also withdraws marketing consent in the ledger and ends a newsletter
// subscription of that address (docs/decisions/161). Nothing it receives throws.
import { sql } from "drizzle-orm";
import { consentTextVersions } from "../../content/consent.ts";
import { withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import { readReport, type ReportContext } from "../../platform/mail/report.server.ts";
import {
  recordReport,
  type RecordedReport,
  type ReportSource,
} from "../../platform/mail/suppression.server.ts";

export type IngestResult =
  { ok: true; recorded: RecordedReport } | { ok: false; reason: "too-large" };

/** Withdraws marketing from every list the address is on, with a ledger line. */
async function withdrawAfterComplaint(tx: Executor, email: string): Promise<void> {
  await tx.execute(sql`
    with subscriber as (
      update newsletter_subscribers set unsubscribed_at = coalesce(unsubscribed_at, now())
      where email = ${email}
    ), entry as (
      update waitlist set marketing_consent = false
      where email = ${email} and marketing_consent
      returning id
    )
    insert into consent_events (waitlist_id, kind, channel, text_version)
    select id, 'marketing-withdrawn', 'abuse-report', ${consentTextVersions.marketing}
    from entry`);
}

export async function ingestReport(
  raw: Buffer,
  source: Exclude<ReportSource, "smtp-answer">,
  context: ReportContext,
): Promise<IngestResult> {
  const reading = await readReport(raw, context);
  if (!reading.ok && reading.reason === "too-large") return { ok: false, reason: "too-large" };
  const report = reading.ok
    ? reading.report
    : {
        kind: "unclassified" as const,
        messageId: null,
        recipient: null,
        status: null,
        detail: "mensagem ilegível",
        subject: null,
      };
  // PostgreSQL text holds no NUL byte; the rest of a binary report is kept as received.
  const text = raw.toString("utf8").replaceAll("\u0000", "");
  const recorded = await withTransaction(async (tx) => {
    const result = await recordReport(tx, report, source, text);
    if (result.kind === "complaint" && result.recipient) {
      await withdrawAfterComplaint(tx, result.recipient);
    }
    return result;
  });
  getLogger().info(
    { reportId: recorded.reportId, kind: recorded.kind, suppressed: recorded.suppressed },
    "delivery report received",
  );
  return { ok: true, recorded };
}

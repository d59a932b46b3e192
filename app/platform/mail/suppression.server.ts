// The suppression list (docs/decisions/161): hard bounces and complaints stop every
// non-transactional message to an address until staff lift it; soft bounces from 3 distinct
// messages within 7 days stop them for 7 days. Reports are written here, whichever way they
// came: the bounce receiver, the relay's HTTP post, or the SMTP server's answer at sending.
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../db/db.server.ts";
import { rowsOf } from "../db/rows.ts";
import {
  reportIntakeLimits,
  softBounceLimit,
  type ReportKind,
  type SuppressionReason,
} from "./deliverability-model.ts";
import type { DeliveryReport } from "./report.server.ts";

/** True when the address (an SQL expression) is suppressed now. Used inside the worker's claim. */
export function isSuppressedSql(email: SQL): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from suppressions s
    where s.email = ${email} and s.lifted_at is null
      and (s.expires_at is null or s.expires_at > now()))`;
}

export type ReportSource = "smtp-receiver" | "http" | "smtp-answer";

export interface RecordedReport {
  reportId: string;
  kind: ReportKind;
  /** Our message's recipient; null when the report names no message of ours. */
  recipient: string | null;
  /** The suppression this report put in force, if any. */
  suppressed: SuppressionReason | null;
  /** Unclassified or not ours: kept with its text for staff. */
  forReview: boolean;
}

/** The recipient of our message with this id, or null when we have no such message. */
async function recipientOf(db: Executor, messageId: string | null): Promise<string | null> {
  if (!messageId) return null;
  const [row] = rowsOf<{ recipient: string }>(
    // A message is an outbox row, or one of a campaign (its own table, decision 163).
    await db.execute(sql`
      select recipient from email_outbox where id = ${messageId}
      union all select email from campaign_messages where id = ${messageId}
      limit 1`),
  );
  return row?.recipient ?? null;
}

/**
 * The report text staff read, cut to its first 64 KB (docs/decisions/404): enough for the
 * headers and the remote server's answer, and a sender cannot make a row larger.
 */
export function keptForReview(raw: string): string {
  const bytes = Buffer.from(raw, "utf8");
  if (bytes.byteLength <= reportIntakeLimits.reviewRawMaxBytes) return raw;
  // A character cut in two decodes as U+FFFD; it is dropped.
  return bytes
    .subarray(0, reportIntakeLimits.reviewRawMaxBytes)
    .toString("utf8")
    .replace(/\uFFFD$/, "");
}

/**
 * Stores a report and applies what it means. The address suppressed is always the recipient
 * of our own message the report names, never an address the report states: a forged report
 * cannot suppress an address unless it names a message id (a random UUID) sent to it.
 */
export async function recordReport(
  db: Executor,
  report: DeliveryReport,
  source: ReportSource,
  raw: string | null,
): Promise<RecordedReport> {
  const recipient = await recipientOf(db, report.messageId);
  const forReview = recipient === null || report.kind === "unclassified";
  const [stored] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into delivery_reports
        (kind, source, message_id, recipient, status, detail, subject, raw, reviewed_at, reviewed_by)
      values (${report.kind}, ${source}, ${recipient ? report.messageId : null},
        ${recipient ?? report.recipient}, ${report.status}, ${report.detail?.slice(0, 2000) ?? null},
        ${report.subject?.slice(0, 500) ?? null}, ${forReview && raw !== null ? keptForReview(raw) : null},
        ${forReview ? null : sql`now()`}, ${forReview ? null : "automático"})
      returning id`),
  );
  const reportId = stored!.id;
  let suppressed: SuppressionReason | null = null;
  if (recipient && (report.kind === "hard-bounce" || report.kind === "complaint")) {
    suppressed = (await suppress(db, recipient, report.kind, report, reportId, null))
      ? report.kind
      : null;
  } else if (recipient && report.kind === "soft-bounce") {
    const [recent] = rowsOf<{ messages: number }>(
      await db.execute(sql`
        select count(distinct message_id)::int as messages from delivery_reports
        where recipient = ${recipient} and kind = 'soft-bounce'
          and received_at > now() - ${softBounceLimit.windowDays} * interval '1 day'`),
    );
    if ((recent?.messages ?? 0) >= softBounceLimit.count) {
      const until = sql`now() + ${softBounceLimit.suppressDays} * interval '1 day'`;
      suppressed = (await suppress(db, recipient, "soft-bounce", report, reportId, until))
        ? "soft-bounce"
        : null;
    }
  }
  return { reportId, kind: report.kind, recipient, suppressed, forReview };
}

/** Puts a suppression in force unless one already is; true when it added one. */
async function suppress(
  db: Executor,
  email: string,
  reason: SuppressionReason,
  report: DeliveryReport,
  reportId: string,
  expiresAt: SQL | null,
): Promise<boolean> {
  const detail = [report.status, report.detail].filter(Boolean).join(" ") || null;
  const inserted = rowsOf(
    await db.execute(sql`
      insert into suppressions (email, reason, message_id, report_id, detail, expires_at)
      select ${email}, ${reason}, ${report.messageId}, ${reportId}, ${detail?.slice(0, 2000) ?? null},
        ${expiresAt}
      where not ${isSuppressedSql(sql`${email}`)}
      returning id`),
  );
  return inserted.length > 0;
}

/** What the SMTP server answered at RCPT or DATA, read from nodemailer's error. */
export interface SmtpAnswer {
  code: number;
  text: string;
}

export function smtpAnswerOf(error: unknown): SmtpAnswer | null {
  if (typeof error !== "object" || error === null) return null;
  const { responseCode, response } = error as { responseCode?: unknown; response?: unknown };
  if (typeof responseCode !== "number" || responseCode < 400 || responseCode > 599) return null;
  return { code: responseCode, text: typeof response === "string" ? response : "" };
}

/** A 5xx at sending is a hard bounce of that message, with the server's code and text. */
export async function recordSmtpRejection(
  db: Executor,
  messageId: string,
  answer: SmtpAnswer,
): Promise<RecordedReport> {
  return recordReport(
    db,
    {
      kind: "hard-bounce",
      messageId,
      recipient: null,
      status: /\b(5\.\d{1,3}\.\d{1,3})\b/.exec(answer.text)?.[1] ?? null,
      detail: answer.text || String(answer.code),
      subject: null,
    },
    "smtp-answer",
    null,
  );
}

/** Staff lift a suppression in force; who and when are kept. */
export async function liftSuppression(db: Executor, id: string, by: string): Promise<boolean> {
  const lifted = rowsOf(
    await db.execute(sql`
      update suppressions set lifted_at = now(), lifted_by = ${by}
      where id = ${id} and lifted_at is null
      returning id`),
  );
  return lifted.length > 0;
}

// Reads a delivery status notification (RFC 3464) or feedback report (ARF, RFC 5965) and says
// what it means for the message it names. mailparser (the MIME structure) and libmime (the
// report's header-style field blocks) do the parsing; no maintained npm package parses the
// report fields themselves (docs/decisions/160).
import libmime from "libmime";
import type { Attachment } from "mailparser";
import { reportMaxBytes, type ReportKind } from "./deliverability-model.ts";

export interface ReportContext {
  /** MAIL_BOUNCE_DOMAIN: our envelope senders are bounces+<id>@ this domain. */
  bounceDomain: string;
  /** The domain part of our Message-IDs, <id@domain>. */
  messageIdDomain: string;
  /** The envelope recipients of the report itself, when the receiver knows them. */
  envelopeTo?: readonly string[];
}

export interface DeliveryReport {
  kind: ReportKind;
  /** The id of our message the report names (VERP address or Message-ID), if any. */
  messageId: string | null;
  /** The address the report is about, as the report states it (lower case). */
  recipient: string | null;
  /** The enhanced status code (RFC 3463), such as 5.1.1. */
  status: string | null;
  /** The remote server's answer or the report's own description. */
  detail: string | null;
  subject: string | null;
}

export type ReportReading =
  { ok: true; report: DeliveryReport } | { ok: false; reason: "too-large" | "unreadable" };

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The envelope sender of the message with this id (VERP: a bounce names its message). */
export function bounceAddressFor(messageId: string, bounceDomain: string): string {
  return `bounces+${messageId}@${bounceDomain}`;
}

/** Status codes of a full mailbox or an oversized message: the address itself is fine. */
const temporaryPermanentStatuses = new Set(["5.2.2", "5.2.3", "5.3.4"]);

export function classifyStatus(status: string | null, action: string | null): ReportKind {
  if (action === "delayed") return "soft-bounce";
  if (action === "delivered" || action === "relayed" || action === "expanded") {
    return "auto-reply";
  }
  if (!status) return "unclassified";
  if (status.startsWith("4.")) return "soft-bounce";
  if (status.startsWith("5.")) {
    return temporaryPermanentStatuses.has(status) ? "soft-bounce" : "hard-bounce";
  }
  return "unclassified";
}

type Fields = Record<string, string[]>;

/** Splits a report body into its blocks of fields (one per message, then one per recipient). */
function fieldBlocks(body: string): Fields[] {
  return body
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .filter((block) => block.trim() !== "")
    .map((block) => libmime.decodeHeaders(block, { skipPrototypeKeys: true }));
}

const first = (fields: Fields | undefined, name: string): string | null => {
  const value = fields?.[name]?.[0];
  return value === undefined ? null : value.replace(/\s+/g, " ").trim();
};

/** `rfc822; a@b` or `<a@b>` -> `a@b`. */
function addressOf(value: string | null): string | null {
  if (!value) return null;
  const address = value
    .replace(/^[^;]*;/, (prefix) => (prefix.includes("@") ? prefix : ""))
    .trim()
    .replace(/^<|>$/g, "")
    .trim()
    .toLowerCase();
  return address.includes("@") ? address : null;
}

function statusFrom(fields: Fields | undefined): string | null {
  const explicit = first(fields, "status")?.match(/\b([245]\.\d{1,3}\.\d{1,3})\b/)?.[1];
  if (explicit) return explicit;
  return first(fields, "diagnostic-code")?.match(/\b([245]\.\d{1,3}\.\d{1,3})\b/)?.[1] ?? null;
}

function readDeliveryStatus(body: string) {
  const [, ...recipients] = fieldBlocks(body);
  // One recipient per message of ours; if a report lists several, the first failure counts.
  const chosen =
    recipients.find((fields) => first(fields, "action")?.toLowerCase() === "failed") ??
    recipients[0];
  const status = statusFrom(chosen);
  const action = first(chosen, "action")?.toLowerCase() ?? null;
  return {
    kind: classifyStatus(status, action),
    recipient: addressOf(first(chosen, "final-recipient") ?? first(chosen, "original-recipient")),
    status,
    detail: first(chosen, "diagnostic-code")?.replace(/^[^;]*;\s*/, "") ?? null,
  };
}

function readFeedbackReport(body: string) {
  const [fields] = fieldBlocks(body);
  const type = first(fields, "feedback-type")?.toLowerCase() ?? null;
  return {
    // "not-spam" is a person taking a complaint back: staff look at it.
    kind: (type && type !== "not-spam" ? "complaint" : "unclassified") as ReportKind,
    recipient: addressOf(first(fields, "original-rcpt-to") ?? first(fields, "removal-recipient")),
    bounceAddress: addressOf(first(fields, "original-mail-from")),
    status: null,
    detail: type ? `Feedback-Type: ${type}` : null,
  };
}

/** RFC 3834 and the common vendor headers for vacation and out-of-office answers. */
function isAutoReply(headers: Map<string, unknown>, subject: string | null): boolean {
  const auto = String(headers.get("auto-submitted") ?? "").toLowerCase();
  if (auto.startsWith("auto-replied")) return true;
  if (headers.has("x-autoreply") || headers.has("x-autorespond")) return true;
  const precedence = String(headers.get("precedence") ?? "").toLowerCase();
  if (precedence === "auto_reply") return true;
  return /^(auto:|automatic reply|resposta autom[aá]tica|out of office|ausente|f[eé]rias)/i.test(
    subject ?? "",
  );
}

/** A report whose report part is missing or cut is a bounce we could not read, not a vacation. */
function looksLikeBounce(headers: Map<string, unknown>, from: string | undefined): boolean {
  const type = headers.get("content-type") as { value?: string } | undefined;
  if (type?.value?.toLowerCase() === "multipart/report") return true;
  return /mailer-daemon|postmaster/i.test(from ?? "");
}

export async function readReport(raw: Buffer, context: ReportContext): Promise<ReportReading> {
  if (raw.byteLength > reportMaxBytes) return { ok: false, reason: "too-large" };
  const { simpleParser } = await import("mailparser");
  let parsed;
  try {
    parsed = await simpleParser(raw, {
      keepDeliveryStatus: true,
      ignoreEmbedded: true,
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipImageLinks: true,
      checksumAlgo: false,
      maxChildNodes: 50,
    });
  } catch {
    return { ok: false, reason: "unreadable" };
  }

  const bounceAddress = new RegExp(
    `^bounces\\+(${UUID})@${escapeRegExp(context.bounceDomain.toLowerCase())}$`,
  );
  const messageIdPattern = new RegExp(
    `<(${UUID})@${escapeRegExp(context.messageIdDomain.toLowerCase())}>`,
  );
  const idFromAddress = (address: string | null | undefined) =>
    address ? (bounceAddress.exec(address.trim().toLowerCase())?.[1] ?? null) : null;
  const idFromMessageIds = (text: string | null | undefined) =>
    text ? (messageIdPattern.exec(text.toLowerCase())?.[1] ?? null) : null;

  const parts = parsed.attachments as Attachment[];
  const partOf = (...types: string[]) => parts.find((part) => types.includes(part.contentType));
  const subject = parsed.subject?.trim() || null;

  let kind: ReportKind = "unclassified";
  let recipient: string | null = null;
  let status: string | null = null;
  let detail: string | null = null;
  let messageId: string | null = null;

  const deliveryStatus = partOf("message/delivery-status", "message/global-delivery-status");
  const feedback = partOf("message/feedback-report");
  if (feedback) {
    const report = readFeedbackReport(feedback.content.toString("utf8"));
    ({ kind, recipient, status, detail } = report);
    messageId = idFromAddress(report.bounceAddress);
  } else if (deliveryStatus) {
    const body = deliveryStatus.content.toString("utf8");
    ({ kind, recipient, status, detail } = readDeliveryStatus(body));
    messageId = idFromMessageIds(body);
  } else if (
    !looksLikeBounce(parsed.headers, parsed.from?.text) &&
    isAutoReply(parsed.headers, subject)
  ) {
    kind = "auto-reply";
  }

  // Which message of ours: the report's envelope recipient (our VERP sender), then the
  // headers it was delivered under, then the returned message's own Message-ID.
  const original = partOf("message/rfc822", "text/rfc822-headers", "message/global-headers");
  const originalHeaders = original ? libmime.decodeHeaders(original.content.toString("utf8")) : {};
  const deliveredTo = ["delivered-to", "x-original-to", "envelope-to"].flatMap((name) => {
    const value = parsed.headers.get(name);
    return typeof value === "string" ? [value] : [];
  });
  messageId =
    (context.envelopeTo ?? []).map(idFromAddress).find(Boolean) ??
    messageId ??
    deliveredTo.map(idFromAddress).find(Boolean) ??
    (parsed.to ? [parsed.to].flat().flatMap((to) => to.value) : [])
      .map((to) => idFromAddress(to.address))
      .find(Boolean) ??
    idFromMessageIds(originalHeaders["message-id"]?.[0]) ??
    idFromAddress(originalHeaders["return-path"]?.[0]?.replace(/[<>]/g, "")) ??
    idFromMessageIds(parsed.inReplyTo) ??
    null;

  return { ok: true, report: { kind, messageId, recipient, status, detail, subject } };
}

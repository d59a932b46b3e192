// One message delivered to a robot's inbox, from its raw bytes to a stored statement or a
// refusal kept for staff (docs/decisions/377, 378). Checked in this order: the DKIM signature
// of an allowed broker domain, a statement in the message, the existing reader's analysis,
// the account, the reconciliation, a replay. Only a message that passes all of them becomes a
// statement (with its entry in the public log, docs/decisions/370) and, when it does not
// move the record's start, part of the robot's published record (docs/decisions/430).
import crypto from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { DNSResolver } from "mailauth";
import { statementProblemMessage } from "../../content/performance.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import {
  getPublishedRecord,
  getPublishedReference,
  publishStatement,
  saveStatement,
} from "../performance/queries.server.ts";
import { readMailedStatement } from "../performance/statement-analysis.server.ts";
import { verifyBrokerSignature } from "./dkim.server.ts";
import type { SignedMessageRefusal } from "./model.ts";
import { alreadyReceived, recordMessage, type Inbox } from "./queries.server.ts";

/** The SMTP answer to the sender, and what was kept. */
export interface IntakeResult {
  code: 250 | 451 | 550 | 552;
  /** The reply's text, in English as SMTP replies are (with its enhanced status code). */
  message: string;
  messageId: string;
  statementId: string | null;
  published: boolean;
}

const replies: Record<SignedMessageRefusal, string> = {
  "too-large": "5.3.4 message too big for a statement",
  unsigned: "5.7.20 no DKIM signature",
  "signature-failed": "5.7.20 DKIM signature did not verify",
  "key-unresolved": "5.7.20 DKIM key not found",
  "domain-not-allowed": "5.7.21 DKIM signing domain not allowed for this account",
  "no-statement": "5.6.0 no MetaTrader statement in the message",
  "unreadable-statement": "5.6.0 the statement could not be read",
  "account-mismatch": "5.7.1 the statement is for another account",
  "not-reconciled": "5.6.0 the statement's totals do not reconcile",
  replayed: "5.7.1 message or statement already received",
};

export interface Delivery {
  inbox: Inbox;
  mailFrom: string;
  /** The raw message, or null when it passed the size limit (`size` is what was read). */
  raw: Buffer | null;
  size: number;
}

// One message at a time (docs/decisions/455): a message's publication combines the account's
// statements published before it, so two of one account received at once each left the other
// out of the record the last one published; and 20 connections' intakes at once held the
// event loop (every PGlite query runs on it) for hundreds of milliseconds. The messages of the
// connections waiting here are already read; only their answers wait.
let queue: Promise<unknown> = Promise.resolve();

/** Receives one message; every outcome is kept (the message's row), none throws for bad input. */
export function receiveSignedMessage(
  delivery: Delivery,
  resolver: DNSResolver,
): Promise<IntakeResult> {
  const received = queue.then(() => receive(delivery, resolver));
  queue = received.catch(() => {});
  return received;
}

async function receive(delivery: Delivery, resolver: DNSResolver): Promise<IntakeResult> {
  const { inbox, raw } = delivery;
  const receivedAt = appNow();
  const base = {
    robotId: inbox.robotId,
    receivedAt,
    mailFrom: delivery.mailFrom.slice(0, 320),
    size: delivery.size,
  };
  if (!raw) {
    const messageId = await recordMessage({
      ...base,
      raw: null,
      sha256: null,
      outcome: "refused",
      reason: "too-large",
      signingDomain: null,
      detail: null,
      statementId: null,
    });
    return refusal(552, "too-large", messageId);
  }
  const sha256 = crypto.createHash("sha256").update(raw).digest("hex");
  const refuse = async (
    reason: SignedMessageRefusal,
    signingDomain: string | null,
    detail: string | null,
    code: 451 | 550 = 550,
  ) => {
    const messageId = await recordMessage({
      ...base,
      raw,
      sha256,
      outcome: "refused",
      reason,
      signingDomain,
      detail: detail?.slice(0, 2000) ?? null,
      statementId: null,
    });
    return refusal(code, reason, messageId);
  };

  const verdict = await verifyBrokerSignature(raw, inbox.brokerDomains, resolver, receivedAt);
  if (!verdict.ok) {
    // A DNS failure may pass: the sender keeps the message and tries again later.
    return refuse(verdict.reason, verdict.domain, verdict.detail, verdict.transient ? 451 : 550);
  }
  const domain = verdict.domain;

  // The message's statement, found and read in the reader process (docs/decisions/490).
  const upload = await readMailedStatement(raw, inbox.serverClock);
  if (upload.ok && !upload.form.file) return refuse("no-statement", domain, null);
  if (!upload.ok || !upload.analysis) {
    const detail =
      upload.ok || upload.status !== 422
        ? "statement over 5 MB"
        : statementProblemMessage(upload.problem);
    return refuse("unreadable-statement", domain, detail);
  }
  const fileName = upload.form.file?.name ?? "extrato.htm";
  const { analysis } = upload;
  if (!analysis.ok)
    return refuse("unreadable-statement", domain, statementProblemMessage(analysis.problem));
  const found = analysis.header.accountNumber.trim();
  if (found !== inbox.accountNumber) {
    return refuse("account-mismatch", domain, `statement account ${found}`);
  }
  if (analysis.header.currency !== inbox.currency) {
    return refuse("account-mismatch", domain, `statement currency ${analysis.header.currency}`);
  }
  const { computed } = analysis;
  if (!computed.ok)
    return refuse("unreadable-statement", domain, statementProblemMessage(computed.problem));
  if (!computed.record.reconciled) {
    const wrong = computed.record.reconciliation.filter((line) => !line.ok);
    return refuse("not-reconciled", domain, wrong.map((line) => line.check).join(", "));
  }
  if (await alreadyReceived(inbox.robotId, sha256, analysis.sha256)) {
    return refuse("replayed", domain, `statement ${analysis.sha256}`);
  }
  if (!upload.bytes) throw new Error("the statement reader did not send the file back");
  // Between the steps below, a turn of the event loop: on PGlite their queries run on it,
  // and /healthz's own query waits for the ones before it (docs/decisions/455).
  await nextTurn();

  const staff = `dkim:${domain}`;
  const statementId = await saveStatement({
    robotId: inbox.robotId,
    fileName,
    file: upload.bytes,
    sha256: analysis.sha256,
    format: analysis.format,
    accountKind: inbox.accountKind,
    broker: inbox.broker,
    serverClock: inbox.serverClock,
    currency: inbox.currency,
    record: computed.record,
    uploadedBy: staff,
    signedByDomain: domain,
    signatureVerifiedAt: receivedAt,
  });
  await nextTurn();
  const keepsStart = await keepsRecordStart(inbox.robotId, computed.record.periodStart);
  await nextTurn();
  const published =
    keepsStart &&
    (await publishStatement(inbox.robotId, statementId, staff, { onlyReconciled: true })).ok;
  await nextTurn();
  const messageId = await recordMessage({
    ...base,
    raw,
    sha256,
    outcome: "accepted",
    reason: null,
    signingDomain: domain,
    detail: published
      ? null
      : keepsStart
        ? "kept, not published: with the published statements it does not reconcile"
        : "kept, not published: it starts before the published record",
    statementId,
  });
  return { code: 250, message: "2.0.0 statement received", messageId, statementId, published };
}

function refusal(code: 451 | 550 | 552, reason: SignedMessageRefusal, messageId: string) {
  const message = code === 451 ? "4.4.3 DKIM key lookup failed, try again later" : replies[reason];
  return { code, message, messageId, statementId: null, published: false };
}

/**
 * A record's start never moves (issue 38, docs/decisions/372): a daily or monthly statement
 * of a period within or after the published record is combined with it (docs/decisions/430);
 * one that starts before it is kept but not published.
 */
async function keepsRecordStart(robotId: string, periodStart: string): Promise<boolean> {
  const current = await getPublishedReference(robotId);
  if (!current) return true;
  const shown = await getPublishedRecord(current.publicationId);
  return Date.parse(periodStart) >= Date.parse(shown.periodStart);
}

// Where reports arrive (docs/decisions/160): a small SMTP server for the bounce domain, started
// when BOUNCE_SMTP_PORT is set, and POST /correio/relatorios for a relay that posts each report
// with the shared secret BOUNCE_HTTP_SECRET. Both refuse reports over 1 MB and store
// everything else; a failure to store answers "try again later", so the sender keeps it. The
// SMTP receiver bounds what an unauthenticated sender can make us store (docs/decisions/404):
// connections in all and per remote address, messages per connection, recipients per message
// and reports per remote address per hour, each past its limit answered with a temporary
// refusal (a real mail server retries later).
// It also takes the support inbox's mail when SUPPORT_INBOUND_DOMAIN is set (decision 385):
// a reply address's conversation must exist at RCPT; its DATA goes to support, not reports.
import { timingSafeEqual } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";
import type { SMTPServer } from "smtp-server";
import { getEnv } from "../../platform/http/env.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import {
  reportIntakeLimits,
  reportMaxBytes,
  type ReportIntakeLimits,
} from "../../platform/mail/deliverability-model.ts";
import type { ReportContext } from "../../platform/mail/report.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import type { InboundTarget } from "../../platform/mail/reply-address.ts";
import {
  conversationExists,
  receiveSupportMail,
  supportTarget,
} from "../support/inbound.server.ts";
import { INBOUND_MAX_BYTES } from "../support/model.ts";
import { ingestReport } from "./ingest.server.ts";
import { IntakeCounter } from "./intake-limits.server.ts";

/** The domains our reports are addressed to and our Message-IDs carry, from the settings. */
export function reportContext(envelopeTo?: readonly string[]): ReportContext {
  const env = getEnv();
  const siteDomain = new URL(env.SITE_URL).hostname;
  return {
    bounceDomain: env.MAIL_BOUNCE_DOMAIN ?? siteDomain,
    messageIdDomain: siteDomain,
    envelopeTo,
  };
}

export interface BounceReceiver {
  port: number;
  close: () => Promise<void>;
}

const refusal = (text: string, responseCode: number) =>
  Object.assign(new Error(text), { responseCode });

export async function startBounceReceiver(
  port: number,
  host: string,
  limits: ReportIntakeLimits = reportIntakeLimits,
): Promise<BounceReceiver> {
  const { SMTPServer } = await import("smtp-server");
  const context = reportContext();
  const ourDomain = `@${context.bounceDomain.toLowerCase()}`;
  const log = getLogger();
  const counter = new IntakeCounter(limits);
  // The sessions counted by connect(), so a refused connection's close is not uncounted.
  const counted = new Set<string>();
  const server: SMTPServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    banner: "relatorios de entrega",
    // The larger of the two limits; each message is held to its own in onData.
    size: Math.max(reportMaxBytes, INBOUND_MAX_BYTES),
    maxClients: limits.connections,
    logger: false,
    onConnect(session, callback) {
      if (!counter.connect(session.remoteAddress)) {
        return callback(refusal("4.7.0 too many connections from your address", 421));
      }
      counted.add(session.id);
      callback();
    },
    onClose(session) {
      if (counted.delete(session.id)) counter.disconnect(session.remoteAddress);
    },
    onMailFrom(_address, session, callback) {
      // session.transaction is this message's number on the connection, from 1.
      if (session.transaction > limits.messagesPerConnection) {
        return callback(refusal("4.7.0 too many messages on one connection", 421));
      }
      callback();
    },
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= limits.recipientsPerMessage) {
        return callback(refusal("4.5.3 too many recipients", 452));
      }
      const support = supportTarget(address.address);
      if (support?.kind === "reply") {
        conversationExists(support.token)
          .then((exists) =>
            exists ? callback() : callback(refusal("5.1.1 no such conversation", 550)),
          )
          .catch(() => callback(refusal("4.3.0 try again later", 451)));
        return;
      }
      if (support) return callback();
      if (address.address.toLowerCase().endsWith(ourDomain)) return callback();
      callback(refusal("5.1.1 no such mailbox here", 550));
    },
    onData(stream, session, callback) {
      const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      const support = envelopeTo
        .map(supportTarget)
        .filter((target): target is InboundTarget => target !== null);
      const reports = envelopeTo.filter((to) => supportTarget(to) === null);
      // A support e-mail may carry attachments (decision 426); a report is held to 1 MB.
      const maxBytes = reports.length > 0 ? reportMaxBytes : INBOUND_MAX_BYTES;
      collect(stream, maxBytes)
        .then(async (raw) => {
          if (raw === null || (stream as { sizeExceeded?: boolean }).sizeExceeded) {
            return callback(refusal("5.3.4 message too big", 552));
          }
          if (!counter.take(session.remoteAddress)) {
            return callback(refusal("4.7.1 too many reports from your address, try later", 451));
          }
          for (const target of support) {
            const answer = await receiveSupportMail(raw, target, appNow());
            if (!answer.ok) return callback(refusal(answer.text, answer.code));
          }
          if (reports.length > 0) {
            await ingestReport(raw, "smtp-receiver", reportContext(reports));
          }
          callback();
        })
        .catch((error: unknown) => {
          log.error({ err: error }, "a delivery report could not be stored");
          callback(refusal("4.3.0 try again later", 451));
        });
    },
  });
  // A client that drops its connection is no reason to stop the receiver.
  server.on("error", (error) => log.warn({ err: error }, "bounce receiver connection error"));
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const bound = (server.server.address() as AddressInfo).port;
  log.info({ port: bound }, "bounce receiver listening");
  return {
    port: bound,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The body, or null once it passes maxBytes (the rest is read and dropped). */
async function collect(stream: Readable, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
  }
  return size > maxBytes ? null : Buffer.concat(chunks);
}

function secretMatches(given: string | undefined, secret: string): boolean {
  const expected = Buffer.from(`Bearer ${secret}`);
  const actual = Buffer.from(given ?? "");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export interface ReportPostAnswer {
  status: 202 | 401 | 404 | 413 | 503;
  body: string;
}

/**
 * POST /correio/relatorios: the raw report as the body, `Authorization: Bearer <secret>`,
 * and optionally `X-Envelope-To` with the address the report was delivered to.
 */
export async function receiveReportPost(request: {
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}): Promise<ReportPostAnswer> {
  const secret = getEnv().BOUNCE_HTTP_SECRET;
  if (!secret) return { status: 404, body: "Not found" };
  const authorization = request.headers.authorization;
  if (!secretMatches(typeof authorization === "string" ? authorization : undefined, secret)) {
    request.body.resume();
    return { status: 401, body: "Unauthorized" };
  }
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > reportMaxBytes) {
    request.body.resume();
    return { status: 413, body: "Report over 1 MB" };
  }
  const raw = await collect(request.body, reportMaxBytes);
  if (raw === null) return { status: 413, body: "Report over 1 MB" };
  const envelopeTo = request.headers["x-envelope-to"];
  try {
    const result = await ingestReport(
      raw,
      "http",
      reportContext(typeof envelopeTo === "string" ? [envelopeTo.trim()] : undefined),
    );
    if (!result.ok) return { status: 413, body: "Report over 1 MB" };
    return { status: 202, body: result.recorded.reportId };
  } catch (error) {
    getLogger().error({ err: error }, "a delivery report could not be stored");
    return { status: 503, body: "Try again later" };
  }
}

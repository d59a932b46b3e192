// Where reports arrive (docs/decisions/160): a small SMTP server for the bounce domain, started
// when BOUNCE_SMTP_PORT is set, and POST /correio/relatorios for a relay that posts each report
// with the shared secret BOUNCE_HTTP_SECRET. Both refuse reports over 1 MB and store
// everything else; a failure to store answers "try again later", so the sender keeps it.
// It also takes the support inbox's mail when SUPPORT_INBOUND_DOMAIN is set (decision 385):
// a reply address's conversation must exist at RCPT; its DATA goes to support, not reports.
import { timingSafeEqual } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";
import type { SMTPServer } from "smtp-server";
import { getEnv } from "../../platform/http/env.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import { reportMaxBytes } from "../../platform/mail/deliverability-model.ts";
import type { ReportContext } from "../../platform/mail/report.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import type { InboundTarget } from "../../platform/mail/reply-address.ts";
import {
  conversationExists,
  receiveSupportMail,
  supportTarget,
} from "../support/inbound.server.ts";
import { ingestReport } from "./ingest.server.ts";

const smtpError = (code: number, text: string) =>
  Object.assign(new Error(text), { responseCode: code });

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

export async function startBounceReceiver(port: number, host: string): Promise<BounceReceiver> {
  const { SMTPServer } = await import("smtp-server");
  const context = reportContext();
  const ourDomain = `@${context.bounceDomain.toLowerCase()}`;
  const log = getLogger();
  const server: SMTPServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    banner: "relatorios de entrega",
    size: reportMaxBytes,
    logger: false,
    onRcptTo(address, session, callback) {
      const support = supportTarget(address.address);
      if (support?.kind === "reply") {
        conversationExists(support.token)
          .then((exists) =>
            exists ? callback() : callback(smtpError(550, "5.1.1 no such conversation")),
          )
          .catch(() => callback(smtpError(451, "4.3.0 try again later")));
        return;
      }
      if (support) return callback();
      if (address.address.toLowerCase().endsWith(ourDomain)) return callback();
      callback(smtpError(550, "5.1.1 no such mailbox here"));
    },
    onData(stream, session, callback) {
      collect(stream)
        .then(async (raw) => {
          if (raw === null || (stream as { sizeExceeded?: boolean }).sizeExceeded) {
            return callback(
              Object.assign(new Error("5.3.4 message too big"), { responseCode: 552 }),
            );
          }
          const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          const support = envelopeTo
            .map(supportTarget)
            .filter((target): target is InboundTarget => target !== null);
          const reports = envelopeTo.filter((to) => supportTarget(to) === null);
          for (const target of support) {
            const answer = await receiveSupportMail(raw, target, appNow());
            if (!answer.ok) return callback(smtpError(answer.code, answer.text));
          }
          if (reports.length > 0) {
            await ingestReport(raw, "smtp-receiver", reportContext(reports));
          }
          callback();
        })
        .catch((error: unknown) => {
          log.error({ err: error }, "a delivery report could not be stored");
          callback(Object.assign(new Error("4.3.0 try again later"), { responseCode: 451 }));
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

/** The body, or null once it passes 1 MB (the rest is read and dropped). */
async function collect(stream: Readable): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= reportMaxBytes) chunks.push(chunk);
  }
  return size > reportMaxBytes ? null : Buffer.concat(chunks);
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
  const raw = await collect(request.body);
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

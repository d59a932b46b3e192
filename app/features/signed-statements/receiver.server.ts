// The SMTP server brokers deliver statements to (docs/decisions/377), beside the bounce
// receiver: one address per robot's account at STATEMENT_MAIL_DOMAIN. Bounded: one recipient
// per message, messages up to SIGNED_MESSAGE_MAX_BYTES, MESSAGES_PER_CONNECTION per
// connection, MAX_CONNECTIONS at once. Every refusal is an SMTP reply; a failure to store
// answers "try again later", so the sender keeps the message.
import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";
import type { DNSResolver } from "mailauth";
import type { SMTPServer, SMTPServerSession } from "smtp-server";
import { getLogger } from "../../platform/http/logger.server.ts";
import { receiveSignedMessage } from "./intake.server.ts";
import { MAX_CONNECTIONS, MESSAGES_PER_CONNECTION, SIGNED_MESSAGE_MAX_BYTES } from "./model.ts";
import { findInboxByMailbox, type Inbox } from "./queries.server.ts";

export interface StatementReceiver {
  port: number;
  close: () => Promise<void>;
}

const smtpError = (code: number, message: string) =>
  Object.assign(new Error(message), { responseCode: code });

export async function startStatementReceiver({
  port,
  host,
  domain,
  resolver,
}: {
  port: number;
  host: string;
  /** The domain of the inboxes' addresses. */
  domain: string;
  resolver: DNSResolver;
}): Promise<StatementReceiver> {
  const { SMTPServer } = await import("smtp-server");
  const log = getLogger();
  const ourDomain = domain.toLowerCase();
  // The inbox each transaction's recipient named, and each connection's messages so far.
  const inboxes = new Map<string, Inbox>();
  const delivered = new Map<string, number>();
  const server: SMTPServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    banner: "extratos assinados",
    size: SIGNED_MESSAGE_MAX_BYTES,
    maxClients: MAX_CONNECTIONS,
    socketTimeout: 60_000,
    logger: false,
    onClose(session) {
      inboxes.delete(session.id);
      delivered.delete(session.id);
    },
    onMailFrom(_address, session, callback) {
      inboxes.delete(session.id);
      if ((delivered.get(session.id) ?? 0) >= MESSAGES_PER_CONNECTION) {
        return callback(smtpError(421, "4.7.0 too many messages on one connection, reconnect"));
      }
      callback();
    },
    onRcptTo(address, session, callback) {
      if (inboxes.has(session.id)) {
        return callback(smtpError(452, "4.5.3 one recipient per message"));
      }
      const [local = "", at = ""] = splitAddress(address.address);
      if (at !== ourDomain) return callback(smtpError(550, "5.1.1 no such mailbox here"));
      findInboxByMailbox(local)
        .then((inbox) => {
          if (!inbox) return callback(smtpError(550, "5.1.1 no such mailbox here"));
          inboxes.set(session.id, inbox);
          callback();
        })
        .catch((error: unknown) => {
          log.error({ err: error }, "statement inbox lookup failed");
          callback(smtpError(451, "4.3.0 try again later"));
        });
    },
    onData(stream, session, callback) {
      delivered.set(session.id, (delivered.get(session.id) ?? 0) + 1);
      const inbox = inboxes.get(session.id);
      collect(stream)
        .then(async ({ raw, size }) => {
          if (!inbox) return callback(smtpError(503, "5.5.1 no recipient"));
          const tooLarge = (stream as { sizeExceeded?: boolean }).sizeExceeded === true;
          const result = await receiveSignedMessage(
            { inbox, mailFrom: mailFromOf(session), raw: tooLarge ? null : raw, size },
            resolver,
          );
          log.info(
            { robotId: inbox.robotId, messageId: result.messageId, code: result.code },
            "statement message received",
          );
          if (result.code === 250) return callback(null, result.message);
          callback(smtpError(result.code, result.message));
        })
        .catch((error: unknown) => {
          log.error({ err: error }, "a statement message could not be stored");
          callback(smtpError(451, "4.3.0 try again later"));
        });
    },
  });
  // A client that drops its connection is no reason to stop the receiver.
  server.on("error", (error) => log.warn({ err: error }, "statement receiver connection error"));
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const bound = (server.server.address() as AddressInfo).port;
  log.info({ port: bound, domain: ourDomain }, "statement receiver listening");
  return {
    port: bound,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function splitAddress(address: string): [string, string] {
  const at = address.lastIndexOf("@");
  if (at < 0) return [address.toLowerCase(), ""];
  return [address.slice(0, at).toLowerCase(), address.slice(at + 1).toLowerCase()];
}

function mailFromOf(session: SMTPServerSession): string {
  const from = session.envelope.mailFrom;
  return from ? from.address : "";
}

/** The body, or null once it passes the limit (the rest is read and dropped, and counted). */
async function collect(stream: Readable): Promise<{ raw: Buffer | null; size: number }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= SIGNED_MESSAGE_MAX_BYTES) chunks.push(chunk);
  }
  return { raw: size > SIGNED_MESSAGE_MAX_BYTES ? null : Buffer.concat(chunks), size };
}

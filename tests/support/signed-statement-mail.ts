import crypto from "node:crypto";
import { dkimSign } from "mailauth/lib/dkim/sign.js";
import nodemailer from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer/index.js";

// Broker statement e-mails for the tests (docs/decisions/379): composed as a broker's server
// composes them (nodemailer's MIME builder), signed for real with a generated RSA key
// (mailauth's DKIM signer), and delivered over SMTP to the receiver.

export interface BrokerKey {
  domain: string;
  selector: string;
  privateKey: string;
  publicKey: string;
}

/** A 2048-bit RSA key of a broker's domain under `selector`. */
export function brokerKey(domain: string, selector = "mt2026"): BrokerKey {
  const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    domain,
    selector,
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKey: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
}

export interface StatementMessage {
  to: string;
  /** The statement's file, attached (or, with `inline`, as the message's HTML body). */
  statement: Uint8Array;
  fileName?: string;
  inline?: boolean;
  from?: string;
  subject?: string;
}

/** The message's raw bytes, unsigned. */
export async function composeStatementMail(message: StatementMessage, domain: string) {
  const content = Buffer.from(message.statement);
  const mail = new MailComposer({
    from: message.from ?? `Statements <reports@${domain}>`,
    to: message.to,
    subject: message.subject ?? "Daily Confirmation",
    messageId: `<${crypto.randomUUID()}@${domain}>`,
    date: new Date(),
    text: "Your trading statement is attached.",
    ...(message.inline
      ? { html: content.toString("utf8") }
      : {
          attachments: [
            {
              filename: message.fileName ?? "DetailedStatement.htm",
              content,
              contentType: "text/html",
            },
          ],
        }),
  });
  return mail.compile().build();
}

/**
 * The DKIM-Signature header mailauth computes, prepended to the message. Its time is always
 * given: without one, mailauth rounds Date.now() once for the header it signs and again for
 * the header it writes, and a message signed across a half second got a t= other than the
 * one signed ("bad signature", about 1 in 1,500 messages).
 */
export async function signMail(
  raw: Buffer,
  key: BrokerKey,
  options: { expires?: Date; signTime?: Date } = {},
): Promise<Buffer> {
  const signed = await dkimSign(raw, {
    canonicalization: "relaxed/relaxed",
    ...options,
    signTime: options.signTime ?? new Date(),
    signatureData: [
      {
        signingDomain: key.domain,
        selector: key.selector,
        privateKey: key.privateKey,
        algorithm: "rsa-sha256",
      },
    ],
  } as Parameters<typeof dkimSign>[1]);
  if (signed.errors.length) throw new Error(`signing failed: ${String(signed.errors[0])}`);
  return Buffer.concat([Buffer.from(signed.signatures), raw]);
}

/** Composed and signed in one go. */
export async function signedStatementMail(
  message: StatementMessage,
  key: BrokerKey,
  options?: Parameters<typeof signMail>[2],
) {
  return signMail(await composeStatementMail(message, key.domain), key, options);
}

/** Delivers raw bytes over SMTP as a broker's server would; rejects with the SMTP reply. */
export async function deliverSmtp(
  port: number,
  raw: Buffer | string,
  envelope: { from: string; to: string | string[] },
) {
  const client = nodemailer.createTransport({ host: "127.0.0.1", port, secure: false });
  try {
    return await client.sendMail({ envelope, raw });
  } finally {
    client.close();
  }
}

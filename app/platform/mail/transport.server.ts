// Where messages go: nodemailer over SMTP when SMTP_URL is set, else the local mailbox table
// (read by staff at /admin/emails, without the links' tokens) plus one log line per message.
import { sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { emailMailbox, emailOutbox } from "../../../db/schema.ts";
import type { Database } from "../db/db.server.ts";
import type { Env } from "../http/env.server.ts";
import { getLogger } from "../http/logger.server.ts";
import { hashToken, redactedToken } from "./link-tokens.server.ts";
import { newConversationAddress } from "./reply-address.ts";
import { bounceAddressFor } from "./report.server.ts";

export interface OutgoingEmail {
  /** The message's id (an outbox row's, a campaign message's): its VERP sender names it. */
  id: string;
  /** Stable per message, so a resend after a crash is recognisably the same message. */
  messageId: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Marketing messages: List-Unsubscribe with one-click POST (RFC 8058). */
  unsubscribeUrl?: string;
  /** This message's Reply-To, over the sender's (a support conversation's reply address). */
  replyTo?: string;
  /** The raw tokens of the message's links: the local mailbox never stores them. */
  linkTokens: readonly string[];
}

export interface MailTransport {
  send: (email: OutgoingEmail) => Promise<void>;
  close: () => void;
}

export interface SmtpOptions {
  /** Connections kept open to the server, each sending one message at a time. */
  maxConnections?: number;
  /**
   * MAIL_BOUNCE_DOMAIN: each message's envelope sender is bounces+<its id>@ this domain, so a
   * bounce names its message (VERP, docs/decisions/160 and 191); unset, `from`'s address.
   */
  bounceDomain?: string | undefined;
  /** Reply-To of every message: where answers go (docs/decisions/182). */
  replyTo?: string | undefined;
  /** Signs every message (nodemailer's DKIM option, docs/decisions/393); unset, the relay must. */
  dkim?: { domainName: string; keySelector: string; privateKey: string } | undefined;
}

/**
 * A pool of SMTP connections (docs/decisions/115). A message whose connection fails is
 * handed back at once (maxRequeues 0) with a timeout on every step, so the worker's own
 * retry and backoff decide, not the pool's hidden queue: that queue held sends while the
 * server was down (decisions 084 and 106).
 */
export function smtpTransport(
  url: string,
  from: string,
  { maxConnections = 16, bounceDomain, replyTo, dkim }: SmtpOptions = {},
): MailTransport {
  // nodemailer loads with the first message this process sends (docs/decisions/111).
  let transporter: Promise<Transporter> | undefined;
  const connect = () =>
    (transporter ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        pool: true,
        maxConnections,
        maxMessages: Infinity,
        maxRequeues: 0,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
        ...(dkim ? { dkim } : {}),
      } as Parameters<typeof nodemailer.createTransport>[0]),
    ));
  const sender: Sender = { from, ...(replyTo ? { replyTo } : {}) };
  return {
    async send(email) {
      const opened = await connect();
      await opened.sendMail(mailOptions(email, sender, bounceDomain)).catch((error: unknown) => {
        throw withoutAddresses(error);
      });
    },
    close: () => void transporter?.then((opened) => opened.close()),
  };
}

/** The sender's From and Reply-To, as configured. */
export interface Sender {
  from: string;
  replyTo?: string;
}

/** What nodemailer is given for one message, through its public options only (decision 390). */
function mailOptions(
  email: OutgoingEmail,
  sender: Sender,
  bounceDomain?: string | undefined,
): Mail.Options {
  return {
    from: sender.from,
    ...(email.replyTo || sender.replyTo ? { replyTo: email.replyTo ?? sender.replyTo } : {}),
    to: email.to,
    subject: email.subject,
    html: email.html,
    text: email.text,
    // Bodies in base64 rather than quoted-printable: Node's buffer codec instead of
    // nodemailer's character-by-character encoder (decision 262).
    textEncoding: "base64",
    messageId: email.messageId,
    // The parts' boundaries named by the message's id (a random UUID no one sees before
    // the message) rather than drawn from the system's random source for each of its
    // three parts (decisions 299 and 390); a resend after a crash has the same boundaries.
    baseBoundary: email.id,
    ...(bounceDomain
      ? {
          envelope: { from: bounceAddressFor(email.id, bounceDomain), to: email.to },
        }
      : {}),
    ...(email.unsubscribeUrl
      ? {
          list: { unsubscribe: email.unsubscribeUrl },
          headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        }
      : {}),
  } as Mail.Options;
}

const emailAddress = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g;
const hidden = (text: string) => text.replace(emailAddress, "[address]");

/**
 * nodemailer's error with every e-mail address hidden: the worker logs it and keeps its
 * message, and an SMTP server's answer names the recipient ("550 <a@b>: Recipient address
 * rejected"), as do the error's `rejected` lists. What the worker reads (the answer's code
 * and text, decision 161) is kept, its addresses hidden.
 */
export function withoutAddresses(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(hidden(String(error)));
  const { code, command, response, responseCode } = error as Error & Record<string, unknown>;
  const safe = new Error(hidden(error.message));
  if (error.stack) safe.stack = hidden(error.stack);
  return Object.assign(safe, {
    ...(code === undefined ? {} : { code }),
    ...(command === undefined ? {} : { command }),
    ...(typeof response === "string" ? { response: hidden(response) } : {}),
    ...(responseCode === undefined ? {} : { responseCode }),
  });
}

/** The message as staff may read it: each link's token replaced by its marker (decision 116). */
function redacted(text: string, tokens: readonly string[]): string {
  return tokens.reduce(
    (result, token, index) => result.replaceAll(token, redactedToken(index + 1)),
    text,
  );
}

export function mailboxTransport(db: Database): MailTransport {
  return {
    async send(email) {
      await db.insert(emailMailbox).values({
        messageId: email.messageId,
        // Linked when the message is an outbox row (a campaign's is not).
        outboxId: sql`(select ${emailOutbox.id} from ${emailOutbox} where ${emailOutbox.id} = ${email.id})`,
        recipient: email.to,
        subject: email.subject,
        html: redacted(email.html, email.linkTokens),
        text: redacted(email.text, email.linkTokens),
        // Only the hashes, which no link accepts: opening the message reissues each under a
        // fresh token (docs/decisions/400).
        linkHashes: email.linkTokens.map(hashToken),
      });
      getLogger().info(
        { messageId: email.messageId, subject: email.subject },
        "e-mail stored in the local mailbox (no SMTP_URL); its links' tokens are not kept (staff opening it at /admin/emails get fresh ones)",
      );
    },
    close: () => {},
  };
}

/**
 * Refuses a production server on PostgreSQL without SMTP: its mail would silently pile up in
 * the local mailbox (docs/decisions/082).
 */
export function assertMailTransportConfigured(env: Env): void {
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.SMTP_URL) {
    throw new Error(
      "SMTP_URL is not set: in production with DATABASE_URL the server needs an SMTP server " +
        "to send e-mail (for example SMTP_URL=smtps://user:password@smtp.example.com:465).",
    );
  }
}

/**
 * Where answers to a message go unless it names its own: MAIL_REPLY_TO, else the support
 * inbox's new-conversation address when the inbound SMTP takes support mail, else
 * CONTACT_EMAIL (docs/decisions/182 and 385).
 */
export function defaultReplyTo(env: Env): string {
  return (
    env.MAIL_REPLY_TO ??
    (env.SUPPORT_INBOUND_DOMAIN
      ? newConversationAddress(env.SUPPORT_INBOUND_DOMAIN)
      : env.CONTACT_EMAIL)
  );
}

export function createTransport(env: Env, db: Database): MailTransport {
  return env.SMTP_URL
    ? smtpTransport(env.SMTP_URL, env.MAIL_FROM, {
        maxConnections: env.EMAIL_CONCURRENCY,
        bounceDomain: env.MAIL_BOUNCE_DOMAIN,
        replyTo: defaultReplyTo(env),
        dkim:
          env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
            ? {
                domainName: env.DKIM_DOMAIN,
                keySelector: env.DKIM_SELECTOR,
                privateKey: env.DKIM_PRIVATE_KEY,
              }
            : undefined,
      })
    : mailboxTransport(db);
}

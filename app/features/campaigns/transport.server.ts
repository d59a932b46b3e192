// Where campaign messages go: a nodemailer SMTP pool when SMTP_URL is set, else the local
// mailbox (/admin/emails). Each message has its own Message-ID and VERP envelope sender, and
// the one-click unsubscribe headers (RFC 8058). Kept apart from the platform's transport,
// whose messages are outbox rows (docs/decisions/163).
import type { Transporter } from "nodemailer";
import { emailMailbox } from "../../../db/schema.ts";
import type { Database } from "../../platform/db/db.server.ts";
import { bounceAddressFor } from "../../platform/mail/report.server.ts";
import { withoutAddresses } from "../../platform/mail/transport.server.ts";

export interface CampaignEmail {
  /** The campaign message's id: its Message-ID and VERP sender, the same on every try. */
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  unsubscribeUrl: string;
}

export interface CampaignTransport {
  send: (email: CampaignEmail) => Promise<void>;
  close: () => void;
}

export interface CampaignTransportOptions {
  from: string;
  messageIdDomain: string;
  /** MAIL_BOUNCE_DOMAIN; unset, the envelope sender is `from`'s address. */
  bounceDomain?: string | undefined;
}

function pooledUrl(url: string, connections: number): string {
  const pooled = new URL(url);
  pooled.searchParams.set("pool", "true");
  pooled.searchParams.set("maxConnections", String(connections));
  pooled.searchParams.set("maxMessages", "1000000");
  return pooled.toString();
}

export function smtpCampaignTransport(
  url: string,
  options: CampaignTransportOptions & { connections: number },
): CampaignTransport {
  let transporter: Promise<Transporter> | undefined;
  const connect = () =>
    (transporter ??= import("nodemailer").then(({ default: nodemailer }) =>
      // nodemailer reads a pool's settings from the URL's query when given a URL.
      nodemailer.createTransport(pooledUrl(url, options.connections)),
    ));
  return {
    async send(email) {
      const opened = await connect();
      await opened
        .sendMail({
          from: options.from,
          to: email.to,
          subject: email.subject,
          html: email.html,
          text: email.text,
          messageId: `<${email.id}@${options.messageIdDomain}>`,
          ...(options.bounceDomain
            ? { envelope: { from: bounceAddressFor(email.id, options.bounceDomain), to: email.to } }
            : {}),
          list: { unsubscribe: email.unsubscribeUrl },
          headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        })
        .catch((error: unknown) => {
          throw withoutAddresses(error);
        });
    },
    close: () => void transporter?.then((opened) => opened.close()),
  };
}

export function mailboxCampaignTransport(
  db: Database,
  options: Pick<CampaignTransportOptions, "messageIdDomain">,
): CampaignTransport {
  return {
    async send(email) {
      await db.insert(emailMailbox).values({
        messageId: `<${email.id}@${options.messageIdDomain}>`,
        recipient: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
      });
    },
    close: () => {},
  };
}

// A customer's e-mail to the support inbox (decision 385), taken by the inbound SMTP (the
// bounce receiver, receiver.server.ts): to resposta+<token>@ it joins that conversation, to
// suporte@ it opens one. Only the new text is kept: the quoted thread is cut
// (email-reply-parser), the text is bounded; its files are judged (decision 426).
import { getEnv } from "../../platform/http/env.server.ts";
import { inboundTarget, type InboundTarget } from "../../platform/mail/reply-address.ts";
import { hasControlCharacters } from "../../lib/text.ts";
import { judgeFile, type JudgedFile } from "./attachments.server.ts";
import { appendCustomerReply, openConversation } from "./conversations.server.ts";
import { INBOUND_PER_HOUR, MESSAGE_MAX_CHARS, NAME_MAX_CHARS } from "./model.ts";
import { eq } from "drizzle-orm";
import { supportConversations } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";

/** The support target of an envelope recipient, when the inbox takes e-mail and it is ours. */
export function supportTarget(address: string): InboundTarget | null {
  const domain = getEnv().SUPPORT_INBOUND_DOMAIN;
  return domain ? inboundTarget(address, domain) : null;
}

/** Whether a reply token names a conversation (checked at RCPT, so a wrong one gets 550). */
export async function conversationExists(token: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: supportConversations.id })
    .from(supportConversations)
    .where(eq(supportConversations.replyToken, token));
  return row !== undefined;
}

/** What the SMTP server answers: accepted, or a code and its text. */
export type InboundAnswer = { ok: true } | { ok: false; code: number; text: string };

const refused = (code: number, text: string): InboundAnswer => ({ ok: false, code, text });

export interface ReadMail {
  text: string;
  fromAddress: string | null;
  fromName: string | null;
  messageId: string | null;
  files: JudgedFile[];
}

/** The new text of a reply: the quoted thread and signature cut, line breaks as \n. */
export async function newText(text: string): Promise<string> {
  const { default: EmailReplyParser } = await import("email-reply-parser");
  const normalized = text.replace(/\r\n?/g, "\n");
  return new EmailReplyParser().read(normalized).getVisibleText().trim();
}

export async function readMail(raw: Buffer): Promise<ReadMail | null> {
  const { simpleParser } = await import("mailparser");
  try {
    const parsed = await simpleParser(raw, {
      skipImageLinks: true,
      skipTextToHtml: true,
      checksumAlgo: false,
      maxChildNodes: 50,
    });
    const from = parsed.from?.value[0];
    return {
      text: parsed.text ?? "",
      fromAddress: from?.address?.toLowerCase() ?? null,
      fromName: from?.name?.trim() || null,
      messageId: parsed.messageId?.slice(0, 998) ?? null,
      files: await Promise.all(
        parsed.attachments.map((part) =>
          judgeFile({
            fileName: part.filename,
            contentType: part.contentType,
            content: part.content,
          }),
        ),
      ),
    };
  } catch {
    return null;
  }
}

/** A printable name for a conversation e-mailed in: the sender's display name, bounded. */
function senderName(mail: ReadMail): string {
  const name = (mail.fromName ?? "").slice(0, NAME_MAX_CHARS);
  return name && !hasControlCharacters(name) ? name : (mail.fromAddress ?? "").slice(0, 254);
}

export async function receiveSupportMail(
  raw: Buffer,
  target: InboundTarget,
  now: Date,
): Promise<InboundAnswer> {
  const mail = await readMail(raw);
  if (!mail) return refused(554, "5.6.0 message could not be read");
  if (!mail.fromAddress) return refused(550, "5.1.7 the message has no sender address");
  const body = (await newText(mail.text)).replaceAll("\u0000", "");
  if (body.length > MESSAGE_MAX_CHARS) {
    return refused(552, `5.3.4 message text over ${MESSAGE_MAX_CHARS} characters`);
  }
  if (hasControlCharacters(body, true)) return refused(554, "5.6.0 control characters in text");
  if (target.kind === "new") {
    if (!body) return refused(550, "5.6.0 message has no text");
    await openConversation(
      {
        origin: "email",
        name: senderName(mail),
        email: mail.fromAddress,
        body,
        emailMessageId: mail.messageId ?? undefined,
        files: mail.files,
      },
      now,
    );
    return { ok: true };
  }
  const outcome = await appendCustomerReply(
    {
      token: target.token,
      body,
      fromAddress: mail.fromAddress,
      emailMessageId: mail.messageId,
      files: mail.files,
      perHour: INBOUND_PER_HOUR,
    },
    now,
  );
  switch (outcome) {
    case "stored":
    case "duplicate":
      return { ok: true };
    case "unknown":
      return refused(550, "5.1.1 no such conversation");
    case "throttled":
      return refused(451, "4.7.1 too many messages for this conversation; try again later");
  }
}

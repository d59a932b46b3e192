// The values of support (issue 39): conversations a customer opens from /minha-conta or
// /contato, or by e-mail, that staff answer from /admin/suporte (docs/decisions/385-387).

/** Where a conversation began: the signed-in panel, the public form, or an e-mail. */
export const conversationOrigins = ["account", "contact", "email"] as const;
export type ConversationOrigin = (typeof conversationOrigins)[number];

/** Open until staff close it; a customer's new message reopens it. */
export const conversationStates = ["open", "closed"] as const;
export type ConversationState = (typeof conversationStates)[number];

export const messageAuthors = ["customer", "staff"] as const;
export type MessageAuthor = (typeof messageAuthors)[number];

/** The first answer is promised within this many business hours (9h-18h, São Paulo). */
export const FIRST_RESPONSE_BUSINESS_HOURS = 4;

/** A message's text, typed or mailed, is at most this long (after quotes are cut). */
export const MESSAGE_MAX_CHARS = 4000;
export const NAME_MAX_CHARS = 120;

/**
 * An inbound support e-mail, attachments included, is refused past this size (SMTP SIZE):
 * room for the attachments kept, in base64, and the text (decision 426).
 */
export const INBOUND_MAX_BYTES = 8 * 1024 * 1024;

/** The files kept from a customer's e-mail (decision 426), by the type their content is. */
export const attachmentContentTypes = [
  "application/pdf",
  "image/png",
  "image/jpeg",
  "text/plain",
] as const;
export type AttachmentContentType = (typeof attachmentContentTypes)[number];

/** Why a file was not kept: staff see it, and the customer is told which file and why. */
export const attachmentRefusals = [
  "type",
  "content",
  "size",
  "per-message",
  "per-conversation",
] as const;
export type AttachmentRefusal = (typeof attachmentRefusals)[number];

/** A kept file is at most this big, decoded. */
export const ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
/** Files kept from one message, and from one conversation in all. */
export const ATTACHMENTS_PER_MESSAGE = 3;
export const ATTACHMENTS_PER_CONVERSATION = 15;
/** A file's name as kept: its last path part, at most this many characters. */
export const ATTACHMENT_NAME_MAX_CHARS = 120;

/** E-mails one conversation takes per hour; past it the sender is asked to retry later. */
export const INBOUND_PER_HOUR = 20;

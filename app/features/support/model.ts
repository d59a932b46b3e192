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

/** An inbound e-mail, attachments included, is refused past this size (SMTP SIZE). */
export const INBOUND_MAX_BYTES = 1024 * 1024;

/** E-mails one conversation takes per hour; past it the sender is asked to retry later. */
export const INBOUND_PER_HOUR = 20;

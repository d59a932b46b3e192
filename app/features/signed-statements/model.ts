// The values of statements that brokers e-mail signed with DKIM (issue 38, docs/decisions/377).
// No imports: db/schema.ts and the pages read these.

/** What became of a received message: its statement stored, or refused with a reason. */
export const signedMessageOutcomes = ["accepted", "refused"] as const;
export type SignedMessageOutcome = (typeof signedMessageOutcomes)[number];

/**
 * Why a message was refused, in the order they are checked. Every refused message is kept
 * for staff with one of these (and its raw text, unless it was too large to keep).
 */
export const signedMessageRefusals = [
  "too-large",
  "unsigned",
  "signature-failed",
  "key-unresolved",
  "domain-not-allowed",
  "no-statement",
  "unreadable-statement",
  "account-mismatch",
  "not-reconciled",
  "replayed",
] as const;
export type SignedMessageRefusal = (typeof signedMessageRefusals)[number];

/** The largest message kept: a 5 MB statement in base64 with its headers fits. */
export const SIGNED_MESSAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Messages one SMTP connection may deliver before it is asked to reconnect. */
export const MESSAGES_PER_CONNECTION = 10;
/** Connections open at once. */
export const MAX_CONNECTIONS = 20;
/** Broker domains per robot's account. */
export const MAX_BROKER_DOMAINS = 10;

// The deliverability domain's values, declared once (the database's CHECKs use them too).

/** What an incoming report about one of our messages says (docs/decisions/160). */
export const reportKinds = [
  "hard-bounce",
  "soft-bounce",
  "complaint",
  "auto-reply",
  "unclassified",
] as const;
export type ReportKind = (typeof reportKinds)[number];

/** Why an address receives no more non-transactional mail (docs/decisions/161). */
export const suppressionReasons = ["hard-bounce", "soft-bounce", "complaint"] as const;
export type SuppressionReason = (typeof suppressionReasons)[number];

/** Soft bounces from this many distinct messages within the window suppress the address. */
export const softBounceLimit = { count: 3, windowDays: 7, suppressDays: 7 } as const;

/** A report larger than this is refused unread. */
export const reportMaxBytes = 1024 * 1024;

/**
 * What an unauthenticated sender can make us store (docs/decisions/404): the report text kept
 * for staff is cut to `reviewRawMaxBytes`; the SMTP receiver takes at most `connections` at
 * once, `connectionsPerAddress` from one remote address, `messagesPerConnection` on one
 * connection, `recipientsPerMessage` (a report has one) and `reportsPerAddressPerHour` from
 * one remote address, answering a temporary refusal past them, so a real server retries.
 */
export const reportIntakeLimits = {
  reviewRawMaxBytes: 64 * 1024,
  connections: 50,
  connectionsPerAddress: 5,
  messagesPerConnection: 20,
  recipientsPerMessage: 5,
  reportsPerAddressPerHour: 120,
} as const;
export type ReportIntakeLimits = { readonly [K in keyof typeof reportIntakeLimits]: number };

/**
 * How long reports stay (docs/decisions/404): one that names no message of ours and waits for
 * staff `unmatchedDays`; every other one `days` (the soft-bounce window needs 7; a
 * suppression keeps its own detail).
 */
export const reportRetention = { unmatchedDays: 30, days: 180 } as const;

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

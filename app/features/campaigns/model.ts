// The campaigns domain's values, declared once (the database's CHECKs use them too).

/** draft -> scheduled -> sending -> done; cancelled from scheduled or sending. */
export const campaignStatuses = ["draft", "scheduled", "sending", "done", "cancelled"] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/** Who receives it: confirmed newsletter subscribers, the waitlist (with consent), or both. */
export const campaignAudiences = ["newsletter", "waitlist", "both"] as const;
export type CampaignAudience = (typeof campaignAudiences)[number];

/** A staff-written campaign, or the announcement of a blog post. */
export const campaignKinds = ["campaign", "post"] as const;

/**
 * One recipient's message: pending (not yet sent, or deferred after a 4xx and due again),
 * sent, failed (a 5xx or the last try), suppressed (found suppressed or without consent at
 * sending time), cancelled (the campaign was cancelled first).
 */
export const campaignMessageStatuses = [
  "pending",
  "sent",
  "failed",
  "suppressed",
  "cancelled",
] as const;

/** What staff see of a campaign once it sends: counts of its recipients. */
export interface CampaignFigures {
  recipients: number;
  sent: number;
  deferred: number;
  bounced: number;
  complained: number;
  unsubscribed: number;
  suppressed: number;
  failed: number;
}

export const campaignLimits = {
  subjectMax: 150,
  previewMax: 200,
  bodyMaxBytes: 100 * 1024,
} as const;

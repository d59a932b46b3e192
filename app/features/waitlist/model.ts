// The waitlist's values, declared once and importing nothing: the table's check constraint
// (db/schema.ts), the admin's filters, badges and buttons (statuses.ts gives each a label and
// a tone, so a new status fails the typecheck until it has them).
export const waitlistStatuses = ["pending", "contacted", "converted"] as const;
export type WaitlistStatus = (typeof waitlistStatuses)[number];

// The invitations' values, declared once and importing nothing: the table's check constraint
// (db/schema.ts), labels and badges (statuses.ts gives each a label and a tone, so a new state
// fails the typecheck until it has them).
export const invitationStatuses = ["sent", "accepted", "declined", "expired", "revoked"] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

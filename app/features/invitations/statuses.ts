import type { BadgeTone } from "../../components/ui/badge.tsx";
import { invitationsAdminCopy } from "../../content/invitations.ts";

// The invitation states, declared once (the table's check constraint, labels,
// badges): a new state fails the typecheck until it has a label and a tone.
export const invitationStatuses = ["sent", "accepted", "declined", "expired", "revoked"] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

export const invitationStatusLabels: Record<InvitationStatus, string> =
  invitationsAdminCopy.statusLabels;

export const invitationStatusTones: Record<InvitationStatus, BadgeTone> = {
  sent: "blue",
  accepted: "green",
  declined: "grey",
  expired: "yellow",
  revoked: "red",
};

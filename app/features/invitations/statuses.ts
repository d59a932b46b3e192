import type { BadgeTone } from "../../components/ui/badge.tsx";
import { invitationsAdminCopy } from "../../content/invitations.ts";
import type { InvitationStatus } from "./model.ts";

// How the admin shows each invitation state: a new state fails the typecheck until it has a
// label and a tone.
export const invitationStatusLabels: Record<InvitationStatus, string> =
  invitationsAdminCopy.statusLabels;

export const invitationStatusTones: Record<InvitationStatus, BadgeTone> = {
  sent: "blue",
  accepted: "green",
  declined: "grey",
  expired: "yellow",
  revoked: "red",
};

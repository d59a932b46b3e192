import type { BadgeTone } from "../../components/ui/badge.tsx";
import { waitlistAdminCopy } from "../../content/admin.ts";
import type { WaitlistStatus } from "./model.ts";

// How the admin shows each waitlist status: a new status fails the typecheck until it has a
// label and a tone.
export const statusLabels: Record<WaitlistStatus, string> = waitlistAdminCopy.statusLabels;

export const statusTones: Record<WaitlistStatus, BadgeTone> = {
  pending: "yellow",
  contacted: "blue",
  converted: "green",
};

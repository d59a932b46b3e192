import type { BadgeTone } from "../../components/ui/badge.tsx";
import { waitlistAdminCopy } from "../../content/admin.ts";

// The waitlist statuses, declared once (the table's check constraint, the admin's filters,
// badges and buttons): a new status fails the typecheck until it has a label and a tone.
export const waitlistStatuses = ["pending", "contacted", "converted"] as const;
export type WaitlistStatus = (typeof waitlistStatuses)[number];

export const statusLabels: Record<WaitlistStatus, string> = waitlistAdminCopy.statusLabels;

export const statusTones: Record<WaitlistStatus, BadgeTone> = {
  pending: "yellow",
  contacted: "blue",
  converted: "green",
};

export function isWaitlistStatus(value: string): value is WaitlistStatus {
  return (waitlistStatuses as readonly string[]).includes(value);
}

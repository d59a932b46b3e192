import { z } from "zod";
import { waitlistAdminCopy } from "../../content/admin.ts";

// The admin may move an entry to contacted or converted from any other status, never back
// to pending (docs/product.md section 4).
export const settableWaitlistStatuses = ["contacted", "converted"] as const;
export type SettableWaitlistStatus = (typeof settableWaitlistStatuses)[number];

export const waitlistStatusSchema = z.object({
  status: z.enum(settableWaitlistStatuses, { error: waitlistAdminCopy.invalidStatus }),
});

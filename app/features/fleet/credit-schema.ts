// The staff's forms for the service credit at /admin/frota (decisions 394-395): the threshold
// per cycle and the maintenance windows.
import { z } from "zod";
import { maintenanceAdminCopy as copy } from "../../content/service-credit.ts";
import { requiredText, rowId } from "../admin/schema-fields.ts";
import { saoPauloInstant } from "../campaigns/schema.ts";
import { MAINTENANCE_REASON_MAX, MAX_CREDIT_THRESHOLD_MINUTES } from "./model.ts";

/** "4" or "4:30" (hours, or hours and minutes) as minutes; null when it is neither. */
export function thresholdMinutes(text: string): number | null {
  const match = /^(\d{1,3})(?::([0-5]\d))?$/.exec(text.trim());
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2] ?? "0");
  return minutes <= MAX_CREDIT_THRESHOLD_MINUTES ? minutes : null;
}

export const thresholdSchema = z.object({
  intent: z.literal("limite"),
  hours: z.string().transform((text, ctx) => {
    const minutes = thresholdMinutes(text);
    if (minutes === null) {
      ctx.addIssue({ code: "custom", message: copy.threshold.invalid });
      return z.NEVER;
    }
    return minutes;
  }),
});

const instant = z.string().transform((text, ctx) => {
  const at = saoPauloInstant(text.trim());
  if (!at) {
    ctx.addIssue({ code: "custom", message: copy.window.invalid });
    return z.NEVER;
  }
  return at;
});

export const windowSchema = z
  .object({
    intent: z.literal("janela"),
    startsAt: instant,
    endsAt: instant,
    reason: requiredText(copy.window.reason, MAINTENANCE_REASON_MAX),
  })
  .refine((form) => form.endsAt > form.startsAt, { error: copy.window.invalid, path: ["endsAt"] });

export const cancelWindowSchema = z.object({ intent: z.literal("cancelar"), id: rowId });

export const creditFormSchemas = {
  limite: thresholdSchema,
  janela: windowSchema,
  cancelar: cancelWindowSchema,
} as const;

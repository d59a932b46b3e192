// The campaign form, read by the admin action. A draft keeps whatever was typed (within the
// limits); sending or scheduling asks for the rest.
import { z } from "zod";
import { campaignsAdminCopy } from "../../content/campaigns.ts";
import { hasControlCharacters } from "../../lib/text.ts";
import { audienceFilterKeys } from "./audience-keys.ts";
import { campaignAudiences, campaignLimits } from "./model.ts";

const e = campaignsAdminCopy.errors;
const typed = (max: number, tooLong: string) =>
  z
    .string()
    .default("")
    .transform((value) => value.replace(/\r\n?/g, "\n"))
    .refine((value) => !hasControlCharacters(value, true), e.invalidCharacters)
    .refine((value) => value.length <= max, tooLong);

export const campaignDraftSchema = z.object({
  subject: typed(campaignLimits.subjectMax, e.subjectTooLong).transform((value) => value.trim()),
  previewText: typed(campaignLimits.previewMax, e.previewTooLong).transform((value) =>
    value.trim(),
  ),
  body: z
    .string()
    .default("")
    .transform((value) => value.replace(/\r\n?/g, "\n"))
    .refine((value) => !hasControlCharacters(value, true), e.invalidCharacters)
    .refine((value) => Buffer.byteLength(value) <= campaignLimits.bodyMaxBytes, e.bodyTooLarge),
  audience: z.enum(campaignAudiences, { error: e.invalidAudience }).default("newsletter"),
  scheduledAt: z.string().trim().max(40).default(""),
  ...Object.fromEntries(
    audienceFilterKeys.map((key) => [key, z.string().trim().max(100).default("")]),
  ),
});

export type CampaignDraft = z.output<typeof campaignDraftSchema> &
  Record<(typeof audienceFilterKeys)[number], string>;

/** What sending needs beyond a draft: a subject and a body. */
export function sendingErrors(draft: CampaignDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.subject) errors.subject = e.subjectRequired;
  if (!draft.body.trim()) errors.body = e.bodyRequired;
  return errors;
}

/** A datetime-local value read as São Paulo time (UTC-3, no daylight saving since 2019). */
export function saoPauloInstant(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const instant = new Date(`${value}:00-03:00`);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The instant as a datetime-local value in São Paulo time. */
export function saoPauloLocal(instant: Date): string {
  return new Date(instant.getTime() - 3 * 3_600_000).toISOString().slice(0, 16);
}

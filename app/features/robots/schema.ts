import { z } from "zod";
import { robotsAdminCopy, validationCopy } from "../../content/admin.ts";
import { optionalHttpUrl, requiredText, slugField } from "../admin/schema-fields.ts";

const { fields } = robotsAdminCopy;
// numeric(10, 2) in the database.
export const MAX_PRICE = 99_999_999.99;

/**
 * The admin's price input as a number of USD rounded to cents. Empty or non-numeric input
 * is null ("Sob consulta", SPEC.md section 5); a decimal comma is accepted.
 */
export function parsePrice(raw: string | null | undefined): number | null {
  const text = (raw ?? "").trim().replace(",", ".");
  if (text === "") return null;
  const value = Number(text);
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : null;
}

/** The "Editar Robô" form (SPEC.md sections 2 and 5). */
export const robotUpdateSchema = z.object({
  name: requiredText(fields.name, 120),
  slug: slugField(fields.slug),
  description: requiredText(fields.description, 2000),
  logoUrl: optionalHttpUrl(fields.logoUrl),
  myfxbookLink: optionalHttpUrl(fields.myfxbookLink),
  price: z
    .string()
    .optional()
    .transform(parsePrice)
    .refine((price) => price === null || price >= 0, { error: validationCopy.priceNegative })
    .refine((price) => price === null || price <= MAX_PRICE, {
      error: validationCopy.priceTooHigh,
    }),
});

export type RobotUpdate = z.output<typeof robotUpdateSchema>;

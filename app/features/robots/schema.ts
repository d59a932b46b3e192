import { z } from "zod";
import { robotsAdminCopy, validationCopy } from "../../content/admin.ts";
import { optionalHttpUrl, requiredText, slugField } from "../admin/schema-fields.ts";
import { readPriceInput } from "./price-input.ts";

const { fields } = robotsAdminCopy;
// numeric(10, 2) in the database.
export const MAX_PRICE = 99_999_999.99;
/** A bound far above any real robot's clients, so a typo cannot store a huge number. */
export const MAX_CAPACITY = 100_000;

/** The price typed the Brazilian way (price-input.ts); empty is null ("Sob consulta"). */
const priceField = z
  .string()
  .optional()
  .transform((raw, context) => {
    const input = readPriceInput(raw);
    if (input.ok) return input.price;
    context.addIssue({
      code: "custom",
      message:
        input.reason === "negative" ? validationCopy.priceNegative : validationCopy.priceFormat,
    });
    return z.NEVER;
  })
  .refine((price) => price === null || price <= MAX_PRICE, {
    error: validationCopy.priceTooHigh,
  });

/**
 * Spots (vagas): a whole number from 0 to MAX_CAPACITY, empty for unlimited; a
 * form without the field (an older page still open) keeps the stored number (undefined).
 */
const capacityField = z
  .string()
  .optional()
  .transform((raw, context) => {
    if (raw === undefined) return undefined;
    const text = raw.trim();
    if (text === "") return null;
    if (!/^\d{1,6}$/.test(text) || Number(text) > MAX_CAPACITY) {
      context.addIssue({ code: "custom", message: validationCopy.capacityFormat });
      return z.NEVER;
    }
    return Number(text);
  });

/** The "Editar Robô" form (docs/product.md sections 2 and 5; spots: docs/decisions/091). */
export const robotUpdateSchema = z.object({
  name: requiredText(fields.name, 120),
  slug: slugField(fields.slug),
  description: requiredText(fields.description, 2000),
  logoUrl: optionalHttpUrl(fields.logoUrl),
  myfxbookLink: optionalHttpUrl(fields.myfxbookLink),
  price: priceField,
  capacity: capacityField,
});

export type RobotUpdate = z.output<typeof robotUpdateSchema>;

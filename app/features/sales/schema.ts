// The sale's staff forms (docs/architecture.md "A form"): the one refund, and resolving a
// waiting payment. Read by readAdminForm in the routes; messages from content/sales.ts.
import { z } from "zod";
import { paymentsAdminCopy as copy, refundPageCopy } from "../../content/sales.ts";
import { optionalText, requiredText, rowId } from "../admin/schema-fields.ts";
import { parseDecimal } from "../orders/money.ts";
import { ORDER_REFERENCE_PATTERN } from "../orders/model.ts";
import { refundDestinations } from "./model.ts";

const referencePattern = new RegExp(`^${ORDER_REFERENCE_PATTERN.source}$`);

/** Where the money goes, and the receipt; a PIX needs its key. */
const destinationFields = {
  destination: z.enum(refundDestinations, { error: refundPageCopy.invalidDestination }),
  pixKey: optionalText(refundPageCopy.pixKey, 140),
  reference: requiredText(refundPageCopy.reference, 200),
  confirm: z.literal("on", { error: refundPageCopy.mustConfirm }),
};

/** The refund fields staff type in: their own messages answer a refused refund. */
export const refundTypedFields = [...Object.keys(destinationFields), "amount"];

const pixNeedsKey = <T extends { destination: string; pixKey: string | null }>(value: T) =>
  value.destination !== "pix" || value.pixKey !== null;

export const refundSchema = z
  .object({
    ...destinationFields,
    // Only after the guarantee: staff say how much ("1.234,56"); within it, everything paid.
    amount: optionalText(refundPageCopy.amount, 20).refine(
      (value) => value === null || parseDecimal(value, 2) !== null,
      refundPageCopy.invalidAmount,
    ),
  })
  .refine(pixNeedsKey, { error: refundPageCopy.pixKeyRequired, path: ["pixKey"] });

export const applyWaitingSchema = z.object({
  intent: z.literal("apply"),
  eventId: rowId,
  reference: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => referencePattern.test(value), copy.invalidReference),
});

export const refundWaitingSchema = z
  .object({ intent: z.literal("refund"), eventId: rowId, ...destinationFields })
  .refine(pixNeedsKey, { error: refundPageCopy.pixKeyRequired, path: ["pixKey"] });

export const resolveWaitingSchema = z.union([applyWaitingSchema, refundWaitingSchema]);

/** Staff switched a robot on or off in its VPS ("Robôs a ligar" / "Robôs a desligar"). */
export const robotSwitchedSchema = z.object({ switchId: rowId });

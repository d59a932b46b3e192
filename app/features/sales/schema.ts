// The sale's staff forms (docs/architecture.md "A form"): the one refund, resolving a
// waiting payment, and the renewals' fine and interest. Read by readAdminForm in the routes; messages from content/sales.ts.
import { z } from "zod";
import { paymentsAdminCopy as copy, refundPageCopy } from "../../content/sales.ts";
import { subscriptionsAdminCopy } from "../../content/subscriptions.ts";
import { subscriptionIntents } from "../subscriptions/intents.ts";
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

/** A percent staff type ("2", "1,5", "0.33 %"), in basis points, from 0 to `maxBp`. */
function percentBasisPoints(invalid: string, maxBp: number) {
  return z
    .string({ error: invalid })
    .trim()
    .max(12, invalid)
    .transform((value, context) => {
      const basisPoints = parseDecimal(value.replace(/\s*%$/, ""), 2);
      if (basisPoints === null || basisPoints > maxBp) {
        context.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      return basisPoints;
    });
}

/** The fine and interest of the renewals' due-date charges (docs/decisions/417). */
export const renewalTermsSchema = z.object({
  intent: z.literal(subscriptionIntents.renewalTerms),
  fineBp: percentBasisPoints(subscriptionsAdminCopy.terms.invalidFine, 200),
  interestBpMonth: percentBasisPoints(subscriptionsAdminCopy.terms.invalidInterest, 100),
});

/** The renewal terms' fields staff type in: their own messages answer a refusal. */
export const renewalTermsTypedFields = ["fineBp", "interestBpMonth"];

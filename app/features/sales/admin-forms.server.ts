// The forms of /admin/pedidos, /admin/assinaturas and /admin/convites, one option per intent,
// read by readAdminForm in the sale's admin actions. A hidden id that is not a row id is
// answered "not found" (formRefused), as a row that does not exist; a field staff type in
// answers with its own message.
import { z } from "zod";
import { invitationsAdminCopy as invitationsCopy } from "../../content/invitations.ts";
import { ordersAdminCopy as ordersCopy } from "../../content/orders.ts";
import { subscriptionsAdminCopy as subscriptionsCopy } from "../../content/subscriptions.ts";
import { checkboxField, optionalText, requiredText, rowId } from "../admin/schema-fields.ts";
import { MAX_INVITE_BATCH } from "../invitations/admin-queries.server.ts";
import { invitationIntents } from "../invitations/intents.ts";
import { orderIntents } from "../orders/intents.ts";
import { ORDER_REFERENCE_PATTERN, paymentMethods } from "../orders/model.ts";
import { parseDecimal, parseExchangeRate } from "../orders/money.ts";
import { subscriptionIntents } from "../subscriptions/intents.ts";
import { renewalTermsSchema, renewalTermsTypedFields } from "./schema.ts";

const chargeReference = new RegExp(`^${ORDER_REFERENCE_PATTERN.source}$`);

const paymentMethod = (message: string) => z.enum(paymentMethods, { error: message });

export const ordersFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal(orderIntents.setRate),
    // In ten-thousandths of a real.
    rate: z.string({ error: ordersCopy.rateInvalid }).transform((value, context) => {
      const parsed = parseExchangeRate(value);
      if (parsed.ok) return parsed.rate;
      const message =
        parsed.reason === "invalid" ? ordersCopy.rateInvalid : ordersCopy.rateOutOfRange;
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }),
    reason: optionalText(ordersCopy.rateReason, 500),
  }),
  z.object({
    intent: z.literal(orderIntents.setEarly),
    robotId: rowId,
    // Percent with up to two decimals, as basis points.
    percent: z.string({ error: ordersCopy.earlyInvalidPercent }).transform((value, context) => {
      const basisPoints = parseDecimal(value, 2);
      if (basisPoints !== null && basisPoints >= 1 && basisPoints <= 10_000) return basisPoints;
      context.addIssue({ code: "custom", message: ordersCopy.earlyInvalidPercent });
      return z.NEVER;
    }),
    months: z
      .string({ error: ordersCopy.earlyInvalidMonths })
      .trim()
      .transform(Number)
      .refine(
        (months) => Number.isInteger(months) && months >= 1 && months <= 120,
        ordersCopy.earlyInvalidMonths,
      ),
  }),
  z.object({ intent: z.literal(orderIntents.clearEarly), robotId: rowId }),
  z.object({
    intent: z.literal(orderIntents.markPaid),
    orderId: rowId,
    method: paymentMethod(ordersCopy.invalidRequest),
    reference: requiredText(ordersCopy.paymentReference, 500, ordersCopy.referenceRequired),
    note: optionalText(ordersCopy.note, 500),
  }),
  z.object({ intent: z.literal(orderIntents.markLinkSent), orderId: rowId }),
  z.object({
    intent: z.literal(orderIntents.cancel),
    orderId: rowId,
    reason: requiredText(ordersCopy.reason, 500, ordersCopy.reasonRequired),
  }),
  // The file is judged by the statement parser, not by the schema.
  z.object({ intent: z.literal(orderIntents.importStatement) }),
  z.object({ intent: z.literal(orderIntents.applyImport), importId: rowId }),
]);

export const ordersTypedFields = ["rate", "reason", "percent", "months", "reference", "note"];

export const subscriptionsFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal(subscriptionIntents.markPaid),
    charge: z
      .string()
      .trim()
      .refine((value) => chargeReference.test(value)),
    method: paymentMethod(subscriptionsCopy.methodRequired),
    reference: requiredText(
      subscriptionsCopy.paymentReference,
      200,
      subscriptionsCopy.referenceRequired,
    ),
  }),
  z.object({
    intent: z.literal(subscriptionIntents.cancel),
    subscriptionId: rowId,
    confirm: z.literal("on", { error: subscriptionsCopy.confirmRequired }),
  }),
  renewalTermsSchema,
]);

export const subscriptionsTypedFields = [
  "method",
  "reference",
  "confirm",
  ...renewalTermsTypedFields,
];

export const invitationsFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal(invitationIntents.inviteNext),
    robotId: rowId,
    personId: z
      .array(z.string(), { error: invitationsCopy.invalidCount })
      .min(1, invitationsCopy.invalidCount)
      .max(MAX_INVITE_BATCH, invitationsCopy.invalidCount)
      .pipe(z.array(z.guid({ error: invitationsCopy.invalidRequest }))),
  }),
  z.object({
    intent: z.literal(invitationIntents.invitePerson),
    robotId: rowId,
    // Read as a list on this page (invitationsListFields): one person here.
    personId: z
      .array(rowId)
      .length(1)
      .transform(([id]) => id!),
  }),
  z.object({
    intent: z.literal(invitationIntents.revoke),
    invitationId: rowId,
    // Revoking ends someone's invitation: only after the dialog's confirmation.
    confirmar: z.literal("sim", { error: invitationsCopy.confirmRequired }),
  }),
  z.object({
    intent: z.literal(invitationIntents.autoInvite),
    robotId: rowId,
    autoInvite: checkboxField,
  }),
]);

/** Sent once per person of an "invite the next ones" form, so always read as a list. */
export const invitationsListFields = ["personId"];
export const invitationsTypedFields = ["personId", "confirmar"];

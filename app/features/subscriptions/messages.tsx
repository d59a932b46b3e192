// The subscription's messages (docs/decisions/172): the next cycle's charge and its reminder,
// the late and suspension notices, the confirmations of a cancellation and of a refund. Each
// notice about a charge to pay has a button to Minha conta, where the charge is paid; a renewal
// a Pix Automático mandate will debit has its own notice and reminder, which ask for nothing.
import { href } from "react-router";
import { subscriptionEmailCopy } from "../../content/subscriptions.ts";
import { defineMessage, type Payload } from "../../platform/jobs/registry.ts";
import { actionMessage, type ActionCopy } from "../../platform/mail/layout.tsx";

const {
  charge,
  debit,
  debitReminder,
  reminder,
  late,
  suspended,
  reactivated,
  ended,
  cancelled,
  refunded,
} = subscriptionEmailCopy;

/** What every renewal notice says of its cycle; a charge to pay adds its reference and code. */
const debitFields = [
  "name",
  "robotName",
  "dueDate",
  "amountUsd",
  "amountBrl",
  "rate",
  "rateLine",
  "creditLine",
] as const;
const chargeFields = [...debitFields, "reference", "pixLine"] as const;

const chargeLines = (payload: Payload<(typeof chargeFields)[number]>) =>
  [
    charge.body(payload.robotName, payload.dueDate),
    charge.amount(payload.amountUsd, payload.amountBrl, payload.rate),
    payload.creditLine,
    payload.rateLine,
    payload.pixLine,
    charge.reference(payload.reference),
    charge.otherMethods,
  ].filter(Boolean);

/**
 * A notice to the customer: the copy's subject and preview, a greeting by name, `lines`, and
 * with `pay` the copy's button to the charges in Minha conta.
 */
function notice<const N extends string, const F extends string>(
  name: N,
  copy: ActionCopy,
  fields: readonly ("name" | F)[],
  lines: (payload: Payload<"name" | F>) => readonly string[],
  pay = false,
) {
  return defineMessage({
    name,
    kind: "transactional",
    fields,
    compose: (payload, _links, context) =>
      actionMessage(
        copy,
        {
          greeting: charge.greeting(payload.name),
          lines: lines(payload),
          ...(pay ? { path: href("/minha-conta") } : {}),
        },
        context,
      ),
  });
}

export const renewalChargeMessage = notice(
  "renewal-charge",
  charge,
  chargeFields,
  chargeLines,
  true,
);

export const renewalReminderMessage = notice(
  "renewal-reminder",
  reminder,
  chargeFields,
  chargeLines,
  true,
);

const debitLines = (payload: Payload<(typeof debitFields)[number]>) =>
  [
    debit.body(payload.robotName, payload.dueDate),
    charge.amount(payload.amountUsd, payload.amountBrl, payload.rate),
    payload.creditLine,
    payload.rateLine,
    debit.debitOn(payload.amountBrl, payload.dueDate),
    debit.ifFails,
  ].filter(Boolean);

export const renewalDebitMessage = notice("renewal-debit", debit, debitFields, debitLines, true);

export const renewalDebitReminderMessage = notice(
  "renewal-debit-reminder",
  debitReminder,
  debitFields,
  debitLines,
  true,
);

export const renewalLateMessage = notice(
  "renewal-late",
  late,
  ["name", "robotName", "dueDate", "graceUntil", "reference"],
  (payload) => [
    late.body(payload.robotName, payload.dueDate, payload.graceUntil),
    late.reference(payload.reference),
  ],
  true,
);

export const subscriptionSuspendedMessage = notice(
  "subscription-suspended",
  suspended,
  ["name", "robotName", "reference"],
  (payload) => [suspended.body(payload.robotName), suspended.reference(payload.reference)],
  true,
);

export const subscriptionCancelledMessage = notice(
  "subscription-cancelled",
  cancelled,
  ["name", "robotName", "lastDay"],
  (payload) => [cancelled.body(payload.robotName), cancelled.ends(payload.lastDay)],
);

export const subscriptionRefundedMessage = notice(
  "subscription-refunded",
  refunded,
  ["name", "robotName", "amount", "method"],
  (payload) => [
    refunded.body(payload.robotName, payload.amount, payload.method),
    refunded.guarantee,
  ],
);

export const subscriptionReactivatedMessage = notice(
  "subscription-reactivated",
  reactivated,
  ["name", "robotName", "paidThrough"],
  (payload) => [reactivated.body(payload.robotName, payload.paidThrough)],
);

export const subscriptionEndedMessage = notice(
  "subscription-ended",
  ended,
  ["name", "robotName", "day"],
  (payload) => [ended.body(payload.robotName, payload.day)],
);

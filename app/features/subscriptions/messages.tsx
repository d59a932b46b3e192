// The subscription's messages (docs/decisions/172): the next cycle's charge and its reminder,
// the late and suspension notices, the confirmations of a cancellation and of a refund.
import { subscriptionEmailCopy } from "../../content/subscriptions.ts";
import { defineMessage } from "../../platform/jobs/registry.ts";
import { actionMessage } from "../../platform/mail/layout.tsx";

const { charge, reminder, late, suspended, cancelled, refunded } = subscriptionEmailCopy;

const chargeFields = [
  "name",
  "robotName",
  "dueDate",
  "amountUsd",
  "amountBrl",
  "rate",
  "reference",
  "pixLine",
] as const;

const chargeLines = (payload: Record<(typeof chargeFields)[number], string>) =>
  [
    charge.body(payload.robotName, payload.dueDate),
    charge.amount(payload.amountUsd, payload.amountBrl, payload.rate),
    payload.pixLine,
    charge.reference(payload.reference),
    charge.otherMethods,
  ].filter(Boolean);

export const renewalChargeMessage = defineMessage({
  name: "renewal-charge",
  kind: "transactional",
  fields: chargeFields,
  compose: (payload, _links, context) =>
    actionMessage(
      charge,
      { greeting: charge.greeting(payload.name), lines: chargeLines(payload) },
      context,
    ),
});

export const renewalReminderMessage = defineMessage({
  name: "renewal-reminder",
  kind: "transactional",
  fields: chargeFields,
  compose: (payload, _links, context) =>
    actionMessage(
      reminder,
      { greeting: charge.greeting(payload.name), lines: chargeLines(payload) },
      context,
    ),
});

export const renewalLateMessage = defineMessage({
  name: "renewal-late",
  kind: "transactional",
  fields: ["name", "robotName", "dueDate", "graceUntil", "reference"],
  compose: (payload, _links, context) =>
    actionMessage(
      late,
      {
        greeting: late.greeting(payload.name),
        lines: [
          late.body(payload.robotName, payload.dueDate, payload.graceUntil),
          late.reference(payload.reference),
        ],
      },
      context,
    ),
});

export const subscriptionSuspendedMessage = defineMessage({
  name: "subscription-suspended",
  kind: "transactional",
  fields: ["name", "robotName", "reference"],
  compose: (payload, _links, context) =>
    actionMessage(
      suspended,
      {
        greeting: suspended.greeting(payload.name),
        lines: [suspended.body(payload.robotName), suspended.reference(payload.reference)],
      },
      context,
    ),
});

export const subscriptionCancelledMessage = defineMessage({
  name: "subscription-cancelled",
  kind: "transactional",
  fields: ["name", "robotName", "lastDay"],
  compose: (payload, _links, context) =>
    actionMessage(
      cancelled,
      {
        greeting: cancelled.greeting(payload.name),
        lines: [cancelled.body(payload.robotName), cancelled.ends(payload.lastDay)],
      },
      context,
    ),
});

export const subscriptionRefundedMessage = defineMessage({
  name: "subscription-refunded",
  kind: "transactional",
  fields: ["name", "robotName", "amount", "method"],
  compose: (payload, _links, context) =>
    actionMessage(
      refunded,
      {
        greeting: refunded.greeting(payload.name),
        lines: [
          refunded.body(payload.robotName, payload.amount, payload.method),
          refunded.guarantee,
        ],
      },
      context,
    ),
});

// The order's messages (docs/decisions/180-182): to the person at each step (created, the
// reminder 12 hours before the deadline, paid with the single-use setup link, expired, VPS
// configured, agent running) and to staff for each acceptance and each payment. Amounts and
// dates travel as the text the message shows; links are minted when the message is sent.
import { sql } from "drizzle-orm";
import { href } from "react-router";
import { orderEmailCopy as copy } from "../../content/orders.ts";
import { defineMessage, tokenValues, type LinkToken } from "../../platform/jobs/registry.ts";
import { actionMessage } from "../../platform/mail/layout.tsx";
import { invitationLink } from "../invitations/messages.tsx";

/** How long the e-mailed setup link works (once). */
const SETUP_LINK_LIFETIME = "30 days";

const setupPath = (token: string) => href("/configurar/:token", { token });

/** The setup form's single-use link, owned by the order (order_tokens). */
const setupLink: LinkToken<"orderId"> = {
  store: (tokens) => sql`
    insert into order_tokens (token_hash, order_id, outbox_id, expires_at)
    select t.hash, o.id, t.outbox_id, now() + ${SETUP_LINK_LIFETIME}::interval
    from ${tokenValues(tokens, ({ outboxId, payload }) => [
      sql`${outboxId}::uuid`,
      sql`${payload.orderId}::uuid`,
    ])} as t (hash, outbox_id, order_id)
      join orders o on o.id = t.order_id
    returning token_hash`,
  forget: (hash) => sql`delete from order_tokens where token_hash = ${hash}`,
  reissue: (hash, newHash) =>
    sql`update order_tokens set token_hash = ${newHash} where token_hash = ${hash} returning token_hash`,
  revoke: (outboxId) => sql`delete from order_tokens where outbox_id = ${outboxId}`,
};

export const orderCreatedMessage = defineMessage({
  name: "order-created",
  kind: "transactional",
  fields: [
    "invitationId",
    "name",
    "robotName",
    "reference",
    "amountUsd",
    "amountBrl",
    "rate",
    "deadline",
    "pixCode",
  ],
  links: { token: invitationLink },
  compose: (payload, { token }, context) =>
    actionMessage(
      copy.created,
      {
        greeting: copy.greeting(payload.name),
        lines: [
          copy.created.body(payload.robotName, payload.reference),
          copy.created.amountUsd(payload.amountUsd),
          payload.amountBrl
            ? copy.created.amountBrl(payload.amountBrl, payload.rate)
            : copy.created.noAmountBrl,
          copy.created.deadline(payload.deadline),
          payload.pixCode && copy.created.pix(payload.pixCode),
          copy.created.otherMethods,
        ].filter(Boolean),
        path: href("/convite/:token", { token }),
      },
      context,
    ),
});

export const orderReminderMessage = defineMessage({
  name: "order-reminder",
  kind: "transactional",
  fields: ["invitationId", "name", "robotName", "reference", "amountBrl", "deadline"],
  links: { token: invitationLink },
  compose: (payload, { token }, context) =>
    actionMessage(
      copy.reminder,
      {
        greeting: copy.greeting(payload.name),
        lines: [
          copy.reminder.body(payload.robotName, payload.reference),
          copy.reminder.deadline(payload.deadline),
          payload.amountBrl && copy.reminder.amountBrl(payload.amountBrl),
          copy.reminder.alreadyPaid,
        ].filter(Boolean),
        path: href("/convite/:token", { token }),
      },
      context,
    ),
});

export const orderPaidMessage = defineMessage({
  name: "order-paid",
  kind: "transactional",
  fields: ["orderId", "name", "robotName", "reference", "amount"],
  links: { token: setupLink },
  compose: (payload, { token }, context) =>
    actionMessage(
      copy.paid,
      {
        greeting: copy.greeting(payload.name),
        lines: [
          copy.paid.body(payload.robotName, payload.reference),
          copy.paid.amount(payload.amount),
          copy.paid.next,
        ],
        path: setupPath(token),
      },
      context,
    ),
});

export const orderExpiredMessage = defineMessage({
  name: "order-expired",
  kind: "transactional",
  fields: ["name", "robotName", "reference"],
  compose: (payload, _links, context) =>
    actionMessage(
      copy.expired,
      {
        greeting: copy.greeting(payload.name),
        lines: [
          copy.expired.body(payload.robotName, payload.reference),
          copy.expired.paidAnyway,
          copy.expired.waitlist,
        ],
      },
      context,
    ),
});

export const orderVpsReadyMessage = defineMessage({
  name: "order-vps-ready",
  kind: "transactional",
  fields: ["name", "robotName"],
  compose: (payload, _links, context) =>
    actionMessage(
      copy.vpsReady,
      { greeting: copy.greeting(payload.name), lines: [copy.vpsReady.body(payload.robotName)] },
      context,
    ),
});

export const orderRunningMessage = defineMessage({
  name: "order-running",
  kind: "transactional",
  fields: ["name", "robotName"],
  compose: (payload, _links, context) =>
    actionMessage(
      copy.running,
      {
        greeting: copy.greeting(payload.name),
        lines: [copy.running.body(payload.robotName), copy.running.credential],
      },
      context,
    ),
});

export const staffOrderAcceptedMessage = defineMessage({
  name: "staff-order-accepted",
  kind: "transactional",
  fields: ["reference", "name", "email", "robotName", "amountUsd", "amountBrl", "deadline"],
  compose: (payload, _links, context) =>
    actionMessage(
      {
        ...copy.staffAccepted,
        subject: copy.staffAccepted.subject(payload.reference, payload.robotName),
      },
      {
        greeting: copy.staffAccepted.greeting,
        lines: [
          copy.staffAccepted.body(payload.name, payload.email, payload.robotName),
          `${payload.reference}: ${copy.staffAccepted.amounts(payload.amountUsd, payload.amountBrl)}`,
          copy.staffAccepted.deadline(payload.deadline),
        ],
        path: href("/admin/pedidos"),
      },
      context,
    ),
});

export const staffOrderPaidMessage = defineMessage({
  name: "staff-order-paid",
  kind: "transactional",
  fields: ["reference", "name", "email", "robotName", "amount", "method", "paymentReference"],
  compose: (payload, _links, context) =>
    actionMessage(
      { ...copy.staffPaid, subject: copy.staffPaid.subject(payload.reference, payload.robotName) },
      {
        greeting: copy.staffPaid.greeting,
        lines: [
          `${payload.reference}: ${copy.staffPaid.body(payload.name, payload.email, payload.robotName)}`,
          copy.staffPaid.payment(payload.amount, payload.method, payload.paymentReference),
        ],
        path: href("/admin/implantacao"),
      },
      context,
    ),
});

export const staffPaymentLinkRequestedMessage = defineMessage({
  name: "staff-payment-link-requested",
  kind: "transactional",
  fields: [
    "reference",
    "name",
    "email",
    "robotName",
    "method",
    "amountUsd",
    "amountBrl",
    "deadline",
  ],
  compose: (payload, _links, context) =>
    actionMessage(
      {
        ...copy.staffLinkRequested,
        subject: copy.staffLinkRequested.subject(payload.reference, payload.method),
      },
      {
        greeting: copy.staffLinkRequested.greeting,
        lines: [
          `${payload.reference}: ${copy.staffLinkRequested.body(payload.name, payload.email, payload.robotName, payload.method)}`,
          copy.staffLinkRequested.amounts(payload.amountUsd, payload.amountBrl),
          copy.staffLinkRequested.deadline(payload.deadline),
        ],
        path: href("/admin/pedidos"),
      },
      context,
    ),
});

export const staffSetupSubmittedMessage = defineMessage({
  name: "staff-setup-submitted",
  kind: "transactional",
  fields: ["reference", "name", "robotName", "accountNumber", "brokerServer", "platform"],
  compose: (payload, _links, context) =>
    actionMessage(
      {
        ...copy.staffSetupSubmitted,
        subject: copy.staffSetupSubmitted.subject(payload.reference, payload.robotName),
      },
      {
        greeting: copy.staffSetupSubmitted.greeting,
        lines: [
          `${payload.reference}: ${copy.staffSetupSubmitted.body(payload.name, payload.robotName)}`,
          copy.staffSetupSubmitted.account(
            payload.accountNumber,
            payload.brokerServer,
            payload.platform,
          ),
          copy.staffSetupSubmitted.promise,
        ],
        path: href("/admin/implantacao"),
      },
      context,
    ),
});

export const staffSetupOverdueMessage = defineMessage({
  name: "staff-setup-overdue",
  kind: "transactional",
  fields: ["reference", "name", "robotName", "submittedAt"],
  compose: (payload, _links, context) =>
    actionMessage(
      {
        ...copy.staffSetupOverdue,
        subject: copy.staffSetupOverdue.subject(payload.reference, payload.robotName),
      },
      {
        greeting: copy.staffSetupOverdue.greeting,
        lines: [
          `${payload.reference}: ${copy.staffSetupOverdue.body(payload.name, payload.robotName, payload.submittedAt)}`,
          copy.staffSetupOverdue.promise,
        ],
        path: href("/admin/implantacao"),
      },
      context,
    ),
});

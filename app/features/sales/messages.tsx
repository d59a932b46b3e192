// The sale's own messages: to staff, one per transaction that leaves money waiting in
// "Pagamentos a resolver" (each new entry is in one of them, docs/decisions/331).
import { href } from "react-router";
import { greetingFor } from "../../content/greeting.ts";
import { paymentsAdminCopy as copy, refundCopy, refundRequestCopy } from "../../content/sales.ts";
import { defineMessage } from "../../platform/jobs/registry.ts";
import { actionMessage } from "../../platform/mail/layout.tsx";

export const staffMoneyWaitingMessage = defineMessage({
  name: "staff-money-waiting",
  kind: "transactional",
  fields: ["count", "lines"],
  compose: (payload, _links, context) =>
    actionMessage(
      {
        subject: `${copy.staffMail.subject} (${payload.count})`,
        preview: copy.staffMail.intro,
        button: copy.staffMail.action,
      },
      {
        greeting: "Equipe,",
        lines: [copy.staffMail.intro, payload.lines, copy.staffMail.count(payload.count)],
        path: href("/admin/pagamentos"),
      },
      context,
    ),
});

/** To the customer: what was refunded, how and when (docs/decisions/332). */
export const saleRefundedMessage = defineMessage({
  name: "sale-refunded",
  kind: "transactional",
  fields: ["name", "robotName", "amount", "what", "how", "when"],
  compose: (payload, _links, context) =>
    actionMessage(
      { subject: refundCopy.email.subject, preview: refundCopy.email.preview },
      {
        greeting: greetingFor(payload.name),
        lines: [
          refundCopy.email.body(payload.robotName),
          refundCopy.email.amount(payload.amount, payload.what),
          refundCopy.email.how(payload.how),
          refundCopy.email.when(payload.when),
        ],
      },
      context,
    ),
});

/** To staff: a customer asked for the 7-day guarantee; the refund page is one click away. */
export const staffRefundRequestedMessage = defineMessage({
  name: "staff-refund-requested",
  kind: "transactional",
  fields: ["orderId", "name", "email", "robotName", "requestedAt", "lastDay", "why"],
  compose: (payload, _links, context) =>
    actionMessage(
      {
        subject: refundRequestCopy.staffMail.subject(payload.robotName),
        preview: refundRequestCopy.staffMail.preview,
        button: refundRequestCopy.staffMail.button,
      },
      {
        greeting: "Equipe,",
        lines: [
          refundRequestCopy.staffMail.body(
            payload.name,
            payload.email,
            payload.robotName,
            payload.why,
          ),
          refundRequestCopy.staffMail.when(payload.requestedAt, payload.lastDay),
        ],
        path: href("/admin/reembolso/:orderId", { orderId: payload.orderId }),
      },
      context,
    ),
});

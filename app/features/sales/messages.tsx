// The sale's own messages: to staff, one per transaction that leaves money waiting in
// "Pagamentos a resolver" (each new entry is in one of them, docs/decisions/331).
import { href } from "react-router";
import { greetingFor } from "../../content/greeting.ts";
import { mandateEndedCopy } from "../../content/pix-automatico.ts";
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

/** How a mandate ended at the payer's bank, as the e-mails take it. */
export type MandateEnding = "cancelled" | "rejected";

const endingOf = (value: string): MandateEnding =>
  value === "rejected" ? "rejected" : "cancelled";

/**
 * To the customer: the Pix Automático mandate was cancelled or refused at their bank, and what
 * comes next, renewals as due-date charges (docs/decisions/416).
 */
export const mandateEndedMessage = defineMessage({
  name: "pix-mandate-ended",
  kind: "transactional",
  fields: ["name", "robotName", "endingKind"],
  compose: (payload, _links, context) => {
    const mail = mandateEndedCopy.customer;
    return actionMessage(
      mail,
      {
        greeting: greetingFor(payload.name),
        lines: [mail[endingOf(payload.endingKind)](payload.robotName), mail.next, mail.again],
        path: href("/minha-conta"),
      },
      context,
    );
  },
});

/** To staff: a customer's mandate ended at their bank, once per ending. */
export const staffMandateEndedMessage = defineMessage({
  name: "staff-pix-mandate-ended",
  kind: "transactional",
  fields: ["name", "email", "robotName", "endingKind", "reason"],
  compose: (payload, _links, context) => {
    const mail = mandateEndedCopy.staff;
    return actionMessage(
      { subject: mail.subject(payload.robotName), preview: mail.preview, button: mail.button },
      {
        greeting: "Equipe,",
        lines: [
          mail.body(
            payload.name,
            payload.email,
            payload.robotName,
            mail.how[endingOf(payload.endingKind)],
          ),
          mail.reason(payload.reason),
          mail.next,
        ],
        path: href("/admin/assinaturas"),
      },
      context,
    );
  },
});

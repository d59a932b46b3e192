// The customer area's link (docs/decisions/185): works once, within 1 hour, like Meus dados';
// and the receipt of every payment (decision 362).
import { href } from "react-router";
import { accountCopy, receiptCopy } from "../../content/account.ts";
import { defineMessage } from "../../platform/jobs/registry.ts";
import { actionMessage } from "../../platform/mail/layout.tsx";
import { entryLink } from "../privacy/email-links.server.ts";

const copy = accountCopy.email;

export const accountLinkMessage = defineMessage({
  name: "account-link",
  kind: "transactional",
  fields: ["entryId"],
  links: { token: entryLink("my-account", "1 hour") },
  compose: (_payload, { token }, context) =>
    actionMessage(
      copy,
      { greeting: copy.greeting, lines: [copy.body], path: href("/minha-conta/:token", { token }) },
      context,
    ),
});

const receipt = receiptCopy.email;
const receiptFields = receiptCopy.fields;

/**
 * The receipt of a payment, first month or renewal, however it was recorded (statement,
 * card provider, staff by hand): the receipt's fields, and a button to its printable page.
 */
export const paymentReceiptMessage = defineMessage({
  name: "payment-receipt",
  kind: "transactional",
  fields: [
    "name",
    "service",
    "amount",
    "rate",
    "method",
    "paymentReference",
    "reference",
    "paidAt",
  ],
  compose: (payload, _links, context) =>
    actionMessage(
      receipt,
      {
        greeting: receipt.greeting(payload.name),
        lines: [
          receipt.body,
          receipt.line(receiptFields.service, payload.service),
          receipt.line(receiptFields.amount, payload.amount),
          payload.rate ? receipt.line(receiptFields.rate, payload.rate) : "",
          receipt.line(receiptFields.method, payload.method),
          receipt.line(receiptFields.paymentReference, payload.paymentReference),
          receipt.line(receiptFields.reference, payload.reference),
          receipt.line(receiptFields.paidAt, payload.paidAt),
          receipt.printable,
        ].filter(Boolean),
        path: href("/minha-conta/recibos/:reference", { reference: payload.reference }),
      },
      context,
    ),
});

// The forms of the person's order page, whichever way they reached it (the invitation's
// link or Meus dados, decision 184): pay by card, ask for a payment link, send the setup data,
// pay with Pix Automático authorised in the same QR (decision 480).
import { orderPageCopy, setupFormCopy } from "../../content/orders.ts";
import { firstPaymentMandateCopy as mandateCopy } from "../../content/pix-automatico.ts";
import { withTransaction } from "../../platform/db/db.server.ts";
import type { FormEntries } from "../../platform/http/read-form.server.ts";
import {
  authoriseWithFirstPayment,
  type FirstPaymentMandateOutcome,
} from "../sales/order-mandates.server.ts";
import { orderCardCheckout } from "./card-checkout.server.ts";
import {
  type MandateFormError,
  type OrderLink,
  orderIdByLink,
  requestPaymentLink,
} from "./order-view.server.ts";
import { readSetupForm, type SetupFormErrors, submitSetup } from "./setup.server.ts";

/** Done (go to `location`: the page again, or the card checkout), or the page again with this status and notice. */
export type OrderPageAnswer =
  | { done: true; location: string }
  | {
      done: false;
      status: number;
      notice: string | null;
      setupForm?: SetupFormErrors;
      mandateForm?: MandateFormError;
    };

/** The Pix Automático form's refusals: status and notice. */
const mandateRefusals: Record<
  Exclude<FirstPaymentMandateOutcome, "created" | "exists" | "invalid-cpf">,
  [number, string]
> = {
  "not-allowed": [409, mandateCopy.notAllowed],
  unavailable: [503, mandateCopy.unavailable],
  refused: [422, mandateCopy.refused],
};

/** Answers an order page's form; null when the intent is none of the page's. */
export async function answerOrderPageForm(
  link: OrderLink,
  pagePath: string,
  form: FormEntries,
  now: Date,
): Promise<OrderPageAnswer | null> {
  const intent = form.get("intent");
  if (intent === "pay-card") {
    const checkout = await orderCardCheckout(link, now);
    if (checkout.outcome === "checkout") return { done: true, location: checkout.url };
    if (checkout.outcome === "not-found") {
      return { done: false, status: 409, notice: orderPageCopy.cardUnavailable };
    }
    return {
      done: false,
      status: 503,
      notice:
        checkout.outcome === "misconfigured"
          ? orderPageCopy.cardMisconfigured
          : orderPageCopy.cardUnavailable,
    };
  }
  if (intent === "payment-link") {
    const outcome = await requestPaymentLink(link, String(form.get("method")), now);
    if (outcome === "requested") return { done: true, location: pagePath };
    return {
      done: false,
      status: outcome === "invalid" ? 400 : 409,
      notice: orderPageCopy.linkRefused,
    };
  }
  if (intent === "pix-automatico") {
    const cpf = String(form.get("cpf") ?? "").slice(0, 18);
    const orderId = await withTransaction((tx) => orderIdByLink(tx, link));
    if (!orderId) return { done: false, status: 409, notice: mandateCopy.notAllowed };
    const outcome = await authoriseWithFirstPayment(orderId, cpf, now);
    if (outcome === "created" || outcome === "exists") return { done: true, location: pagePath };
    if (outcome === "invalid-cpf") {
      return {
        done: false,
        status: 400,
        notice: null,
        mandateForm: { cpf, error: mandateCopy.invalidCpf },
      };
    }
    const [status, notice] = mandateRefusals[outcome];
    return { done: false, status, notice };
  }
  if (intent === "setup") {
    const read = readSetupForm(form);
    if (!read.ok) return { done: false, status: 400, notice: null, setupForm: read };
    if ((await submitSetup(link, read.form, now)) === "saved") {
      return { done: true, location: pagePath };
    }
    return { done: false, status: 409, notice: setupFormCopy.errors.gone };
  }
  return null;
}

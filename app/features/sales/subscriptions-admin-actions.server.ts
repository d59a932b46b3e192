// The actions of /admin/assinaturas (the admin layout checked the session); `staff` is the
// admin's e-mail, written in every audit row (docs/decisions/188).
import {
  subscriptionOutcomeCopy as outcomes,
  subscriptionsAdminCopy as copy,
} from "../../content/subscriptions.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import type { FormEntries } from "../../platform/http/read-form.server.ts";
import { actionFailed, actionOk } from "../admin/action-result.server.ts";
import { parseAdminForm } from "../admin/form.server.ts";
import { rowId } from "../admin/schema-fields.ts";
import { paymentMethods, type PaymentMethod } from "../orders/model.ts";
import { ORDER_REFERENCE_PATTERN } from "../orders/model.ts";
import { formatLocalDate } from "../subscriptions/calendar.ts";
import { subscriptionIntents } from "../subscriptions/intents.ts";
import { cancelSubscription } from "./cancel.server.ts";
import { payCharge } from "./pay.server.ts";
import { setRenewalTerms } from "./renewal-due-charges.server.ts";
import { renewalTermsSchema, renewalTermsTypedFields } from "./schema.ts";

const TEXT_MAX = 200;

function text(form: FormEntries, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim().slice(0, TEXT_MAX) : "";
}

/** The method and reference of a payment or refund staff type, or the error to answer. */
function methodAndReference(form: FormEntries) {
  const method = text(form, "method");
  if (!(paymentMethods as readonly string[]).includes(method)) {
    return {
      error: actionFailed(400, copy.methodRequired, {
        fieldErrors: { method: copy.methodRequired },
      }),
    };
  }
  const reference = text(form, "reference");
  if (!reference) {
    return {
      error: actionFailed(400, copy.referenceRequired, {
        fieldErrors: { reference: copy.referenceRequired },
      }),
    };
  }
  return { method: method as PaymentMethod, reference };
}

const isChargeReference = (value: string) =>
  new RegExp(`^${ORDER_REFERENCE_PATTERN.source}$`).test(value);

export async function subscriptionsAction(form: FormEntries, staff: string) {
  const now = appNow();
  switch (form.get("intent")) {
    case subscriptionIntents.markPaid: {
      const charge = text(form, "charge");
      if (!isChargeReference(charge)) return actionFailed(404, outcomes.chargeNotOpen);
      const typed = methodAndReference(form);
      if ("error" in typed) return typed.error;
      const paid = await payCharge(charge, typed, staff, now);
      return paid === "paid" ? actionOk() : actionFailed(409, outcomes.chargeNotOpen);
    }
    case subscriptionIntents.renewalTerms: {
      const read = parseAdminForm(
        form,
        renewalTermsSchema,
        copy.invalidRequest,
        renewalTermsTypedFields,
      );
      if (!read.ok) {
        return actionFailed(read.status, read.message, {
          fieldErrors: read.fieldErrors,
          values: read.values,
        });
      }
      await setRenewalTerms(
        { fineBp: read.data.fineBp, interestBpMonth: read.data.interestBpMonth },
        staff,
        now,
      );
      return actionOk();
    }
    case subscriptionIntents.cancel: {
      const id = rowId.safeParse(form.get("subscriptionId"));
      if (!id.success) return actionFailed(404, outcomes.notFound);
      if (form.get("confirm") !== "on") {
        return actionFailed(400, copy.confirmRequired, {
          fieldErrors: { confirm: copy.confirmRequired },
        });
      }
      const cancelled = await cancelSubscription(id.data, staff, now);
      switch (cancelled.outcome) {
        case "cancelled":
        case "ended":
          return actionOk();
        case "already-cancelled":
          return actionFailed(
            409,
            outcomes.alreadyCancelled(formatLocalDate(cancelled.lastServedDay)),
          );
        case "already-ended":
          return actionFailed(409, outcomes.alreadyEnded);
        case "not-found":
          return actionFailed(404, outcomes.notFound);
      }
      break;
    }
  }
  return actionFailed(400, copy.invalidRequest);
}

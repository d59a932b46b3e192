// The actions of /admin/assinaturas (the admin layout checked the session); `staff` is the
// admin's e-mail, written in every audit row (docs/decisions/188).
import {
  subscriptionOutcomeCopy as outcomes,
  subscriptionsAdminCopy as copy,
} from "../../content/subscriptions.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { actionFailed, actionOk, formRefused } from "../admin/action-result.server.ts";
import { readAdminForm } from "../admin/form.server.ts";
import { formatLocalDate } from "../subscriptions/calendar.ts";
import { subscriptionIntents } from "../subscriptions/intents.ts";
import { subscriptionsFormSchema, subscriptionsTypedFields } from "./admin-forms.server.ts";
import { cancelSubscription } from "./cancel.server.ts";
import { payCharge } from "./pay.server.ts";
import { setRenewalTerms } from "./renewal-due-charges.server.ts";

/** A charge reference or subscription id that is none names nothing open. */
const notFound = { charge: outcomes.chargeNotOpen, subscriptionId: outcomes.notFound };

export async function subscriptionsAction(request: Request, staff: string) {
  const read = await readAdminForm(
    request,
    subscriptionsFormSchema,
    copy.invalidRequest,
    subscriptionsTypedFields,
  );
  if (!read.ok) return formRefused(read, notFound);
  const form = read.data;
  const now = appNow();
  switch (form.intent) {
    case subscriptionIntents.markPaid: {
      const { method, reference } = form;
      const paid = await payCharge(form.charge, { method, reference }, staff, now);
      return paid === "paid" ? actionOk() : actionFailed(409, outcomes.chargeNotOpen);
    }
    case subscriptionIntents.renewalTerms: {
      const { fineBp, interestBpMonth } = form;
      await setRenewalTerms({ fineBp, interestBpMonth }, staff, now);
      return actionOk();
    }
    case subscriptionIntents.cancel: {
      const cancelled = await cancelSubscription(form.subscriptionId, staff, now);
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
    }
  }
}

// The person's admin page, e-mail side: "Reenviar confirmação" and erasing the entry
// (docs/decisions/088 and 105). Intents posted to /admin/lista/:id next to the status change.
import { href, redirect } from "react-router";
import { adminEntryEmailCopy as copy } from "../../content/email.ts";
import type { FormEntries } from "../../platform/http/read-form.server.ts";
import { actionFailed, actionOk } from "../admin/action-result.server.ts";
import { waitlistAdminCopy } from "../../content/admin.ts";
import { resendConfirmation } from "../confirmation/confirmation.server.ts";
import { eraseWaitlistEntry } from "./erasure.server.ts";

export const entryEmailIntents = ["resend-confirmation", "erase"] as const;

export function isEntryEmailIntent(intent: unknown): intent is (typeof entryEmailIntents)[number] {
  return (entryEmailIntents as readonly unknown[]).includes(intent);
}

export async function entryEmailAction(entryId: string, form: FormEntries) {
  if (form.get("intent") === "erase") {
    if (form.get("confirm") !== "on") return actionFailed(400, copy.eraseNeedsConfirm);
    if (!(await eraseWaitlistEntry(entryId))) return actionFailed(404, waitlistAdminCopy.notFound);
    return redirect(href("/admin/lista"), 303);
  }
  switch (await resendConfirmation(entryId)) {
    case "queued":
      return actionOk();
    case "confirmed":
      return actionFailed(409, copy.alreadyConfirmed);
    case "throttled":
      return actionFailed(429, copy.throttled);
    case "not-found":
      return actionFailed(404, waitlistAdminCopy.notFound);
  }
}

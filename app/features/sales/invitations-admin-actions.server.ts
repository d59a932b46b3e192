import { invitationsAdminCopy as copy } from "../../content/invitations.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { currentExchangeRate } from "../orders/orders.server.ts";
import { actionFailed, actionOk, formRefused } from "../admin/action-result.server.ts";
import { readAdminForm } from "../admin/form.server.ts";
import { invitationIntents } from "../invitations/intents.ts";
import {
  invitePeople,
  invitePerson,
  revokeInvitation,
  setAutoInvite,
} from "../invitations/invitations.server.ts";
import {
  invitationsFormSchema,
  invitationsListFields,
  invitationsTypedFields,
} from "./admin-forms.server.ts";

// The actions of /admin/convites (the admin layout checked the session); `staff` is the
// admin's e-mail, kept on each invitation and status change.

/**
 * A hidden id that is no row id names no row; inviting one person says it its own way. A list
 * of people is refused for its count or its ids, never as "not found".
 */
function notFound(intent: string | undefined): Record<string, string> {
  if (intent !== invitationIntents.invitePerson) {
    return { robotId: copy.notFound, invitationId: copy.notFound };
  }
  const message = copy.entry.refused["not-found"];
  return { robotId: message, personId: message };
}

/** An invitation leads to an order, and an order is never without a rate (decision 354). */
async function rateMissing(): Promise<boolean> {
  return (await currentExchangeRate(await getDb())) === null;
}

export async function invitationsAction(request: Request, staff: string) {
  const read = await readAdminForm(
    request,
    invitationsFormSchema,
    copy.invalidRequest,
    invitationsTypedFields,
    { lists: invitationsListFields },
  );
  if (!read.ok) return formRefused(read, notFound(read.values?.intent));
  const form = read.data;
  if (
    (form.intent === invitationIntents.inviteNext ||
      form.intent === invitationIntents.invitePerson) &&
    (await rateMissing())
  ) {
    return actionFailed(409, copy.noRate);
  }
  switch (form.intent) {
    case invitationIntents.inviteNext: {
      const result = await invitePeople(form.robotId, form.personId, staff, appNow());
      if ("refused" in result) return actionFailed(404, copy.notFound);
      return result.invited > 0 ? actionOk() : actionFailed(409, copy.noneInvited);
    }
    case invitationIntents.invitePerson: {
      const result = await invitePerson(form.robotId, form.personId, staff, appNow());
      if (result.ok) return actionOk();
      return actionFailed(
        result.reason === "not-found" ? 404 : 409,
        copy.entry.refused[result.reason],
      );
    }
    case invitationIntents.revoke: {
      const outcome = await revokeInvitation(form.invitationId, staff, appNow());
      if (outcome === "revoked") return actionOk();
      return outcome === "not-open"
        ? actionFailed(409, copy.notOpen)
        : actionFailed(404, copy.notFound);
    }
    case invitationIntents.autoInvite:
      return (await setAutoInvite(form.robotId, form.autoInvite))
        ? actionOk()
        : actionFailed(404, copy.notFound);
  }
}

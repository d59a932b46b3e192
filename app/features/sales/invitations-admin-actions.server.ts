import { invitationsAdminCopy as copy } from "../../content/invitations.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { currentExchangeRate } from "../orders/orders.server.ts";
import type { FormEntries } from "../../platform/http/read-form.server.ts";
import { actionFailed, actionOk } from "../admin/action-result.server.ts";
import { rowId } from "../admin/schema-fields.ts";
import { MAX_INVITE_BATCH } from "../invitations/admin-queries.server.ts";
import { invitationIntents } from "../invitations/intents.ts";
import {
  invitePeople,
  invitePerson,
  revokeInvitation,
  setAutoInvite,
} from "../invitations/invitations.server.ts";

// The actions of /admin/convites (the admin layout checked the session); `staff` is the
// admin's e-mail, kept on each invitation and status change.

const id = (form: FormEntries, name: string) => {
  const parsed = rowId.safeParse(form.get(name));
  return parsed.success ? parsed.data : null;
};

/** An invitation leads to an order, and an order is never without a rate (decision 354). */
async function rateMissing(): Promise<boolean> {
  return (await currentExchangeRate(await getDb())) === null;
}

export async function invitationsAction(form: FormEntries, staff: string) {
  const intent = form.get("intent");
  if (
    (intent === invitationIntents.inviteNext || intent === invitationIntents.invitePerson) &&
    (await rateMissing())
  ) {
    return actionFailed(409, copy.noRate);
  }
  switch (intent) {
    case invitationIntents.inviteNext: {
      const robotId = id(form, "robotId");
      const people = form.getAll("personId").filter((v) => typeof v === "string");
      if (!robotId) return actionFailed(404, copy.notFound);
      if (people.length === 0 || people.length > MAX_INVITE_BATCH) {
        return actionFailed(400, copy.invalidCount);
      }
      if (!people.every((value) => rowId.safeParse(value).success)) {
        return actionFailed(400, copy.invalidRequest);
      }
      const result = await invitePeople(robotId, people, staff, appNow());
      if ("refused" in result) return actionFailed(404, copy.notFound);
      return result.invited > 0 ? actionOk() : actionFailed(409, copy.noneInvited);
    }
    case invitationIntents.invitePerson: {
      const robotId = id(form, "robotId");
      const personId = id(form, "personId");
      if (!robotId || !personId) return actionFailed(404, copy.entry.refused["not-found"]);
      const result = await invitePerson(robotId, personId, staff, appNow());
      if (result.ok) return actionOk();
      return actionFailed(
        result.reason === "not-found" ? 404 : 409,
        copy.entry.refused[result.reason],
      );
    }
    case invitationIntents.revoke: {
      const invitationId = id(form, "invitationId");
      if (!invitationId) return actionFailed(404, copy.notFound);
      // Revoking ends someone's invitation: only after the dialog's confirmation.
      if (form.get("confirmar") !== "sim") return actionFailed(400, copy.confirmRequired);
      const outcome = await revokeInvitation(invitationId, staff, appNow());
      if (outcome === "revoked") return actionOk();
      return outcome === "not-open"
        ? actionFailed(409, copy.notOpen)
        : actionFailed(404, copy.notFound);
    }
    case invitationIntents.autoInvite: {
      const robotId = id(form, "robotId");
      if (!robotId) return actionFailed(404, copy.notFound);
      const on = form.get("autoInvite") === "on";
      return (await setAutoInvite(robotId, on)) ? actionOk() : actionFailed(404, copy.notFound);
    }
    default:
      return actionFailed(400, copy.invalidRequest);
  }
}

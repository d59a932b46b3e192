import { data } from "react-router";
import { waitlistAdminCopy } from "../../content/admin.ts";
import { actionFailed } from "../../features/admin/action-result.server.ts";
import { ADMIN_FORM_MAX_BYTES } from "../../features/admin/form.server.ts";
import { adminSessionContext } from "../../features/admin/guard.server.ts";
import { rowId } from "../../features/admin/schema-fields.ts";
import { setWaitlistStatusAction } from "../../features/waitlist/admin-actions.server.ts";
import { WaitlistEntryPanel } from "../../features/waitlist/admin-entry.tsx";
import { getWaitlistEntry } from "../../features/waitlist/admin-queries.server.ts";
import { personInvitations } from "../../features/invitations/admin-queries.server.ts";
import { PersonInvitations } from "../../features/invitations/person-invitations.tsx";
import { AdminEntryEmail } from "../../features/privacy/admin-entry-email.tsx";
import { entryEmailAction, isEntryEmailIntent } from "../../features/privacy/admin-entry.server.ts";
import { consentLedger } from "../../features/privacy/consent.server.ts";
import { readForm } from "../../platform/http/read-form.server.ts";
import type { Route } from "./+types/waitlist-entry";

// /admin/lista/:id: one person, everything stored and the status history; its action is the
// same status change as the list's, for this entry only, plus the e-mail side's intents
// (resend the confirmation, erase the entry). Its invitations are sent from /admin/convites'
// action. The admin layout checks the session.

export async function loader({ params }: Route.LoaderArgs) {
  const id = rowId.safeParse(params.id);
  const found = id.success ? await getWaitlistEntry(id.data) : null;
  if (!found) throw data(waitlistAdminCopy.notFound, { status: 404 });
  const [invitations, consents] = await Promise.all([
    personInvitations(found.entry.id),
    consentLedger(found.entry.id),
  ]);
  return { ...found, invitations, consents };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // The id in the path is checked before any query sees it, as the loader does.
  const id = rowId.safeParse(params.id);
  if (!id.success) return actionFailed(404, waitlistAdminCopy.notFound);
  const read = await readForm(request, ADMIN_FORM_MAX_BYTES);
  if (!read.ok) return actionFailed(read.status, read.message);
  if (isEntryEmailIntent(read.form.get("intent"))) return entryEmailAction(id.data, read.form);
  const form = new URLSearchParams({
    id: id.data,
    status: String(read.form.get("status") ?? ""),
  });
  return setWaitlistStatusAction(form, context.get(adminSessionContext).email);
}

export default function AdminWaitlistEntryPage({ loaderData }: Route.ComponentProps) {
  const { invitations, consents, ...entry } = loaderData;
  return (
    <>
      <WaitlistEntryPanel {...entry} />
      <AdminEntryEmail entry={entry.entry} consents={consents} />
      <PersonInvitations
        personId={entry.entry.id}
        confirmed={entry.entry.confirmedAt !== null}
        {...invitations}
      />
    </>
  );
}

import { data } from "react-router";
import { waitlistAdminCopy } from "../../content/admin.ts";
import { actionFailed } from "../../features/admin/action-result.server.ts";
import { ADMIN_FORM_MAX_BYTES } from "../../features/admin/form.server.ts";
import { adminSessionContext } from "../../features/admin/guard.server.ts";
import { rowId } from "../../features/admin/schema-fields.ts";
import { setWaitlistStatusAction } from "../../features/waitlist/admin-actions.server.ts";
import { WaitlistEntryPanel } from "../../features/waitlist/admin-entry.tsx";
import { getWaitlistEntry } from "../../features/waitlist/admin-queries.server.ts";
import { readForm } from "../../lib/read-form.server.ts";
import type { Route } from "./+types/waitlist-entry";

// /admin/lista/:id: one person, everything stored and the status history; its action is the
// same status change as the list's, for this entry only. The admin layout checks the session.

export async function loader({ params }: Route.LoaderArgs) {
  const id = rowId.safeParse(params.id);
  const found = id.success ? await getWaitlistEntry(id.data) : null;
  if (!found) throw data(waitlistAdminCopy.notFound, { status: 404 });
  return found;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const read = await readForm(request, ADMIN_FORM_MAX_BYTES);
  if (!read.ok) return actionFailed(read.status, read.message);
  const form = new URLSearchParams({
    id: params.id,
    status: String(read.form.get("status") ?? ""),
  });
  return setWaitlistStatusAction(form, context.get(adminSessionContext).email);
}

export default function AdminWaitlistEntryPage({ loaderData }: Route.ComponentProps) {
  return <WaitlistEntryPanel {...loaderData} />;
}

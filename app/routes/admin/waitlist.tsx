import { data } from "react-router";
import { actionFailed } from "../../features/admin/action-result.server.ts";
import { ADMIN_FORM_MAX_BYTES } from "../../features/admin/form.server.ts";
import { adminSessionContext } from "../../features/admin/guard.server.ts";
import { waitlistIntents } from "../../features/admin/intents.ts";
import { setWaitlistStatusAction } from "../../features/waitlist/admin-actions.server.ts";
import { waitlistFilterSchema } from "../../features/waitlist/admin-filters.ts";
import { inviteFilterAction } from "../../features/waitlist/admin-invite.server.ts";
import { WaitlistPanel } from "../../features/waitlist/admin-panel.tsx";
import { waitlistFigures } from "../../features/waitlist/admin-figures.server.ts";
import { listWaitlistPage } from "../../features/waitlist/admin-queries.server.ts";
import { parseForm } from "../../platform/http/parse-form.ts";
import { readForm } from "../../platform/http/read-form.server.ts";
import type { Route } from "./+types/waitlist";

// /admin/lista: the waitlist, 50 a page, filters in the URL (docs/decisions/071); its action
// changes the status of one entry, of the selected ones or of the whole filter, and invites
// the whole filter to one robot (decision 255; the number comes from /admin/lista/convite when
// the dialog opens, decision 256). The admin layout checks the session.

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = parseForm(waitlistFilterSchema, url.searchParams);
  if (!parsed.success) {
    return data(
      {
        rows: [],
        next: null,
        previous: null,
        total: 0,
        byStatus: { pending: 0, contacted: 0, converted: 0 },
        byAgent: {},
        summary: null,
        search: url.search,
        error: parsed.error,
      },
      { status: 400 },
    );
  }
  const [page, figures] = await Promise.all([
    listWaitlistPage(parsed.data),
    waitlistFigures(parsed.data),
  ]);
  return data({ ...page, ...figures, search: url.search, error: undefined });
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, ADMIN_FORM_MAX_BYTES);
  if (!read.ok) return actionFailed(read.status, read.message);
  const staff = context.get(adminSessionContext).email;
  if (read.form.get("intent") === waitlistIntents.inviteFilter) {
    return inviteFilterAction(read.form, staff);
  }
  return setWaitlistStatusAction(read.form, staff);
}

export default function AdminWaitlistPage({ loaderData }: Route.ComponentProps) {
  return <WaitlistPanel {...loaderData} />;
}

import { adminSessionContext } from "../../features/admin/guard.server.ts";
import { rowId } from "../../features/admin/schema-fields.ts";
import { invitationsAction } from "../../features/sales/invitations-admin-actions.server.ts";
import { InvitationsPanel } from "../../features/invitations/admin-panel.tsx";
import {
  invitationsOverview,
  MAX_INVITE_BATCH,
} from "../../features/invitations/admin-queries.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import type { Route } from "./+types/invitations";

// /admin/convites: spots, queues and invitations per robot (the admin layout
// checks the session). `?robo=<id>&n=<N>` previews who "Convidar próximos" would invite.

export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const robotId = rowId.safeParse(query.get("robo"));
  const count = Number(query.get("n"));
  const preview =
    robotId.success && Number.isInteger(count) && count >= 1
      ? { robotId: robotId.data, count: Math.min(count, MAX_INVITE_BATCH) }
      : undefined;
  return { robots: await invitationsOverview(appNow(), preview) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return invitationsAction(request, context.get(adminSessionContext).email);
}

export default function AdminInvitationsPage({ loaderData }: Route.ComponentProps) {
  return <InvitationsPanel robots={loaderData.robots} />;
}

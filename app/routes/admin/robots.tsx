import { readForm } from "../../platform/http/read-form.server.ts";
import { actionFailed } from "../../features/admin/action-result.server.ts";
import { ADMIN_FORM_MAX_BYTES } from "../../features/admin/form.server.ts";
import { updateRobotAction } from "../../features/robots/admin-actions.server.ts";
import { RobotsPanel } from "../../features/robots/admin-panel.tsx";
import { listRobots } from "../../features/robots/queries.server.ts";
import type { Route } from "./+types/robots";

// /admin/robos: the robots and their edit dialog (the admin layout checks the session).

export async function loader() {
  return { robots: await listRobots() };
}

export async function action({ request }: Route.ActionArgs) {
  const read = await readForm(request, ADMIN_FORM_MAX_BYTES);
  if (!read.ok) return actionFailed(read.status, read.message);
  return updateRobotAction(read.form);
}

export default function AdminRobotsPage({ loaderData }: Route.ComponentProps) {
  return <RobotsPanel robots={loaderData.robots} />;
}

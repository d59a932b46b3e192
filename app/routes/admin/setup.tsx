import { data } from "react-router";
import { setupAdminCopy as copy } from "../../content/orders.ts";
import { actionFailed, actionOk } from "../../features/admin/action-result.server.ts";
import { ADMIN_FORM_MAX_BYTES } from "../../features/admin/form.server.ts";
import { adminSessionContext } from "../../features/admin/guard.server.ts";
import { rowId } from "../../features/admin/schema-fields.ts";
import { robotTokenCopy } from "../../content/fleet.ts";
import { issueRobotToken } from "../../features/fleet/tokens.server.ts";
import { SetupPanel } from "../../features/orders/setup-panel.tsx";
import { revealCredential, setupQueue } from "../../features/orders/setup.server.ts";
import { advanceSetup } from "../../features/sales/setup-steps.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { readForm } from "../../platform/http/read-form.server.ts";
import type { Route } from "./+types/setup";

// /admin/implantacao: the setup queue (the admin layout checks the session).

export async function loader() {
  return { queue: await setupQueue(appNow()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, ADMIN_FORM_MAX_BYTES);
  if (!read.ok) return actionFailed(read.status, read.message);
  const staff = context.get(adminSessionContext).email;
  const orderId = rowId.safeParse(read.form.get("orderId"));
  if (!orderId.success) return actionFailed(404, copy.notFound);
  const intent = read.form.get("intent");
  if (intent === "vps-ready" || intent === "running") {
    const outcome = await advanceSetup(orderId.data, intent, staff, appNow());
    return outcome === "saved" ? actionOk() : actionFailed(409, copy.wrongState);
  }
  if (intent === "robot-token") {
    const token = await issueRobotToken(orderId.data, staff, appNow());
    if (token === null) return actionFailed(409, robotTokenCopy.noSubscription);
    return data({ ok: true as const, robotToken: { orderId: orderId.data, token } });
  }
  if (intent === "reveal") {
    const result = await revealCredential(orderId.data, staff, appNow());
    if (result.ok)
      return data({
        ok: true as const,
        revealed: { orderId: orderId.data, secret: result.secret },
      });
    if (result.reason === "already-shown") return actionFailed(409, copy.revealedBefore);
    if (result.reason === "none") return actionFailed(404, copy.noCredentialStored);
    return actionFailed(409, copy.keyMissing);
  }
  return actionFailed(400, copy.invalidRequest);
}

export default function AdminSetupPage({ loaderData }: Route.ComponentProps) {
  return <SetupPanel queue={loaderData.queue} />;
}

import { data } from "react-router";
import { FleetPanel } from "../../features/fleet/admin-panel.tsx";
import { fleetBoard } from "../../features/fleet/board.server.ts";
import { creditSettings, submitCreditForm } from "../../features/fleet/credit-admin.server.ts";
import { CreditPanel } from "../../features/fleet/credit-panel.tsx";
import { adminSessionContext } from "../../features/admin/guard.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import type { Route } from "./+types/fleet";

// /admin/frota: the robots of the served subscriptions, and the service credit's threshold
// and maintenance windows (the admin layout checks the session).

export async function loader() {
  const now = appNow();
  return {
    rows: await fleetBoard(now),
    dropPercent: getEnv().FLEET_BALANCE_DROP_PERCENT,
    credit: await creditSettings(now),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = context.get(adminSessionContext).email;
  const answer = await submitCreditForm(request, staff, appNow());
  return data(answer, { status: answer.status });
}

export default function AdminFleetPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="grid gap-8">
      {actionData ? (
        <p role={actionData.ok ? "status" : "alert"} className="rounded-md border p-3">
          {actionData.message}
        </p>
      ) : null}
      <FleetPanel rows={loaderData.rows} dropPercent={loaderData.dropPercent} />
      <CreditPanel settings={loaderData.credit} typed={actionData?.values} />
    </div>
  );
}

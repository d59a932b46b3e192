import { FleetPanel } from "../../features/fleet/admin-panel.tsx";
import { fleetBoard } from "../../features/fleet/board.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import type { Route } from "./+types/fleet";

// /admin/frota: the robots of the served subscriptions (the admin layout checks the session).

export async function loader() {
  return { rows: await fleetBoard(appNow()), dropPercent: getEnv().FLEET_BALANCE_DROP_PERCENT };
}

export default function AdminFleetPage({ loaderData }: Route.ComponentProps) {
  return <FleetPanel rows={loaderData.rows} dropPercent={loaderData.dropPercent} />;
}

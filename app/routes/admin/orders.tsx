import { adminSessionContext } from "../../features/admin/guard.server.ts";
import { rowId } from "../../features/admin/schema-fields.ts";
import { ordersAction } from "../../features/sales/orders-admin-actions.server.ts";
import { OrdersPanel } from "../../features/orders/admin-panel.tsx";
import { ordersOverview, parseOrdersFilter } from "../../features/orders/admin-queries.server.ts";
import { getStatementPreview } from "../../features/sales/statement-import.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import type { Route } from "./+types/orders";

// /admin/pedidos: orders, payments by hand, statement import (the admin layout checks the
// session). `?situacao=` and `?link=1` filter; `?extrato=<id>` shows an import's preview.

export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const filter = parseOrdersFilter(query);
  const importId = rowId.safeParse(query.get("extrato"));
  const [overview, preview] = await Promise.all([
    ordersOverview(filter),
    importId.success ? getStatementPreview(importId.data) : null,
  ]);
  return { overview, filter, preview, now: appNow().getTime() };
}

export async function action({ request, context }: Route.ActionArgs) {
  return ordersAction(request, context.get(adminSessionContext).email);
}

export default function AdminOrdersPage({ loaderData }: Route.ComponentProps) {
  return <OrdersPanel {...loaderData} />;
}

import { adminSessionContext } from "../../features/admin/guard.server.ts";
import { currentRenewalTerms } from "../../features/sales/renewal-due-charges.server.ts";
import { subscriptionsAction } from "../../features/sales/subscriptions-admin-actions.server.ts";
import { SubscriptionsPanel } from "../../features/subscriptions/admin-panel.tsx";
import {
  parseSubscriptionsFilter,
  subscriptionsOverview,
} from "../../features/subscriptions/admin-queries.server.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import type { Route } from "./+types/subscriptions";

// /admin/assinaturas: subscriptions by state, renewals due, robots to stop, revenue (the
// admin layout checks the session), and the fine and interest of the renewals' due-date
// charges. `?situacao=` and `?robo=` filter (docs/decisions/188, 417).

export async function loader({ request }: Route.LoaderArgs) {
  const filter = parseSubscriptionsFilter(new URL(request.url).searchParams);
  const terms = await currentRenewalTerms(await getDb());
  return {
    overview: await subscriptionsOverview(filter, appNow()),
    filter,
    renewalTerms: terms && {
      fineBp: terms.fineBp,
      interestBpMonth: terms.interestBpMonth,
      setBy: terms.setBy,
      setAt: terms.setAt.toISOString(),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return subscriptionsAction(request, context.get(adminSessionContext).email);
}

export default function AdminSubscriptionsPage({ loaderData }: Route.ComponentProps) {
  return <SubscriptionsPanel {...loaderData} />;
}

import { data } from "react-router";
import { deliverabilityAdminCopy as copy } from "../../content/deliverability.ts";
import { adminSessionContext } from "../../features/admin/guard.server.ts";
import {
  liftSuppressionAsStaff,
  loadDeliverability,
  markReportReviewed,
} from "../../features/deliverability/admin.server.ts";
import {
  DeliverabilityView,
  deliverabilityIntents as intents,
} from "../../features/deliverability/admin-view.tsx";
import type { Route } from "./+types/deliverability";

// /admin/entregabilidade: the suppression list and the reports waiting for staff
// (docs/decisions/160 and 161); the admin layout checks the session.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function meta() {
  return [{ title: copy.metaTitle }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export async function loader() {
  return loadDeliverability();
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const id = form?.get("id");
  const intent = form?.get("intent");
  if (typeof id !== "string" || !UUID.test(id)) {
    return data({ notice: copy.invalidRequest }, { status: 400 });
  }
  const staff = context.get(adminSessionContext).email;
  if (intent === intents.lift) {
    const lifted = await liftSuppressionAsStaff(id, staff);
    return data({ notice: lifted ? copy.lifted : copy.notLifted }, { status: lifted ? 200 : 409 });
  }
  if (intent === intents.review) {
    const done = await markReportReviewed(id, staff);
    return data({ notice: done ? copy.reviewed : copy.notReviewed }, { status: done ? 200 : 409 });
  }
  return data({ notice: copy.invalidRequest }, { status: 400 });
}

export default function DeliverabilityRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <DeliverabilityView data={loaderData} notice={actionData?.notice} />;
}

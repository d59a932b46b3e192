import { data } from "react-router";
import { deliverabilityAdminCopy as copy } from "../../content/deliverability.ts";
import { z } from "zod";
import { readAdminForm } from "../../features/admin/form.server.ts";
import { adminSessionContext } from "../../features/admin/guard.server.ts";
import { rowIdForm } from "../../features/admin/schema-fields.ts";
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
  const read = await readAdminForm(request, deliverabilityForm, copy.invalidRequest);
  if (!read.ok) return data({ notice: read.message }, { status: read.status });
  const { id, intent } = read.data;
  const staff = context.get(adminSessionContext).email;
  if (intent === intents.lift) {
    const lifted = await liftSuppressionAsStaff(id, staff);
    return data({ notice: lifted ? copy.lifted : copy.notLifted }, { status: lifted ? 200 : 409 });
  }
  const done = await markReportReviewed(id, staff);
  return data({ notice: done ? copy.reviewed : copy.notReviewed }, { status: done ? 200 : 409 });
}

const deliverabilityForm = rowIdForm.extend({ intent: z.enum([intents.lift, intents.review]) });

export default function DeliverabilityRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <DeliverabilityView data={loaderData} notice={actionData?.notice} />;
}

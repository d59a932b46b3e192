import { data } from "react-router";
import { subscribersAdminCopy as copy } from "../../content/newsletter-admin.ts";
import { eraseSubscriber, loadSubscribers } from "../../features/newsletter/admin.server.ts";
import { SubscribersView } from "../../features/newsletter/admin-view.tsx";
import { subscriberFilterSchema } from "../../features/newsletter/admin-filters.ts";
import { readAdminForm } from "../../features/admin/form.server.ts";
import { rowIdForm } from "../../features/admin/schema-fields.ts";
import { parseForm } from "../../platform/http/parse-form.ts";
import type { Route } from "./+types/subscribers";

// /admin/assinantes: the newsletter's subscribers (the admin layout checks the session).

export function meta() {
  return [{ title: copy.metaTitle }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const parsed = parseForm(subscriberFilterSchema, new URL(request.url).searchParams);
  if (!parsed.success) throw data(copy.invalidFilter, { status: 400 });
  return { filter: parsed.data, page: await loadSubscribers(parsed.data) };
}

export async function action({ request }: Route.ActionArgs) {
  const read = await readAdminForm(request, rowIdForm, copy.invalidRequest);
  if (!read.ok) return data({ notice: read.message }, { status: read.status });
  const erased = await eraseSubscriber(read.data.id);
  return data({ notice: erased ? copy.erased : copy.notErased }, { status: erased ? 200 : 404 });
}

export default function SubscribersRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SubscribersView
      page={loaderData.page}
      filter={loaderData.filter}
      notice={actionData?.notice}
    />
  );
}

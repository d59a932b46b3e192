import { data, href, redirect } from "react-router";
import { campaignsAdminCopy as copy } from "../../content/campaigns.ts";
import { ADMIN_FORM_MAX_BYTES } from "../../features/admin/form.server.ts";
import { adminSessionContext } from "../../features/admin/guard.server.ts";
import {
  campaignAction,
  listCampaigns,
  loadCampaign,
} from "../../features/campaigns/admin.server.ts";
import { CampaignsView } from "../../features/campaigns/admin-view.tsx";
import { saoPauloLocal } from "../../features/campaigns/schema.ts";
import { readForm } from "../../platform/http/read-form.server.ts";
import type { Route } from "./+types/campaigns";

// /admin/campanhas: campaigns (docs/decisions/163); ?id= opens one. The admin layout checks
// the session.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function meta() {
  return [{ title: copy.metaTitle }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("id");
  const loaded = id && UUID.test(id) ? await loadCampaign(id) : null;
  if (id && !loaded) throw data(copy.errors.notFound, { status: 404 });
  return {
    list: await listCampaigns(),
    opened: loaded
      ? {
          ...loaded,
          scheduledLocal: loaded.campaign.scheduledAt
            ? saoPauloLocal(loaded.campaign.scheduledAt)
            : "",
        }
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The body may be up to 100 KB of Markdown plus the other fields.
  const read = await readForm(request, 160 * 1024 + ADMIN_FORM_MAX_BYTES);
  if (!read.ok) return data({ ok: false, error: read.message }, { status: read.status });
  const { status, result } = await campaignAction(
    read.form,
    context.get(adminSessionContext).email,
  );
  if (result.createdId) return redirect(`${href("/admin/campanhas")}?id=${result.createdId}`);
  return data(result, { status });
}

export default function CampaignsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <CampaignsView list={loaderData.list} opened={loaderData.opened} result={actionData} />;
}

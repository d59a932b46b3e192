import { data } from "react-router";
import { subscribersAdminCopy as copy } from "../../content/newsletter-admin.ts";
import { subscribersCsvStream } from "../../features/newsletter/admin.server.ts";
import { subscriberFilterSchema } from "../../features/newsletter/admin-filters.ts";
import { parseForm } from "../../platform/http/parse-form.ts";
import type { Route } from "./+types/subscribers-csv";

// /admin/assinantes.csv: the current filter of /admin/assinantes as a streamed CSV; a child of
// the admin layout, so its middleware checks the session first.
export function loader({ request }: Route.LoaderArgs) {
  const parsed = parseForm(subscriberFilterSchema, new URL(request.url).searchParams);
  if (!parsed.success) throw data(copy.invalidFilter, { status: 400 });
  return new Response(subscribersCsvStream(parsed.data), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${copy.csvFileName}"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}

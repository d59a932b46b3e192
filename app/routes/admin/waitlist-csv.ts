import { data } from "react-router";
import { waitlistCsvCopy } from "../../content/admin.ts";
import { waitlistCsvStream } from "../../features/waitlist/admin-csv.server.ts";
import { csvSeparatorSchema, waitlistFilterSchema } from "../../features/waitlist/admin-filters.ts";
import { acceptedEncoding } from "../../platform/http/content-encoding.server.ts";
import { parseForm } from "../../platform/http/parse-form.ts";
import type { Route } from "./+types/waitlist-csv";

// /admin/lista.csv: the current filter of /admin/lista as a streamed CSV (docs/decisions/072).
// A child of the admin layout, so its middleware checks the session first.

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = parseForm(waitlistFilterSchema, params);
  if (!parsed.success) throw data(parsed.error, { status: 400 });
  const separator = parseForm(csvSeparatorSchema, params);
  if (!separator.success) throw data(separator.error, { status: 400 });
  // The whole filter, whatever page the list was on (the export ignores the cursor).
  const { body, encoding } = waitlistCsvStream(
    parsed.data,
    separator.data.separador ?? "ponto-e-virgula",
    acceptedEncoding(request.headers.get("accept-encoding")),
  );
  return new Response(body, {
    headers: {
      ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
      Vary: "Accept-Encoding",
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${waitlistCsvCopy.fileName}"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}

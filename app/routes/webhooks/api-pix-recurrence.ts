import { receiveRecurrenceNotification } from "../../features/sales/pix-automatico-webhook.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import type { Route } from "./+types/api-pix-recurrence";

// The PSP posts Pix Automático notices here: recurrences (…/rec) and recurring charges
// (…/cobr), docs/decisions/356-357. The secret in the path is the guard, as for …/pix.
const MAX_BODY_CHARS = 256 * 1024;

export async function action({ request, params }: Route.ActionArgs) {
  const kind = params.kind === "rec" || params.kind === "cobr" ? params.kind : null;
  const body = await request.text();
  const { status } = !kind
    ? { status: 404 }
    : body.length > MAX_BODY_CHARS
      ? { status: 413 }
      : await receiveRecurrenceNotification(kind, params.secret, body, appNow());
  return Response.json({}, { status, headers: { "Cache-Control": "no-store" } });
}

/** Only posts mean anything here. */
export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

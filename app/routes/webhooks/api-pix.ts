import { receivePixNotification } from "../../features/orders/pix-webhook.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import type { Route } from "./+types/api-pix";

// The PSP posts received Pix here (API Pix callback, docs/decisions/353); the secret in the
// path is the guard, so server/request-guards.ts lets it through without an Origin.
const MAX_BODY_CHARS = 256 * 1024;

export async function action({ request, params }: Route.ActionArgs) {
  const body = await request.text();
  const { status } =
    body.length > MAX_BODY_CHARS
      ? { status: 413 }
      : await receivePixNotification(params.secret, body, appNow());
  return Response.json(
    {},
    {
      status,
      headers: { "Cache-Control": "no-store" },
    },
  );
}

/** Only posts mean anything here. */
export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

import { receiveMercadoPagoNotification } from "../../features/sales/provider-notifications.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import type { Route } from "./+types/mercado-pago";

// Mercado Pago posts payment notifications here (docs/decisions/171); the signature is the
// guard, so server/request-guards.ts lets it through without an Origin.
export async function action({ request }: Route.ActionArgs) {
  const { status, outcome } = await receiveMercadoPagoNotification(
    new URL(request.url),
    request.headers,
    appNow(),
  );
  return Response.json({ outcome }, { status, headers: { "Cache-Control": "no-store" } });
}

/** Only posts mean anything here. */
export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

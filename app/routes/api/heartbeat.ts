import { receiveHeartbeat } from "../../features/fleet/heartbeat.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import type { Route } from "./+types/heartbeat";

// The robot on the customer's VPS posts its heartbeat here (decision 380); its bearer token
// is the guard, so server/request-guards.ts lets it through without an Origin.
export async function action({ request }: Route.ActionArgs) {
  const answer = await receiveHeartbeat(request, appNow());
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (answer.retryAfterSeconds) headers["Retry-After"] = String(answer.retryAfterSeconds);
  if (answer.status === 401) headers["WWW-Authenticate"] = 'Bearer realm="robo"';
  if (answer.status === 204) return new Response(null, { status: 204, headers });
  return Response.json({ error: answer.error }, { status: answer.status, headers });
}

/** Only posts mean anything here. */
export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

import { RouterContextProvider } from "react-router";
import * as blogRoute from "../../app/routes/admin/blog.tsx";
import * as campaignsRoute from "../../app/routes/admin/campaigns.tsx";
import * as deliverabilityRoute from "../../app/routes/admin/deliverability.tsx";
import * as subscribersCsvRoute from "../../app/routes/admin/subscribers-csv.ts";
import * as subscribersRoute from "../../app/routes/admin/subscribers.tsx";
import * as subscriptionsRoute from "../../app/routes/admin/subscriptions.tsx";
import * as invitationsRoute from "../../app/routes/admin/invitations.tsx";
import * as emailsRoute from "../../app/routes/admin/emails.tsx";
import * as layoutRoute from "../../app/routes/admin/layout.tsx";
import * as loginRoute from "../../app/routes/admin/login.tsx";
import * as ordersRoute from "../../app/routes/admin/orders.tsx";
import * as paymentsRoute from "../../app/routes/admin/payments.tsx";
import * as refundRoute from "../../app/routes/admin/refund.tsx";
import * as robotSwitchesRoute from "../../app/routes/admin/robot-switches.tsx";
import * as fleetRoute from "../../app/routes/admin/fleet.tsx";
import * as supportRoute from "../../app/routes/admin/support.tsx";
import * as supportAttachmentRoute from "../../app/routes/admin/support-attachment.ts";
import * as supportConversationRoute from "../../app/routes/admin/support-conversation.tsx";
import * as robotPerformanceRoute from "../../app/routes/admin/robot-performance.tsx";
import * as robotSignedStatementsRoute from "../../app/routes/admin/robot-signed-statements.tsx";
import * as signedStatementMessageRoute from "../../app/routes/admin/signed-statement-message.ts";
import * as robotsRoute from "../../app/routes/admin/robots.tsx";
import * as setupRoute from "../../app/routes/admin/setup.tsx";
import * as waitlistCsvRoute from "../../app/routes/admin/waitlist-csv.ts";
import * as waitlistEntryRoute from "../../app/routes/admin/waitlist-entry.tsx";
import * as waitlistInviteCountRoute from "../../app/routes/admin/waitlist-invite-count.ts";
import * as waitlistRoute from "../../app/routes/admin/waitlist.tsx";
import { clientIpContext } from "../../app/platform/http/request-context.ts";
import { cookieFrom } from "./http.ts";

// Calls the admin routes' loaders and actions the way React Router does (real Request,
// RouterContextProvider, the admin layout's middleware before every section), and flattens
// what they return or throw into status/body/headers.
const BASE_URL = "http://localhost:3000";

export interface Outcome {
  status: number;
  body: unknown;
  headers: Headers;
  /** The Response itself when the route answered with one (its body unread). */
  response?: Response;
}

function settle(value: unknown): Outcome {
  if (value instanceof Response)
    return { status: value.status, body: undefined, headers: value.headers, response: value };
  if (
    value &&
    typeof value === "object" &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  ) {
    const { data, init } = value as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) };
  }
  return { status: 200, body: value, headers: new Headers() };
}

async function outcomeOf(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    return settle(await run());
  } catch (thrown) {
    if (thrown instanceof Error) throw thrown;
    return settle(thrown);
  }
}

export interface CallOptions {
  cookie?: string;
  ip?: string;
  /** The path and query string after the site, e.g. "/admin/lista?q=ana". */
  path?: string;
  params?: Record<string, string>;
  /** The client's Accept-Encoding, e.g. a browser's "gzip, deflate, br, zstd". */
  acceptEncoding?: string;
}

type Handler = (args: never) => unknown;

/** The admin sections by path pattern (the layout's children in app/routes.ts). */
export const adminSectionRoutes = {
  "/admin/lista": waitlistRoute,
  "/admin/lista.csv": { ...waitlistCsvRoute, action: undefined },
  "/admin/lista/convite": { ...waitlistInviteCountRoute, action: undefined },
  "/admin/lista/:id": waitlistEntryRoute,
  "/admin/robos": robotsRoute,
  "/admin/robos/:id/desempenho": robotPerformanceRoute,
  "/admin/robos/:id/extratos-assinados": robotSignedStatementsRoute,
  "/admin/robos/:id/extratos-assinados/:messageId/mensagem.eml": {
    ...signedStatementMessageRoute,
    action: undefined,
  },
  "/admin/blog": blogRoute,
  "/admin/convites": invitationsRoute,
  "/admin/emails": emailsRoute,
  "/admin/campanhas": campaignsRoute,
  "/admin/assinantes": subscribersRoute,
  "/admin/assinantes.csv": { ...subscribersCsvRoute, action: undefined },
  "/admin/entregabilidade": deliverabilityRoute,
  "/admin/assinaturas": subscriptionsRoute,
  "/admin/pedidos": ordersRoute,
  "/admin/implantacao": setupRoute,
  "/admin/pagamentos": paymentsRoute,
  "/admin/reembolso/:orderId": refundRoute,
  "/admin/ligar-desligar": robotSwitchesRoute,
  "/admin/frota": fleetRoute,
  "/admin/suporte": { ...supportRoute, action: undefined },
  "/admin/suporte/:id": supportConversationRoute,
  "/admin/suporte/:id/anexos/:attachmentId": { ...supportAttachmentRoute, action: undefined },
} satisfies Record<string, { loader: Handler; action: Handler | undefined }>;

export type AdminSectionPath = keyof typeof adminSectionRoutes;

function requestFor(
  path: string,
  { cookie, acceptEncoding }: CallOptions,
  fields?: Record<string, string | string[]>,
) {
  const headers = new Headers();
  if (cookie) headers.set("cookie", cookie);
  if (acceptEncoding) headers.set("accept-encoding", acceptEncoding);
  if (!fields) return new Request(`${BASE_URL}${path}`, { headers });
  headers.set("content-type", "application/x-www-form-urlencoded");
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  }
  return new Request(`${BASE_URL}${path}`, { method: "POST", headers, body: body.toString() });
}

function argsFor(request: Request, { ip = "198.51.100.1", params = {} }: CallOptions) {
  const context = new RouterContextProvider();
  context.set(clientIpContext, ip);
  return { request, params, context, unstable_pattern: "", url: new URL(request.url) };
}

/** A section's loader (GET) or action (POST with `fields`) behind the layout's guard. */
export function callSection(
  route: AdminSectionPath,
  options: CallOptions & { fields?: Record<string, string | string[]> } = {},
) {
  const module = adminSectionRoutes[route];
  const request = requestFor(options.path ?? route, options, options.fields);
  const args = argsFor(request, options);
  // A route without an action answers a POST with 405, as React Router does.
  const handler = options.fields ? module.action : module.loader;
  const run = (handler ?? (() => new Response(null, { status: 405 }))) as (
    a: typeof args,
  ) => unknown;
  const [guard] = layoutRoute.middleware;
  return outcomeOf(() =>
    Promise.resolve(guard!(args as never, async () => (await run(args)) as Response)),
  );
}

export function callLoginLoader(options: CallOptions = {}) {
  const request = requestFor(options.path ?? "/admin", options);
  return outcomeOf(() => Promise.resolve(loginRoute.loader(argsFor(request, options) as never)));
}

export function callLoginAction(fields: Record<string, string>, options: CallOptions = {}) {
  const request = requestFor(options.path ?? "/admin", options, fields);
  return outcomeOf(() => Promise.resolve(loginRoute.action(argsFor(request, options) as never)));
}

/** Signs in through the login action; returns the session cookie. */
export async function signIn(email: string, password: string, ip?: string): Promise<string> {
  const outcome = await callLoginAction({ intent: "login", email, password }, { ip });
  if (outcome.status !== 302) {
    throw new Error(`login failed: ${outcome.status} ${JSON.stringify(outcome.body)}`);
  }
  return cookieFrom(outcome.headers);
}

import { RouterContextProvider } from "react-router";
import { action, loader } from "../../app/routes/admin/admin.tsx";
import { clientIpContext } from "../../app/lib/request-context.ts";
import type { Route } from "../../app/routes/admin/+types/admin";
import { cookieFrom } from "./http.ts";

// Calls the /admin route's loader and action the way React Router does (real Request,
// RouterContextProvider), and flattens what they return or throw into status/body/headers.
const BASE_URL = "http://localhost:3000";

export interface Outcome {
  status: number;
  body: unknown;
  headers: Headers;
}

function settle(value: unknown): Outcome {
  if (value instanceof Response)
    return { status: value.status, body: undefined, headers: value.headers };
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

function contextFor(ip: string) {
  const context = new RouterContextProvider();
  context.set(clientIpContext, ip);
  return context;
}

export interface CallOptions {
  cookie?: string;
  ip?: string;
  search?: string;
}

export function callAdminLoader({ cookie, ip = "198.51.100.1", search = "" }: CallOptions = {}) {
  const request = new Request(`${BASE_URL}/admin${search}`, {
    headers: cookie ? { cookie } : {},
  });
  return outcomeOf(() =>
    Promise.resolve(
      loader({ request, params: {}, context: contextFor(ip) } as unknown as Route.LoaderArgs),
    ),
  );
}

export function callAdminAction(
  fields: Record<string, string>,
  { cookie, ip = "198.51.100.1", search = "" }: CallOptions = {},
) {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`${BASE_URL}/admin${search}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields).toString(),
  });
  return outcomeOf(() =>
    Promise.resolve(
      action({ request, params: {}, context: contextFor(ip) } as unknown as Route.ActionArgs),
    ),
  );
}

/** Signs in through the login action; returns the session cookie. */
export async function signIn(email: string, password: string, ip?: string): Promise<string> {
  const outcome = await callAdminAction({ intent: "login", email, password }, { ip });
  if (outcome.status !== 302) {
    throw new Error(`login failed: ${outcome.status} ${JSON.stringify(outcome.body)}`);
  }
  return cookieFrom(outcome.headers);
}

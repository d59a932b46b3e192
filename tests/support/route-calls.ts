import { RouterContextProvider } from "react-router";
import { clientIpContext } from "../../app/platform/http/request-context.ts";

// Calls a route module's loader or action the way React Router does and settles what it
// answers (data, a Response, or a thrown one) into a status, a body and the headers.

export interface RouteAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

export interface RouteCall {
  url: string;
  params?: Record<string, string>;
  /** Sends a urlencoded POST with this body. */
  body?: string;
  headers?: Record<string, string>;
  clientIp?: string;
}

type Handler = (args: never) => unknown;

export async function callRoute(handler: Handler, call: RouteCall): Promise<RouteAnswer> {
  const url = new URL(call.url);
  const headers = new Headers(call.headers);
  if (call.body !== undefined) headers.set("Content-Type", "application/x-www-form-urlencoded");
  const request = new Request(url, {
    method: call.body === undefined ? "GET" : "POST",
    headers,
    body: call.body,
  });
  const context = new RouterContextProvider();
  context.set(clientIpContext, call.clientIp ?? "203.0.113.9");
  const args = { request, url, params: call.params ?? {}, context, pattern: url.pathname };
  let value: unknown;
  try {
    value = await (handler as (args: unknown) => Promise<unknown>)(args);
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const type = value.headers.get("Content-Type") ?? "";
    const body = type.includes("json") ? await value.json() : await value.text();
    return { status: value.status, body, headers: value.headers };
  }
  if (value && typeof value === "object" && "init" in value && "data" in value) {
    const { data, init } = value as { data: unknown; init?: ResponseInit | null };
    return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) };
  }
  return { status: 200, body: value, headers: new Headers() };
}

/** The cookie pair (name=value) of a Set-Cookie header. */
export function cookieOf(headers: Headers): string {
  return (headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
}

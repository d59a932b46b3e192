import { RouterContextProvider } from "react-router";
import type { SignupActionData } from "../../app/features/waitlist/schema.ts";
import { clientIpContext } from "../../app/lib/request-context.ts";
import { action } from "../../app/routes/site/contact.tsx";

// Builds real requests for the /contato action and calls it the way React Router does, with
// the client address in the request context.
export const contactUrl = "http://localhost:3000/contato";

export function formBody(fields: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
  }
  return params.toString();
}

export function postRequest(
  body: BodyInit | null,
  {
    contentType = "application/x-www-form-urlencoded",
    url = contactUrl,
    headers = {},
  }: { contentType?: string | null; url?: string; headers?: Record<string, string> } = {},
): Request {
  const allHeaders = new Headers(headers);
  if (contentType !== null) allHeaders.set("Content-Type", contentType);
  const streamed = body instanceof ReadableStream;
  return new Request(url, {
    method: "POST",
    headers: allHeaders,
    body,
    ...(streamed ? { duplex: "half" } : {}),
  } as RequestInit);
}

export interface ActionAnswer {
  status: number;
  data: SignupActionData;
  headers: Headers;
}

let addressCounter = 0;
/** A client address no other call in this test file has used (rate limits are per address). */
export function freshIp(): string {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

export async function callContactAction(request: Request, ip = freshIp()): Promise<ActionAnswer> {
  const context = new RouterContextProvider();
  context.set(clientIpContext, ip);
  const result = await action({
    request,
    context,
    params: {},
    url: new URL(request.url),
    pattern: "/contato",
  });
  return {
    status: result.init?.status ?? 200,
    data: result.data,
    headers: new Headers(result.init?.headers),
  };
}

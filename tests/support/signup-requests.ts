import { RouterContextProvider } from "react-router";
import type { SignupActionData } from "../../app/features/waitlist/fields.ts";
import { clientIpContext } from "../../app/platform/http/request-context.ts";
import { action } from "../../app/routes/site/contact.tsx";

// Builds real requests for the /contato action and calls it the way React Router does, with
// the client address in the request context.
export const contactUrl = "http://localhost:3000/contato";
/** Where React Router's client posts the form when JavaScript runs (a data request). */
export const contactDataUrl = "http://localhost:3000/contato.data";
/** Where a successful plain post is redirected (Post/Redirect/Get). */
export const signupDoneLocation = "/contato?inscricao=confirmada";

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
  /** The action's data; undefined for a redirect. */
  data: SignupActionData | undefined;
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
  // React Router hands the action the URL without its `.data` suffix.
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/\.data$/, "");
  const result = await action({ request, context, params: {}, url, pattern: "/contato" });
  if (result instanceof Response) {
    return { status: result.status, data: undefined, headers: result.headers };
  }
  return {
    status: result.init?.status ?? 200,
    // The waitlist form's answer (the support form posts to /contato?suporte).
    data: result.data as SignupActionData,
    headers: new Headers(result.init?.headers),
  };
}

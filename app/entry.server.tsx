import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import stylesheet from "./app.css?inline";
import { InlineStylesProvider } from "./lib/inline-styles.tsx";
import { NonceProvider } from "./lib/nonce.tsx";
import { paintBeforeHydrating } from "./lib/paint-before-hydrating.server.ts";
import { cspNonceContext } from "./lib/request-context.ts";

export const streamTimeout = 5_000;

// React Router's default node entry, plus the CSP nonce on every script it writes and the
// page's hydration deferred until after its first paint. Pages are collected whole before
// they are sent (nothing on them suspends, so streaming would gain nothing), so every
// visitor, bot or not, gets the page once it is all ready.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(cspNonceContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineStylesProvider value={stylesheet}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineStylesProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const status = responseStatusCode;
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              // Each page carries its own CSP nonce, so HTML is revalidated, never reused.
              if (!responseHeaders.has("Cache-Control"))
                responseHeaders.set("Cache-Control", "no-cache");
              const html = paintBeforeHydrating(Buffer.concat(chunks).toString("utf8"));
              resolve(new Response(html, { headers: responseHeaders, status }));
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

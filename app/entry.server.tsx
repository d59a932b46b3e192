import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import stylesheet from "./app.css?inline";
import { InlineStylesProvider } from "./lib/inline-styles.tsx";
import { getLogger } from "./platform/http/logger.server.ts";
import { NonceProvider } from "./lib/nonce.tsx";
import { isSharedPage } from "./lib/page-scripts.ts";
import { cspNonceContext } from "./platform/http/request-context.ts";

export const streamTimeout = 5_000;

// Errors of loaders, actions and rendering go to the structured log, never to the console
// (docs/decisions/053-errors-and-methods.md); a request the client abandoned is no error.
// A 4xx React Router answers itself (a POST to a page without an action: 405) is the
// client's mistake, logged at debug like Express's own 4xx: anyone could flood the error log.
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    getLogger().debug({ status: error.status, method: request.method, url: request.url });
    return;
  }
  getLogger().error({ err: error, url: request.url }, "request failed");
};

// React Router's default node entry, plus the CSP nonce on every script it writes and the
// inline stylesheet. The page streams from its shell; nothing rewrites the HTML.
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
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // HTML is always revalidated (pages that hydrate carry their own CSP nonce). A page
          // the same for every visitor says `public`: only those enter the page cache
          // (docs/decisions/061).
          if (!responseHeaders.has("Cache-Control")) {
            const { matches } = routerContext.staticHandlerContext;
            const handles = matches.map(
              (match) => routerContext.routeModules[match.route.id]?.handle,
            );
            responseHeaders.set(
              "Cache-Control",
              responseStatusCode === 200 && isSharedPage(handles) ? "public, no-cache" : "no-cache",
            );
          }
          pipe(body);
          resolve(
            // React Router's adapter, not Readable.toWeb: when the client has gone (or the
            // answer was already sent, as the body limit's 413 does) it stops reading the
            // render, where toWeb's enqueue into a closed stream crashed the process
            // (docs/decisions/107).
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) getLogger().error({ err: error }, "rendering failed after the shell");
        },
      },
    );
  });
}

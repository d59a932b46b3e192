import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import stylesheet from "./app.css?inline";
import { InlineStylesProvider } from "./lib/inline-styles.tsx";
import { getLogger } from "./platform/http/logger.server.ts";
import { browserHandoff } from "./platform/http/route-matching.server.ts";
import { NonceProvider } from "./lib/nonce.tsx";
import { isSharedPage, sharedPageCacheControl } from "./lib/page-scripts.ts";
import { getEnv } from "./platform/http/env.server.ts";
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
// inline stylesheet. Nothing rewrites the HTML; the hand-off to the browser's router leaves
// out the server's route matcher (docs/decisions/314).
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
          <ServerRouter
            context={{
              ...routerContext,
              serverHandoffString: browserHandoff(routerContext.serverHandoffString),
            }}
            url={request.url}
            nonce={nonce}
          />
        </InlineStylesProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // HTML is always revalidated by browsers (pages that hydrate carry their own CSP
          // nonce). A page the same for every visitor says `public`: only those enter the page
          // cache (docs/decisions/061), and a proxy in front may keep them PROXY_CACHE_SECONDS
          // (s-maxage, deploy/nginx.conf). An answer to a request with a cookie is nobody
          // else's (docs/decisions/403).
          if (!responseHeaders.has("Cache-Control")) {
            const { matches } = routerContext.staticHandlerContext;
            const handles = matches.map(
              (match) => routerContext.routeModules[match.route.id]?.handle,
            );
            responseHeaders.set(
              "Cache-Control",
              request.headers.has("cookie")
                ? "private, no-store"
                : responseStatusCode === 200 && isSharedPage(handles)
                  ? sharedPageCacheControl(getEnv().PROXY_CACHE_SECONDS)
                  : "no-cache",
            );
          }
          // The page is answered whole, as one body: no page suspends, so its first byte and
          // its last leave together anyway, and React's 2 KB chunks each cost the compression
          // middleware a zlib call and the socket a write (docs/decisions/275). React hands
          // over its 4 KB views and, as they are, its long strings (the stylesheet, an agent's
          // record): each is copied once, into the body, and the Response takes the body as
          // a stream (a Buffer it would copy again). One copy a view instead of three, and
          // fewer full garbage collections (docs/decisions/492).
          const chunks: (Uint8Array | string)[] = [];
          let length = 0;
          pipe(
            new Writable({
              decodeStrings: false,
              write(chunk: Uint8Array | string, _encoding, callback) {
                chunks.push(chunk);
                length += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
                callback();
              },
              final(callback) {
                clearTimeout(timeoutId);
                timeoutId = undefined;
                const body = Buffer.allocUnsafe(length);
                let at = 0;
                for (const chunk of chunks) {
                  if (typeof chunk === "string") at += body.write(chunk, at);
                  else {
                    body.set(chunk, at);
                    at += chunk.byteLength;
                  }
                }
                responseHeaders.set("Content-Length", String(length));
                resolve(
                  new Response(
                    new ReadableStream<Uint8Array>({
                      start(controller) {
                        controller.enqueue(body);
                        controller.close();
                      },
                    }),
                    { headers: responseHeaders, status: responseStatusCode },
                  ),
                );
                callback();
              },
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

import { PassThrough, Readable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import stylesheet from "./app.css?inline";
import { InlineStylesProvider } from "./lib/inline-styles.tsx";
import { NonceProvider } from "./lib/nonce.tsx";
import { cspNonceContext } from "./lib/request-context.ts";

export const streamTimeout = 5_000;

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
          // Each page carries its own CSP nonce, so HTML is revalidated, never reused.
          if (!responseHeaders.has("Cache-Control"))
            responseHeaders.set("Cache-Control", "no-cache");
          pipe(body);
          resolve(
            new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
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
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

import http from "node:http";

// The HTTP server's time and connection limits (docs/decisions/054-server-timeouts.md):
// generous for any real visitor, short enough that a client trickling its request or
// hoarding idle connections cannot hold the server.
export const SERVER_LIMITS = {
  /** Whole request (headers and body) must arrive within this; Node's default is 300 s. */
  requestTimeoutMs: 30_000,
  /** Headers must arrive within this (Node's default 60 s). */
  headersTimeoutMs: 10_000,
  /** An idle keep-alive connection is closed after this (Node's default 5 s). */
  keepAliveTimeoutMs: 5_000,
  /** How often Node checks the two request timeouts (Node's default 30 s). */
  checkIntervalMs: 1_000,
  /** Open connections at most; a browser opens about 6. */
  maxConnections: 4_096,
};

/** `IncomingMessage`: the class of its requests (server/app.ts's `AppRequest`). */
export function createHttpServer<Request extends typeof http.IncomingMessage>(
  handler: http.RequestListener<Request>,
  limits: typeof SERVER_LIMITS = SERVER_LIMITS,
  IncomingMessage?: Request,
): http.Server<Request> {
  const server = http.createServer<Request>(
    {
      ...(IncomingMessage ? { IncomingMessage } : {}),
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    handler,
  );
  server.maxConnections = limits.maxConnections;
  return server;
}

/**
 * A request class for `createHttpServer` whose requests are born with `app`'s request
 * prototype (Express's `req.secure` under the app's trust proxy, `acceptsEncodings`), so a
 * handler ahead of Express can use them without changing any object's prototype per request,
 * which cost V8 about a tenth of a stored page view (docs/decisions/246). Express still sets
 * its own prototype on the requests it handles.
 */
export function requestClassOf(app: { request: object }): typeof http.IncomingMessage {
  class AppRequest extends http.IncomingMessage {}
  Object.setPrototypeOf(AppRequest.prototype, app.request);
  return AppRequest;
}

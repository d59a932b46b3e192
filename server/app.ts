import type http from "node:http";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import helmet from "helmet";
import {
  createRequestHandler as createFetchHandler,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { requestTooLargeMessage } from "../app/content/http-errors.ts";
import {
  startBounceReceiverIfConfigured,
  stopBounceReceiver,
} from "../app/features/deliverability/background.server.ts";
import { receiveReportPost } from "../app/features/deliverability/receiver.server.ts";
import {
  PSP_CALLBACK_MAX_BYTES,
  PSP_CALLBACK_PATH,
  receivePspCallback,
} from "../app/features/sales/psp-callbacks.server.ts";
import { isErasedEmailSql } from "../app/features/privacy/erasure.server.ts";
import {
  startStatementReceiverIfConfigured,
  stopStatementReceiver,
} from "../app/features/signed-statements/background.server.ts";
import { attributionRedirect } from "../app/features/waitlist/source.ts";
import { appNow } from "../app/platform/http/clock.server.ts";
import { getEnv } from "../app/platform/http/env.server.ts";
import { onPublicPagesChanged } from "../app/platform/http/public-pages.server.ts";
import { getLogger } from "../app/platform/http/logger.server.ts";
import { withRoutePatternMatching } from "../app/platform/http/route-matching.server.ts";
import { startJobs, stopJobs } from "../app/platform/jobs/background.server.ts";
import { registry } from "../app/registry.server.ts";
import { clientIpContext, cspNonceContext } from "../app/platform/http/request-context.ts";
import {
  STATEMENT_UPLOAD_MAX_BYTES,
  STATEMENT_UPLOAD_PATHS,
  statementTooLargeMessage,
} from "../app/features/orders/upload-limit.ts";
import { stopStatementReader } from "../app/features/performance/statement-analysis.server.ts";
import {
  TRADING_STATEMENT_BODY_MAX_BYTES,
  tradingStatementTooLargeMessage,
  tradingStatementUploadPath,
} from "../app/features/performance/limits.ts";
import { bodySizeLimit } from "./body-limit.ts";
import { heartbeatErrors } from "../app/content/fleet.ts";
import { HEARTBEAT_MAX_BYTES, HEARTBEAT_PATH } from "../app/features/fleet/model.ts";
import { nextCspNonce } from "./csp-nonce.ts";
import { allowOnlyServedMethods, handleErrors } from "./errors.ts";
import { requestClassOf } from "./http-server.ts";
import { createPageCache } from "./page-cache.ts";
import { securityHeaderOptions } from "./security-headers.ts";
import { sharedPages } from "./shared-pages.ts";
import {
  hstsOverHttps,
  permissionsPolicy,
  requireRequestOrigin,
  siteOrigins,
} from "./request-guards.ts";

// Exposed to server.ts, which owns the process: listening, static files and shutdown.
export { closeDatabase, openDatabase } from "../app/platform/db/db.server.ts";
export { startRateLimitPurge } from "../app/platform/http/rate-limit.server.ts";
export { getEnv, getLogger, handleErrors };

/**
 * The jobs worker (messages, invitation deadlines, retention): in a web process unless
 * WORKER=off, in the `npm run worker` process always (docs/decisions/115). A deleted entry's
 * address is never written to again (docs/decisions/088). And the bounce receiver, when set.
 */
export async function startBackgroundWork(role: "web" | "worker" = "web"): Promise<void> {
  await startJobs({ registry, role, suppressed: isErasedEmailSql });
  await startBounceReceiverIfConfigured();
  await startStatementReceiverIfConfigured();
}

export async function stopBackgroundWork(): Promise<void> {
  stopStatementReader();
  await stopBounceReceiver();
  await stopStatementReceiver();
  await stopJobs();
}

const env = getEnv();
const production = env.NODE_ENV === "production";

export const app = express();
app.disable("x-powered-by");
// Every HTML answer carries its own CSP nonce, so an ETag could never match: not worth hashing.
app.set("etag", false);
app.set("trust proxy", env.TRUST_PROXY);

const securityHeaders = helmet(securityHeaderOptions(production));

/** Times each answer; a 5xx is logged as an error, the rest only at the debug level. */
const logAnswer: express.RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const level = res.statusCode >= 500 ? "error" : "debug";
    const logger = getLogger();
    // The line is built only when it is written: debug is off in production.
    if (!logger.isLevelEnabled(level)) return;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger[level]({ method: req.method, url: req.originalUrl, status: res.statusCode, ms });
  });
  next();
};

app.use((_req, res, next) => {
  res.locals.cspNonce = nextCspNonce();
  next();
});
app.use(securityHeaders, logAnswer, hstsOverHttps, permissionsPolicy);

// A relay posts delivery reports here with its shared secret, no Origin, up to 1 MB
// (docs/decisions/160): ahead of the browser-facing guards and the 64 KB limit.
app.post("/correio/relatorios", async (req, res) => {
  const answer = await receiveReportPost({ headers: req.headers, body: req });
  res.status(answer.status).type("text/plain; charset=utf-8").send(answer.body);
});

// The PSP's API Pix callbacks (…/pix, …/rec, …/cobr): the secret in the path is their guard.
// Answered here, ahead of React Router, whose request and response were a third of each
// callback's CPU at 200 a second (docs/decisions/466).
app.post(
  PSP_CALLBACK_PATH,
  express.text({ type: () => true, limit: PSP_CALLBACK_MAX_BYTES }),
  async (req, res) => {
    const { kind = "", secret = "" } = req.params;
    const body = typeof req.body === "string" ? req.body : "";
    const { status } = await receivePspCallback(kind, secret, body, appNow());
    res.status(status).set("Cache-Control", "no-store").json({});
  },
);

// Request bodies are at most 64 KB (docs/product.md rule 3), except staff's bank statement
// upload at /admin/pedidos (docs/decisions/154) and a robot's MetaTrader statement at
// /admin/robos/:id/desempenho (docs/decisions/133), up to 5 MB each.
const formLimit = bodySizeLimit(64 * 1024, requestTooLargeMessage);
const statementLimit = bodySizeLimit(STATEMENT_UPLOAD_MAX_BYTES, statementTooLargeMessage);
const tradingStatementLimit = bodySizeLimit(
  TRADING_STATEMENT_BODY_MAX_BYTES,
  tradingStatementTooLargeMessage,
);
// A robot's heartbeat is a few hundred bytes (decision 380).
const heartbeatLimit = bodySizeLimit(HEARTBEAT_MAX_BYTES, heartbeatErrors.tooLarge);
const requestBodyLimit: express.RequestHandler = (req, res, next) => {
  if (req.path === HEARTBEAT_PATH) return heartbeatLimit(req, res, next);
  if (STATEMENT_UPLOAD_PATHS.has(req.path)) return statementLimit(req, res, next);
  if (tradingStatementUploadPath.test(req.path)) return tradingStatementLimit(req, res, next);
  return formLimit(req, res, next);
};
app.use(allowOnlyServedMethods, requireRequestOrigin(siteOrigins(env.SITE_URL)), requestBodyLimit);

// In development each request takes the newest build; in production the build never
// changes, so React Router derives its route tables once instead of on every request. Routes
// are matched by React Router's route-pattern matcher (docs/decisions/314).
const build: ServerBuild | (() => Promise<ServerBuild>) = import.meta.env.DEV
  ? () => import("virtual:react-router/server-build").then(withRoutePatternMatching)
  : withRoutePatternMatching(await import("virtual:react-router/server-build"));
const mode = env.NODE_ENV;

function loadContext(clientIp: string, nonce: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, nonce);
  context.set(clientIpContext, clientIp);
  return context;
}

/**
 * Where a browser's view of a public page must go to carry its visit's attribution on
 * (attributionRedirect), or null; only page views (documents, not files, admin pages, data or
 * feeds) with a Referer. Cheap when there is none: it runs before every stored page.
 */
function attributionTargetOf(req: http.IncomingMessage): string | null {
  const referer = req.headers.referer;
  if (!referer || (req.method !== "GET" && req.method !== "HEAD")) return null;
  const url = new URL(req.url ?? "/", env.SITE_URL);
  if (url.pathname.startsWith("/admin") || /\.[a-z0-9]+$/i.test(url.pathname)) return null;
  const destination = req.headers["sec-fetch-dest"];
  const page = destination
    ? destination === "document"
    : (req.headers.accept ?? "").includes("text/html");
  return page ? attributionRedirect(url, referer) : null;
}

// A visit's attribution (utm_*, the external referrer) is carried from page to page in the
// address, by a redirect read from the Referer, never in a page's HTML or a cookie
// (docs/decisions/228). Ahead of the page cache, and serveStoredPage asks first: a stored
// page must not answer a view that has attribution to carry.
app.use((req, res, next) => {
  const target = attributionTargetOf(req);
  if (!target) return next();
  res.setHeader("Cache-Control", "no-store");
  res.redirect(302, target);
});

// Shared public pages, in production only: there the build (and so the routes) never
// changes, and `serveStoredPage` answers stored ones before Express (server.ts).
const pageCache =
  typeof build === "function"
    ? undefined
    : createPageCache({
        origin: env.SITE_URL,
        sharedPageOf: sharedPages(build.routes),
        handleRequest: createFetchHandler(build, mode),
        getLoadContext: loadContext,
        onChange: onPublicPagesChanged,
      });
if (pageCache) app.use(pageCache.middleware);

/** The HTTP server's request class (server.ts): born with the app's request prototype. */
export const AppRequest = requestClassOf(app);

/**
 * Answers a request from the page cache, ahead of every middleware: true when it did or will
 * (a page rendered again after a change is waited for; `next` gets the request should it no
 * longer be shared). Only pages a request through the middleware stored, with the headers
 * that answer carried.
 */
export function serveStoredPage(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  next: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): boolean {
  if (!pageCache || attributionTargetOf(req)) return false;
  // An AppRequest: Express's own methods without a change of prototype.
  return pageCache.serve(req as express.Request, res, next);
}

app.use(
  createRequestHandler({
    build,
    mode,
    getLoadContext: (req, res) => loadContext(req.ip ?? "unknown", res.locals.cspNonce as string),
  }),
);

app.use(handleErrors);

import type { RequestHandler } from "express";
import { foreignOriginMessage, unknownOriginMessage } from "../app/content/http-errors.ts";

// Headers and refusals of server/app.ts beyond helmet's defaults
// (docs/decisions/055-headers-and-origin.md).

/** Features the site never uses, switched off for it and anything it embeds. */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
].join(", ");

export const permissionsPolicy: RequestHandler = (_req, res, next) => {
  res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
  next();
};

/** helmet's default HSTS (a year, subdomains too), also sent by the page cache's front. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/** HSTS only on answers that went over HTTPS: over plain HTTP browsers ignore it anyway. */
export const hstsOverHttps: RequestHandler = (req, res, next) => {
  if (req.secure) res.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  next();
};

/**
 * The one-slash path for a request whose path starts with two or more slashes or
 * backslashes, else null. URL parsers read such a target as a host of its own (`//x/y` is
 * host x, and a bare `//` is no URL at all), so the readers of the path would disagree and one
 * threw; a permanent redirect to the path with one slash is what a visitor who typed one too
 * many expects, and its Location can never name another host.
 */
export function oneLeadingSlash(target: string | undefined): string | null {
  if (!target || !/^[/\\]{2}/.test(target)) return null;
  return `/${target.replace(/^[/\\]+/, "")}`;
}

/**
 * Paths that other servers post to, each guarded by a secret of its own: one-click
 * unsubscribe (RFC 8058), posted by mail providers with neither Origin nor Sec-Fetch-Site,
 * guarded by its link's token (docs/decisions/089). Matched against the path as React Router
 * will route it (dot segments resolved), whole, so `/descadastrar/../admin/lista` is no
 * exemption (docs/decisions/139).
 */
// Mercado Pago's payment notifications: their HMAC signature is their guard (decision 171).
// The robots' heartbeats: their bearer token is their guard (decision 380).
const POSTED_BY_OTHER_SERVERS = [
  /^\/descadastrar\/[^/]+$/,
  /^\/webhooks\/mercado-pago$/,
  /^\/api\/robo\/sinal$/,
];

/** The path React Router routes: the URL parser resolves `..`, `%2e%2e` and backslashes. */
function routedPath(originalUrl: string): string {
  return new URL(originalUrl, "http://site.invalid").pathname;
}

/**
 * The site's own origins: SITE_URL's, and when that names localhost the loopback addresses on
 * the same port, which are the same server.
 */
export function siteOrigins(siteUrl: string): string[] {
  const url = new URL(siteUrl);
  if (url.hostname !== "localhost") return [url.origin];
  const port = url.port ? `:${url.port}` : "";
  return [url.origin, `${url.protocol}//127.0.0.1${port}`, `${url.protocol}//[::1]${port}`];
}

/**
 * Mutations must come from the site's own pages (docs/decisions/055, 139): an Origin header
 * must be one of the site's origins (SITE_URL's, never the request's own Host, which a
 * rebound DNS name controls); without Origin, Sec-Fetch-Site must say `same-origin` (or
 * `none`: typed by the user); with neither the request is refused. All before the body is read.
 */
export function requireRequestOrigin(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const path = routedPath(req.originalUrl);
    if (POSTED_BY_OTHER_SERVERS.some((pattern) => pattern.test(path))) return next();
    const origin = req.headers.origin;
    if (origin !== undefined) {
      if (allowed.has(origin)) return next();
      res.status(403).type("text/plain; charset=utf-8").send(foreignOriginMessage);
      return;
    }
    const fetchSite = req.headers["sec-fetch-site"];
    if (fetchSite === "same-origin" || fetchSite === "none") return next();
    res
      .status(403)
      .type("text/plain; charset=utf-8")
      .send(fetchSite === undefined ? unknownOriginMessage : foreignOriginMessage);
  };
}

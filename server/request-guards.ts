import type { RequestHandler } from "express";
import helmet from "helmet";
import { unknownOriginMessage } from "../app/content/http-errors.ts";

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

const hsts = helmet.strictTransportSecurity();

/** HSTS only on answers that went over HTTPS: over plain HTTP browsers ignore it anyway. */
export const hstsOverHttps: RequestHandler = (req, res, next) => {
  if (req.secure) hsts(req, res, next);
  else next();
};

/**
 * Mutations must say where they come from: a browser sends Origin or Sec-Fetch-Site on every
 * form post; a request with neither is refused (403) before its body is read. React Router's
 * own check refuses an Origin that is not the site's. One-click unsubscribe (RFC 8058) is
 * posted by mail providers' servers with neither; its link's secret token is its guard
 * (docs/decisions/089). Mercado Pago's notifications come from its servers too; their HMAC
 * signature is their guard (docs/decisions/171).
 */
export const requireRequestOrigin: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  if (req.path.startsWith("/descadastrar/")) return next();
  if (req.path === "/webhooks/mercado-pago") return next();
  if (req.headers.origin !== undefined || req.headers["sec-fetch-site"] !== undefined) {
    return next();
  }
  res.status(403).type("text/plain; charset=utf-8").send(unknownOriginMessage);
};

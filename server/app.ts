import crypto from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import helmet from "helmet";
import { RouterContextProvider } from "react-router";
import { requestTooLargeMessage } from "../app/content/http-errors.ts";
import { getEnv } from "../app/lib/env.server.ts";
import { getLogger } from "../app/lib/logger.server.ts";
import { clientIpContext, cspNonceContext } from "../app/lib/request-context.ts";
import { bodySizeLimit } from "./body-limit.ts";

// Exposed to server.ts, which owns the process: listening, static files and shutdown.
export { closeDatabase, openDatabase } from "../app/lib/db.server.ts";
export { getEnv, getLogger };

const env = getEnv();
const production = env.NODE_ENV === "production";

export const app = express();
app.disable("x-powered-by");
app.set("trust proxy", env.TRUST_PROXY);

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});

app.use(
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Vite's development client injects inline scripts without a nonce.
        scriptSrc: production
          ? ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`]
          : ["'self'", "'unsafe-inline'"],
        // Radix and sonner set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        connectSrc: production ? ["'self'"] : ["'self'", "ws:"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // TLS is terminated by the proxy in front; on plain-HTTP hosts this would break assets.
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: production,
    // Helmet's default (no-referrer) makes browsers send `Origin: null` on plain form posts,
    // which React Router's origin check refuses: forms without JavaScript would all fail.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  }),
);

app.use((req, res, next) => {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const level = res.statusCode >= 500 ? "error" : "debug";
    getLogger()[level]({ method: req.method, url: req.originalUrl, status: res.statusCode, ms });
  });
  next();
});

// Request bodies are at most 64 KB (DESIGN.md decision 3).
app.use(bodySizeLimit(64 * 1024, requestTooLargeMessage));

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(cspNonceContext, res.locals.cspNonce as string);
      context.set(clientIpContext, req.ip ?? "unknown");
      return context;
    },
  }),
);

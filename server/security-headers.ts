import type { Request, RequestHandler, Response } from "express";
import helmet, { type HelmetOptions } from "helmet";

// helmet decides the security headers; they are the same on every answer except for the CSP
// nonce, yet helmet's twelve middlewares built them again on each request (the CSP joined
// directive by directive, each value validated): 2.2-2.7 µs a request against 0.35 µs
// replayed (docs/decisions/303). So helmet runs once, at start-up, on a stand-in answer whose
// nonce is a mark, and each answer gets the headers it wrote with its own nonce in its place.

/** The site's security headers, as helmet's options (docs/decisions/055). */
export function securityHeaderOptions(production: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Vite's development client injects inline scripts without a nonce.
        scriptSrc: production
          ? ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`]
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
    // Sent by hstsOverHttps (request-guards.ts), only on answers that went over HTTPS.
    strictTransportSecurity: false,
    // helmet's default (no-referrer) makes browsers send `Origin: null` on same-origin form
    // posts, which React Router's CSRF check refuses (400): forms would need JavaScript.
    referrerPolicy: { policy: "same-origin" },
  };
}

/** Stands for the answer's nonce while helmet writes: `_` is never in a base64 nonce. */
const NONCE_MARK = "_cspnonce_";

type RecordedHeader = { name: string; value: string } | { name: string; around: readonly string[] };

/**
 * The headers `helmet(options)` writes, as middleware; CSP nonces from `res.locals.cspNonce`.
 * The options may depend on the answer only through that nonce: helmet sees no request.
 */
export function helmetHeaders(options: HelmetOptions): RequestHandler {
  const written: RecordedHeader[] = [];
  const removed: string[] = [];
  const standIn = {
    locals: { cspNonce: NONCE_MARK },
    setHeader(name: string, value: unknown) {
      const text = String(value);
      written.push(
        text.includes(NONCE_MARK)
          ? { name, around: text.split(NONCE_MARK) }
          : { name, value: text },
      );
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let failure: unknown = "helmet did not finish";
  helmet(options)({ headers: {} } as Request, standIn as unknown as Response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));

  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const header of written) {
      res.setHeader(
        header.name,
        "value" in header ? header.value : header.around.join(res.locals.cspNonce as string),
      );
    }
    next();
  };
}

import type { Response } from "express";
import type { HelmetOptions } from "helmet";

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

/**
 * The security headers of static files (/assets/*, icons, images, the manifest), served ahead
 * of the app (server.ts): helmet's protective headers, nosniff included, with a policy that
 * lets a file opened on its own run nothing (an SVG's script, say). Images may be shown by
 * other sites and mail clients, so their resource policy is cross-origin (docs/decisions/402).
 */
export function staticFileHeaderOptions(): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        styleSrc: ["'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
      },
    },
    crossOriginResourcePolicy: { policy: "cross-origin" },
    strictTransportSecurity: false,
    referrerPolicy: { policy: "same-origin" },
  };
}

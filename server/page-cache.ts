import crypto from "node:crypto";
import type express from "express";
import type { RouterContextProvider } from "react-router";
import { onPublicPagesChanged } from "../app/lib/public-pages.server.ts";

// A short-lived in-memory cache of anonymous public HTML, so page views cost a string
// replace instead of a React render (docs/decisions/006-public-page-micro-cache.md).
// Pages are rendered with a random placeholder where the CSP nonce goes; each answer
// swaps in its own fresh nonce. A page that varies per visitor says so with
// `Cache-Control: private` (or no-store) and is never stored.
//
// Whatever a request carries (a Host header with a path in it, an absolute-form request
// line), a cached page is rendered from the fixed site origin and stored under the path and
// query it was rendered for (docs/decisions/050-page-cache-key.md).

interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  expiresAt: number;
}

const MAX_ENTRIES = 500;
const NONCE_PLACEHOLDER = `nonce-placeholder-${crypto.randomBytes(12).toString("hex")}`;
// Headers that name the origin: the render takes its origin from `origin`, never from these.
const ORIGIN_HEADERS = new Set(["host", "forwarded", "x-forwarded-host", "x-forwarded-proto"]);

function isCacheable(req: express.Request): boolean {
  return (
    req.method === "GET" &&
    !req.headers.cookie &&
    !req.path.startsWith("/admin") &&
    !req.path.endsWith(".data")
  );
}

/** A successful admin mutation may change public pages; nothing else empties the cache. */
function isAdminChange(req: express.Request, res: express.Response): boolean {
  return (
    req.method !== "GET" &&
    req.method !== "HEAD" &&
    req.path.startsWith("/admin") &&
    res.statusCode < 400
  );
}

export function createPageCacheMiddleware({
  ttlMs,
  origin,
  handleRequest,
  getLoadContext,
}: {
  ttlMs: number;
  /** The site's public origin (SITE_URL): every cached page is rendered for it. */
  origin: string;
  /** React Router's request handler (the same one the uncached requests reach). */
  handleRequest: (request: Request, context: RouterContextProvider) => Promise<Response>;
  getLoadContext: (req: express.Request, nonce: string) => RouterContextProvider;
}): express.RequestHandler {
  if (ttlMs <= 0) return (_req, _res, next) => next();
  const pages = new Map<string, CachedPage>();
  // Concurrent misses for one page share one render.
  const rendering = new Map<string, Promise<CachedPage>>();
  // Changes made outside an admin request (an invitation accepted or expired) say so here.
  onPublicPagesChanged(() => pages.clear());

  async function render(req: express.Request, url: URL): Promise<CachedPage> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string" && !ORIGIN_HEADERS.has(name)) headers.set(name, value);
    }
    const response = await handleRequest(
      new Request(url, { headers }),
      getLoadContext(req, NONCE_PLACEHOLDER),
    );
    return {
      status: response.status,
      headers: [...response.headers].filter(([name]) => name !== "content-length"),
      body: await response.text(),
      expiresAt: Date.now() + ttlMs,
    };
  }

  function store(key: string, page: CachedPage) {
    const cacheable =
      page.status === 200 &&
      page.headers.some(
        ([name, value]) => name === "content-type" && value.includes("text/html"),
      ) &&
      !page.headers.some(
        ([name, value]) =>
          name === "set-cookie" || (name === "cache-control" && /private|no-store/.test(value)),
      );
    if (!cacheable) return;
    if (pages.size >= MAX_ENTRIES) pages.delete(pages.keys().next().value as string);
    pages.set(key, page);
  }

  function pageFor(req: express.Request, url: URL): Promise<CachedPage> {
    const key = `${url.pathname}${url.search}`;
    const page = pages.get(key);
    if (page && page.expiresAt > Date.now()) return Promise.resolve(page);
    let pending = rendering.get(key);
    if (!pending) {
      pending = render(req, url)
        .then((fresh) => {
          store(key, fresh);
          return fresh;
        })
        .finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  }

  return async (req, res, next) => {
    if (!isCacheable(req)) {
      res.on("finish", () => {
        if (isAdminChange(req, res)) pages.clear();
      });
      return next();
    }
    try {
      // An absolute-form request line keeps only its path and query here.
      const requested = new URL(req.originalUrl, origin);
      const page = await pageFor(req, new URL(`${requested.pathname}${requested.search}`, origin));
      res.status(page.status);
      for (const [name, value] of page.headers) res.append(name, value);
      res.send(page.body.replaceAll(NONCE_PLACEHOLDER, res.locals.cspNonce as string));
    } catch (error) {
      next(error);
    }
  };
}

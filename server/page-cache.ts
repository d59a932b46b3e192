import crypto from "node:crypto";
import type express from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";

// A short-lived in-memory cache of anonymous public HTML, so page views cost a string
// replace instead of a React render (docs/decisions/006-public-page-micro-cache.md).
// Pages are rendered with a random placeholder where the CSP nonce goes; each answer
// swaps in its own fresh nonce. A page that varies per visitor says so with
// `Cache-Control: private` (or no-store) and is never stored.

interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  expiresAt: number;
}

const MAX_ENTRIES = 500;
const NONCE_PLACEHOLDER = `nonce-placeholder-${crypto.randomBytes(12).toString("hex")}`;

function isCacheable(req: express.Request): boolean {
  return (
    req.method === "GET" &&
    !req.headers.cookie &&
    !req.path.startsWith("/admin") &&
    !req.path.endsWith(".data")
  );
}

export function createPageCacheMiddleware({
  ttlMs,
  build,
  mode,
  getLoadContext,
}: {
  ttlMs: number;
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** React Router's server mode, as given to the request handler behind this one. */
  mode: string;
  getLoadContext: (req: express.Request, nonce: string) => RouterContextProvider;
}): express.RequestHandler {
  if (ttlMs <= 0) return (_req, _res, next) => next();
  const pages = new Map<string, CachedPage>();
  const handleRequest = createRequestHandler(build, mode);

  async function render(req: express.Request): Promise<CachedPage> {
    const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
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

  return async (req, res, next) => {
    if (!isCacheable(req)) {
      // Any change made through this process may show on public pages: start afresh.
      if (req.method !== "GET" && req.method !== "HEAD") res.on("finish", () => pages.clear());
      return next();
    }
    try {
      const key = req.originalUrl;
      let page = pages.get(key);
      if (!page || page.expiresAt <= Date.now()) {
        page = await render(req);
        store(key, page);
      }
      res.status(page.status);
      for (const [name, value] of page.headers) res.append(name, value);
      res.send(page.body.replaceAll(NONCE_PLACEHOLDER, res.locals.cspNonce as string));
    } catch (error) {
      next(error);
    }
  };
}

import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type express from "express";
import type { RouterContextProvider } from "react-router";
import { onPublicPagesChanged } from "../app/platform/http/public-pages.server.ts";

// Public pages rendered once and kept until what they show changes
// (docs/decisions/061-public-pages-rendered-once.md). Only answers that declare themselves
// shared (`Cache-Control: public`, set for routes whose handle says so) are stored, under
// their path and query alone, with their gzip and brotli forms made once. Nothing expires:
// the store is emptied by `publicPagesChanged()` (an admin's edit of a robot or a post, free
// spots; other processes on the same PostgreSQL hear it too, decision 062) and when the
// year in the footer turns.
//
// Whatever a request carries (a Host header with a path in it, an absolute-form request
// line), a page is rendered from the fixed site origin and stored under the path and query
// it was rendered for (docs/decisions/050-page-cache-key.md).

interface RenderedPage {
  status: number;
  headers: Array<[string, string]>;
  /** Text for HTML (and other text); the bytes as they are for anything else (a download). */
  body: string | Uint8Array;
}

/** A stored page keeps only its bytes, compressed once; not the rendered string as well. */
interface StoredPage {
  status: number;
  headers: Array<[string, string]>;
  encoded: { identity: Buffer; gzip: Buffer; br: Buffer };
}

const MAX_ENTRIES = 500;
// Pages are rendered with this where a CSP nonce would go; a shared page has none (it
// ships no script), and a page that has one is never stored.
const NONCE_PLACEHOLDER = `nonce-placeholder-${crypto.randomBytes(12).toString("hex")}`;
// Headers that name the origin: the render takes its origin from `origin`, never from these.
const ORIGIN_HEADERS = new Set(["host", "forwarded", "x-forwarded-host", "x-forwarded-proto"]);
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

function isCacheable(req: express.Request): boolean {
  return (
    req.method === "GET" &&
    !req.headers.cookie &&
    !req.path.startsWith("/admin") &&
    !req.path.endsWith(".data")
  );
}

function header(page: RenderedPage, name: string): string | undefined {
  return page.headers.find(([key]) => key === name)?.[1];
}

/** An answer every visitor may get: it says so, and carries nothing of one visitor's. */
function isShared(page: RenderedPage): boolean {
  const cacheControl = header(page, "cache-control") ?? "";
  return (
    page.status === 200 &&
    /\bpublic\b/.test(cacheControl) &&
    !/private|no-store/.test(cacheControl) &&
    (header(page, "content-type") ?? "").includes("text/html") &&
    header(page, "set-cookie") === undefined &&
    typeof page.body === "string" &&
    !page.body.includes(NONCE_PLACEHOLDER)
  );
}

// Every visitor who asks for a page while it is stored waits for this, so it must be quick:
// brotli quality 5 takes about 1.4 ms for /precos (74 KB) and is 1.7 % larger than quality 9,
// which took about 19 ms.
async function encode(body: string): Promise<StoredPage["encoded"]> {
  const identity = Buffer.from(body);
  const [gzipped, brotlied] = await Promise.all([
    gzip(identity, { level: 9 }),
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  return { identity, gzip: gzipped, br: brotlied };
}

export function createPageCacheMiddleware({
  origin,
  handleRequest,
  getLoadContext,
}: {
  /** The site's public origin (SITE_URL): every cached page is rendered for it. */
  origin: string;
  /** React Router's request handler (the same one the uncached requests reach). */
  handleRequest: (request: Request, context: RouterContextProvider) => Promise<Response>;
  getLoadContext: (req: express.Request, nonce: string) => RouterContextProvider;
}): express.RequestHandler {
  const pages = new Map<string, StoredPage>();
  // Concurrent misses for one page share one render, as long as it is shared.
  const rendering = new Map<string, Promise<RenderedPage | StoredPage>>();
  // Bumped by every change: a render that began before it is not stored.
  let generation = 0;
  let year = new Date().getFullYear();

  function clear() {
    generation += 1;
    pages.clear();
    rendering.clear();
  }
  onPublicPagesChanged(clear);

  async function render(req: express.Request, url: URL): Promise<RenderedPage> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string" && !ORIGIN_HEADERS.has(name)) headers.set(name, value);
    }
    const response = await handleRequest(
      new Request(url, { headers }),
      getLoadContext(req, NONCE_PLACEHOLDER),
    );
    const type = response.headers.get("content-type") ?? "";
    return {
      status: response.status,
      headers: [...response.headers].filter(([name]) => name !== "content-length"),
      // A file (a statement's download) must reach the visitor byte for byte.
      body: /^text\/|xml|json/.test(type)
        ? await response.text()
        : new Uint8Array(await response.arrayBuffer()),
    };
  }

  async function renderAndStore(
    req: express.Request,
    key: string,
    url: URL,
  ): Promise<RenderedPage | StoredPage> {
    const started = generation;
    const page = await render(req, url);
    if (!isShared(page) || typeof page.body !== "string") return page;
    const stored: StoredPage = {
      status: page.status,
      headers: page.headers,
      encoded: await encode(page.body),
    };
    if (generation !== started) return stored;
    if (pages.size >= MAX_ENTRIES) pages.delete(pages.keys().next().value as string);
    pages.set(key, stored);
    return stored;
  }

  function send(req: express.Request, res: express.Response, page: RenderedPage | StoredPage) {
    res.status(page.status);
    for (const [name, value] of page.headers) res.append(name, value);
    if (!("encoded" in page)) {
      res.send(
        typeof page.body === "string"
          ? page.body.replaceAll(NONCE_PLACEHOLDER, res.locals.cspNonce as string)
          : Buffer.from(page.body),
      );
      return;
    }
    res.vary("Accept-Encoding");
    const encoding = req.acceptsEncodings("br", "gzip", "identity");
    if (encoding === "br" || encoding === "gzip") {
      res.setHeader("Content-Encoding", encoding);
      res.send(page.encoded[encoding]);
    } else {
      res.send(page.encoded.identity);
    }
  }

  return async (req, res, next) => {
    if (!isCacheable(req)) return next();
    const thisYear = new Date().getFullYear();
    if (thisYear !== year) {
      year = thisYear;
      clear();
    }
    try {
      // An absolute-form request line keeps only its path and query here.
      const requested = new URL(req.originalUrl, origin);
      const key = `${requested.pathname}${requested.search}`;
      const stored = pages.get(key);
      if (stored) return send(req, res, stored);
      const pending = rendering.get(key);
      if (pending) {
        const page = await pending;
        // A page of the first visitor's own (its referrer, a token) is not for the others.
        return "encoded" in page ? send(req, res, page) : next();
      }
      const own = renderAndStore(req, key, new URL(key, origin));
      rendering.set(key, own);
      try {
        send(req, res, await own);
      } finally {
        if (rendering.get(key) === own) rendering.delete(key);
      }
    } catch (error) {
      next(error);
    }
  };
}

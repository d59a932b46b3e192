import crypto from "node:crypto";
import type http from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type express from "express";
import { LRUCache } from "lru-cache";
import type { RouterContextProvider } from "react-router";
import { nextCspNonce } from "./csp-nonce.ts";
import { STRICT_TRANSPORT_SECURITY } from "./request-guards.ts";
import type { SharedPage } from "./shared-pages.ts";

// Public pages rendered once and kept until what they show changes
// (docs/decisions/061-public-pages-rendered-once.md, 220). Whether a request may be answered
// from the store is decided from the route it matches, before anything renders: only pages
// whose route says `shared`, at their own spelling of the path, keyed by the query parameters
// the route declares (with the values it declares) and nothing else of the query. Every other
// request (/contato, a cookie, a 404) streams through React Router's handler untouched.
//
// A stored page is what a file is to a file server: its header block and its identity, gzip
// and brotli bytes, made when it renders (quickly, then smaller: decision 276). `serve`
// answers it at the front of the HTTP server, before Express, with a fresh CSP nonce in the
// header it captured from the first answer (docs/decisions/222). Nothing expires: every
// stored page goes stale when the database says public data changed (triggers and NOTIFY,
// docs/decisions/221) and when the year in the footer turns; a stale page is never answered,
// and the views that come after the change wait, at the front too, for the one render the
// first of them began (docs/decisions/266).
//
// Whatever a request carries (a Host header with a path in it, an absolute-form request
// line), a page is rendered from the fixed site origin (docs/decisions/050-page-cache-key.md).

interface RenderedPage {
  status: number;
  headers: Array<[string, string]>;
  /** Text for HTML (and other text); the bytes as they are for anything else (a download). */
  body: string | Uint8Array;
}

type Encoding = "identity" | "gzip" | "br";

/** One encoding of a stored page: its headers as `writeHead` takes them, and its bytes. */
interface Variant {
  headers: string[];
  body: Buffer;
}

interface StoredPage {
  status: number;
  /** The cache's generation when its render began: stale once a change has passed it. */
  generation: number;
  /** What the app's middleware set on the answer that first rendered it, its nonce in it. */
  answer: { headers: http.OutgoingHttpHeaders; nonce: string };
  /** The CSP header's value either side of the nonce, and where it sits in each list. */
  csp: { index: number; before: string; after: string } | undefined;
  variants: Record<Encoding, Variant>;
}

const MAX_ENTRIES = 500;
// Pages are rendered with this where a CSP nonce would go; a shared page has none (it
// ships no script), and a page that has one is never stored.
const NONCE_PLACEHOLDER = `nonce-placeholder-${crypto.randomBytes(12).toString("hex")}`;
// Headers that name the origin: the render takes its origin from `origin`, never from these.
const ORIGIN_HEADERS = new Set(["host", "forwarded", "x-forwarded-host", "x-forwarded-proto"]);
// Headers of one answer, never replayed: the stored page sets its own length, encoding and
// Vary; HSTS goes only over HTTPS; Connection and Date are Node's.
const PER_ANSWER_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
  "strict-transport-security",
  "connection",
  "keep-alive",
  "date",
]);
const ENCODINGS: Encoding[] = ["br", "gzip", "identity"];
// Browsers send a handful of Accept-Encoding values: each is negotiated once (Express's
// `acceptsEncodings` parses and sorts the header on every call, about 3 µs of a 40 µs stored
// page view). Bounded, so that made-up values cannot grow it: past the bound they are
// negotiated on each request, as before.
const MAX_ACCEPT_ENCODINGS = 64;
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

function header(page: RenderedPage, name: string): string | undefined {
  return page.headers.find(([key]) => key === name)?.[1];
}

/** An answer every visitor may get: it says so, and carries nothing of one visitor's. */
function isShared(page: RenderedPage): page is RenderedPage & { body: string } {
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

// The views that come while a page renders wait for its encoding, so the first copy stored
// is compressed quickly (gzip 1 and brotli 1: about 1.5 ms of CPU for an 87 KB page against
// 4-5 ms, 13-25 % larger), and then again, smaller, off their path (docs/decisions/276):
// gzip 9 and brotli 5 (brotli 9 took about 19 ms for /precos and was 1.7 % smaller).
const QUICK = { gzip: 1, brotli: 1 };
const SMALL = { gzip: 9, brotli: 5 };

async function encode(
  body: string,
  levels: { gzip: number; brotli: number },
): Promise<Record<Encoding, Buffer>> {
  const identity = Buffer.from(body);
  const [gzipped, brotlied] = await Promise.all([
    gzip(identity, { level: levels.gzip }),
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: levels.brotli,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  return { identity, gzip: gzipped, br: brotlied };
}

/**
 * The page's header block: what the app's middleware set on the answer that rendered it
 * (security headers; its CSP nonce cut out) and what the render set (type, Cache-Control).
 */
function storedPage(
  page: RenderedPage,
  answer: StoredPage["answer"],
  generation: number,
  bodies: Record<Encoding, Buffer>,
): StoredPage {
  const common: string[] = [];
  let csp: StoredPage["csp"];
  const add = (name: string, value: string) => {
    if (PER_ANSWER_HEADERS.has(name)) return;
    if (name === "content-security-policy" && value.includes(answer.nonce)) {
      const [before = "", ...after] = value.split(answer.nonce);
      csp = { index: common.length + 1, before, after: after.join(answer.nonce) };
    }
    common.push(name, value);
  };
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) add(name, String(one));
  }
  for (const [name, value] of page.headers) add(name, value);
  common.push("vary", "Accept-Encoding");
  const variant = (encoding: Encoding): Variant => ({
    headers: [
      ...common,
      ...(encoding === "identity" ? [] : ["content-encoding", encoding]),
      "content-length",
      String(bodies[encoding].length),
    ],
    body: bodies[encoding],
  });
  return {
    status: page.status,
    generation,
    answer,
    csp,
    variants: { identity: variant("identity"), gzip: variant("gzip"), br: variant("br") },
  };
}

/** Start of next year, when the footer's year changes. */
function nextYearStarts(): number {
  return new Date(new Date().getFullYear() + 1, 0, 1).getTime();
}

export interface PageCache {
  /** The Express middleware: answers stored pages, renders and stores shared ones. */
  middleware: express.RequestHandler;
  /**
   * Answers a request from the store at the front of the HTTP server, before Express: true
   * when it did or will (a page being rendered again after a change is waited for there;
   * should it turn out not to be shared, the request goes to `next` then). `req` must have
   * the app's request prototype (`req.secure`, `req.ip`, `acceptsEncodings`).
   */
  serve: (
    req: express.Request,
    res: http.ServerResponse,
    next: (req: express.Request, res: http.ServerResponse) => void,
  ) => boolean;
  /** How many pages are stored. */
  size: () => number;
}

export function createPageCache({
  origin,
  sharedPageOf,
  handleRequest,
  getLoadContext,
  onChange,
}: {
  /** The site's public origin (SITE_URL): every cached page is rendered for it. */
  origin: string;
  /** The shared page a path is, from the app's routes (`sharedPages`), or undefined. */
  sharedPageOf: (pathname: string) => SharedPage | undefined;
  /** React Router's request handler (the same one the uncached requests reach). */
  handleRequest: (request: Request, context: RouterContextProvider) => Promise<Response>;
  getLoadContext: (clientIp: string, nonce: string) => RouterContextProvider;
  /** Subscribes to "public data changed" (`onPublicPagesChanged`). */
  onChange: (listener: () => void) => unknown;
}): PageCache {
  // Under the path and the declared query parameters alone (`keyOf`). A page rendered before
  // the last change stays here, stale, only so that its next view can render it again
  // without Express (its middleware's headers are the page's); it is never answered.
  // The least recently viewed page goes first when the store is full.
  const pages = new LRUCache<string, StoredPage>({ max: MAX_ENTRIES });
  // The shared page of each path stored: the front answers only these paths.
  const storedPaths = new Map<string, SharedPage>();
  // Concurrent views of one page share one render begun since the last change, as long as
  // it is shared (decision 266).
  const rendering = new Map<string, Promise<RenderedPage | StoredPage>>();
  // Bumped by every change: a render that began before it is not stored, a page stored
  // before it is stale.
  let generation = 0;
  let yearEnds = nextYearStarts();

  function changed() {
    generation += 1;
    rendering.clear();
  }
  onChange(changed);

  function changeAtNewYear() {
    if (Date.now() < yearEnds) return;
    yearEnds = nextYearStarts();
    changed();
  }

  /** The declared parameters with declared values, in the order the page lists them. */
  function keyOf(pathname: string, search: string, page: SharedPage): string {
    const names = Object.keys(page.query);
    if (search.length <= 1 || names.length === 0) return pathname;
    const given = new URLSearchParams(search);
    const kept = new URLSearchParams();
    for (const name of names) {
      const value = given.get(name);
      if (value !== null && page.query[name]?.includes(value)) kept.set(name, value);
    }
    return kept.size === 0 ? pathname : `${pathname}?${kept}`;
  }

  const negotiated = new Map<string, Encoding>();

  /** The encoding `req.acceptsEncodings` chooses for the request's Accept-Encoding. */
  function encodingOf(req: express.Request): Encoding {
    const accepted = req.headers["accept-encoding"] ?? "";
    const known = negotiated.get(accepted);
    if (known) return known;
    const encoding = (req.acceptsEncodings(ENCODINGS) || "identity") as Encoding;
    if (negotiated.size < MAX_ACCEPT_ENCODINGS) negotiated.set(accepted, encoding);
    return encoding;
  }

  function answer(
    req: express.Request,
    res: http.ServerResponse,
    page: StoredPage,
    nonce: string,
    throughExpress: boolean,
  ) {
    const variant = page.variants[encodingOf(req)];
    let headers = variant.headers;
    if (page.csp) headers[page.csp.index] = page.csp.before + nonce + page.csp.after;
    if (req.secure) headers = [...headers, "strict-transport-security", STRICT_TRANSPORT_SECURITY];
    if (throughExpress) {
      // The app's middleware has set headers already: replace them, never repeat them.
      for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i]!, headers[i + 1]!);
      res.writeHead(page.status);
    } else {
      res.writeHead(page.status, headers);
    }
    res.end(req.method === "HEAD" ? undefined : variant.body);
  }

  function serve(
    req: express.Request,
    res: http.ServerResponse,
    next: (req: express.Request, res: http.ServerResponse) => void,
  ): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const { headers } = req;
    // A cookie may change a page; a body is for the size limits to refuse.
    if (headers.cookie || headers["content-length"] || headers["transfer-encoding"]) return false;
    changeAtNewYear();
    const url = req.url ?? "";
    const mark = url.indexOf("?");
    const pathname = mark === -1 ? url : url.slice(0, mark);
    const shared = storedPaths.get(pathname);
    if (!shared) return false;
    const key = keyOf(pathname, mark === -1 ? "" : url.slice(mark), shared);
    const page = pages.get(key);
    if (!page) return false;
    if (page.generation === generation) {
      answer(req, res, page, nextCspNonce(), false);
      return true;
    }
    // Stale: this view waits here for the one render since the change (begun by the first
    // view after it), as Express's path would but without its middleware (decision 266).
    let pending = rendering.get(key);
    if (!pending) {
      pending = renderAndStore(req, page.answer, key, pathname, shared);
      track(key, pending);
    }
    pending.then(
      (fresh) =>
        "variants" in fresh ? answer(req, res, fresh, nextCspNonce(), false) : next(req, res),
      () => next(req, res),
    );
    return true;
  }

  async function render(req: express.Request, url: URL): Promise<RenderedPage> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string" && !ORIGIN_HEADERS.has(name)) headers.set(name, value);
    }
    const response = await handleRequest(
      new Request(url, { headers }),
      getLoadContext(req.ip ?? "unknown", NONCE_PLACEHOLDER),
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

  /**
   * Renders the page for `key` and stores it, unless a change came meanwhile or it is not
   * shared (then any stale copy goes too: the page may be gone). `answerOfApp`: what the
   * app's middleware sets on an answer, with its nonce.
   */
  async function renderAndStore(
    req: express.Request,
    answerOfApp: StoredPage["answer"],
    key: string,
    pathname: string,
    shared: SharedPage,
  ): Promise<RenderedPage | StoredPage> {
    const started = generation;
    const page = await render(req, new URL(key, origin));
    if (!isShared(page)) {
      if (generation === started) pages.delete(key);
      return page;
    }
    const stored = storedPage(page, answerOfApp, started, await encode(page.body, QUICK));
    if (generation !== started) return stored;
    pages.set(key, stored);
    storedPaths.set(pathname, shared);
    // Should it fail, the quick copy stays: it is the same page.
    compressSmaller(key, stored, page).catch(() => {});
    return stored;
  }

  /** Replaces the quick copy of `key` by a smaller one, unless a change or a render did. */
  async function compressSmaller(
    key: string,
    quick: StoredPage,
    page: RenderedPage & { body: string },
  ) {
    const bodies = await encode(page.body, SMALL);
    if (pages.peek(key) === quick) {
      pages.set(key, storedPage(page, quick.answer, quick.generation, bodies));
    }
  }

  /** Lets the views that come while `pending` renders wait for it, until it settles. */
  function track(key: string, pending: Promise<RenderedPage | StoredPage>) {
    rendering.set(key, pending);
    const done = () => {
      if (rendering.get(key) === pending) rendering.delete(key);
    };
    pending.then(done, done);
  }

  function send(req: express.Request, res: express.Response, page: RenderedPage | StoredPage) {
    const nonce = res.locals.cspNonce as string;
    if ("variants" in page) return answer(req, res, page, nonce, true);
    res.status(page.status);
    for (const [name, value] of page.headers) res.append(name, value);
    res.send(
      typeof page.body === "string"
        ? page.body.replaceAll(NONCE_PLACEHOLDER, nonce)
        : Buffer.from(page.body),
    );
  }

  const middleware: express.RequestHandler = async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.cookie) return next();
    try {
      // An absolute-form request line keeps only its path and query here.
      const requested = new URL(req.originalUrl, origin);
      const shared = sharedPageOf(requested.pathname);
      if (!shared) return next();
      changeAtNewYear();
      const key = keyOf(requested.pathname, requested.search, shared);
      const stored = pages.get(key);
      if (stored?.generation === generation) return send(req, res, stored);
      const pending = rendering.get(key);
      if (pending) {
        const page = await pending;
        // A page of the first visitor's own (its referrer, a token) is not for the others.
        return "variants" in page ? send(req, res, page) : next();
      }
      const answerOfApp = { headers: res.getHeaders(), nonce: res.locals.cspNonce as string };
      const own = renderAndStore(req, answerOfApp, key, requested.pathname, shared);
      track(key, own);
      send(req, res, await own);
    } catch (error) {
      next(error);
    }
  };

  return { middleware, serve, size: () => pages.size };
}

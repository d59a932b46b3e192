import type http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { gunzipSync } from "node:zlib";
import express from "express";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpServer, requestClassOf, SERVER_LIMITS } from "./http-server.ts";
import { createPageCache } from "./page-cache.ts";
import { STRICT_TRANSPORT_SECURITY } from "./request-guards.ts";
import type { SharedPage } from "./shared-pages.ts";

// The cache in front of a stand-in for React Router's handler that answers each page with
// the URL it rendered (and the visitor's referrer), over real HTTP, with the cache's front
// (`serve`) ahead of Express as server.ts has it. Every path is a shared page except
// /contato, which streams through the next handler; /privada is shared by its route but
// answers as private; /blog reads `categoria` (two values change it).
const ORIGIN = "https://site.example";
// A download: UTF-16 text with a byte-order mark, which no text decoding may touch.
const FILE = new Uint8Array([0xff, 0xfe, 0x3c, 0x00, 0xe9, 0x00, 0x00, 0xd8]);
let server: http.Server | undefined;

async function startSite() {
  const renders: string[] = [];
  let version = 1;
  // Paths whose page is gone (answered 404, as an unpublished post's).
  const gone = new Set<string>();
  let nonces = 0;
  const listeners = new Set<() => void>();
  const app = express();
  // A proxy on loopback says whether the visitor came over HTTPS.
  app.set("trust proxy", "loopback");
  // Stands in for the app's header middleware: a CSP with this answer's nonce.
  app.use((_req, res, next) => {
    nonces += 1;
    res.locals.cspNonce = `nonce${nonces}`;
    res.setHeader("Content-Security-Policy", `script-src 'nonce-nonce${nonces}'`);
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    next();
  });
  const cache = createPageCache({
    origin: ORIGIN,
    sharedPageOf: (pathname): SharedPage | undefined => {
      if (pathname === "/contato") return undefined;
      if (pathname === "/blog") return { query: { categoria: ["educacao", "mercado"] } };
      return { query: {} };
    },
    handleRequest: async (request) => {
      renders.push(request.url);
      const shown = version;
      await new Promise((resolve) => setTimeout(resolve, 50));
      const { pathname } = new URL(request.url);
      if (gone.has(pathname)) {
        return new Response("<p>404</p>", {
          status: 404,
          headers: { "Content-Type": "text/html; charset=utf-8" },
        });
      }
      if (pathname === "/grande") {
        // A page large enough for its compression levels to differ in size.
        const rows = Array.from(
          { length: 2_000 },
          (_, i) => `<tr><td>${i}</td><td>${(i * 7_919) % 10_007}</td></tr>`,
        );
        return new Response(`<p>${request.url} v${shown}</p><table>${rows.join("")}</table>`, {
          headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public" },
        });
      }
      if (pathname === "/arquivo") {
        return new Response(FILE, { headers: { "Content-Type": "application/octet-stream" } });
      }
      return new Response(
        `<p>${request.url} v${shown} ${request.headers.get("referer") ?? ""}</p>`,
        {
          headers: {
            "Content-Type": "text/html; charset=utf-8",
            "Cache-Control": pathname === "/privada" ? "private, no-cache" : "public, no-cache",
          },
        },
      );
    },
    getLoadContext: () => new RouterContextProvider(),
    onChange: (listener) => listeners.add(listener),
  });
  app.use(cache.middleware);
  // React Router's own handler, which the cache hands the requests it does not answer.
  app.get(["/contato", "/privada"], (req, res) => {
    renders.push(`next ${req.originalUrl}`);
    res.send(`<p>${req.originalUrl} ${req.headers.referer ?? ""}</p>`);
  });
  app.post("/contato", (_req, res) => {
    res.status(303).end();
  });
  let throughExpress = 0;
  // As server.ts: requests born with the app's request prototype, the cache's front first.
  server = createHttpServer(
    (req, res) => {
      const toExpress = (req: http.IncomingMessage, res: http.ServerResponse) => {
        throughExpress += 1;
        app(req, res);
      };
      if (!cache.serve(req as express.Request, res, toExpress)) toExpress(req, res);
    },
    SERVER_LIMITS,
    requestClassOf(app),
  );
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server?.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    renders,
    port,
    size: cache.size,
    throughExpress: () => throughExpress,
    /** What the stand-in's pages show from now on. */
    change: () => (version += 1),
    /** The page at `pathname` answers 404 from now on. */
    remove: (pathname: string) => gone.add(pathname),
    /** The database's signal that public data changed. */
    signal: () => {
      for (const listener of listeners) listener();
    },
  };
}

/** Sends one raw HTTP request (so Host and the request line can be anything). */
function raw(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(`${head}\r\n\r\n`));
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

const get = (port: number, path: string, host = "site.example") =>
  raw(port, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close`);

afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

describe("page cache", () => {
  it("stores each page under its own path and query, whatever the Host or request line", async () => {
    const { port } = await startSite();
    // A Host with a path and an absolute-form request line both try to plant /blog at /sobre.
    await get(port, "/sobre", "evil.example/blog?");
    await get(port, "http://evil.example/blog?x=1");
    await raw(port, `GET /sobre HTTP/1.1\r\nHost: evil.example/blog#\r\nConnection: close`);
    expect(await get(port, "/sobre")).toContain(`<p>${ORIGIN}/sobre v1`);
    expect(await get(port, "/blog?categoria=mercado")).toContain(
      `<p>${ORIGIN}/blog?categoria=mercado v1`,
    );
    expect(await get(port, "/blog")).toContain(`<p>${ORIGIN}/blog v1`);
  });

  it("keys a page on the query parameters it declares alone: junk queries fill nothing", async () => {
    const { port, renders, size } = await startSite();
    await get(port, "/precos");
    await get(port, "/blog");
    await get(port, "/blog?categoria=educacao");
    expect(size()).toBe(3);
    for (let i = 0; i < 50; i++) {
      const junk = `utm_source=${i}&categoria=nada${i}&x${i}=1`;
      expect(await get(port, `/precos?${junk}`)).toContain(`<p>${ORIGIN}/precos v1`);
      expect(await get(port, `/blog?${junk}`)).toContain(`<p>${ORIGIN}/blog v1`);
      expect(await get(port, `/blog?categoria=educacao&${junk}`)).toContain(
        `<p>${ORIGIN}/blog?categoria=educacao v1`,
      );
    }
    expect(size()).toBe(3);
    expect(renders).toEqual([
      `${ORIGIN}/precos`,
      `${ORIGIN}/blog`,
      `${ORIGIN}/blog?categoria=educacao`,
    ]);
  });

  it("hands a page its route does not share to the next handler, never rendering it", async () => {
    const { port, renders, size } = await startSite();
    const answer = await raw(
      port,
      "GET /contato?agente=yenmax HTTP/1.1\r\nHost: site.example\r\nReferer: https://a.example/\r\nConnection: close",
    );
    expect(answer).toContain("<p>/contato?agente=yenmax https://a.example/</p>");
    await get(port, "/contato");
    expect(renders).toEqual(["next /contato?agente=yenmax", "next /contato"]);
    expect(size()).toBe(0);
  });

  it("answers a stored page before Express, with the first answer's headers and a fresh nonce", async () => {
    const { port, throughExpress } = await startSite();
    const first = await fetch(`http://127.0.0.1:${port}/precos`);
    expect(first.headers.get("content-security-policy")).toBe("script-src 'nonce-nonce1'");
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => fetch(`http://127.0.0.1:${port}/precos`)),
    );
    expect(throughExpress()).toBe(1);
    const policies = new Set<string | null>();
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(answer.headers.get("cache-control")).toBe("public, no-cache");
      expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await answer.text()).toContain("/precos v1");
      policies.add(answer.headers.get("content-security-policy"));
    }
    expect(policies.size).toBe(3);
    for (const policy of policies)
      expect(policy).toMatch(/^script-src 'nonce-[A-Za-z0-9+/=]{22,}'$/);
    const head = await raw(
      port,
      "HEAD /precos HTTP/1.1\r\nHost: site.example\r\nConnection: close",
    );
    expect(head).toMatch(/^HTTP\/1.1 200/);
    expect(head).toMatch(/content-length: \d+/i);
    expect(head.slice(head.indexOf("\r\n\r\n") + 4)).toBe("");
    expect(throughExpress()).toBe(1);
  });

  it("passes a file through byte for byte, without storing it", async () => {
    const { port, renders } = await startSite();
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`http://127.0.0.1:${port}/arquivo`);
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(FILE);
    }
    expect(renders).toHaveLength(2);
  });

  it("renders concurrent misses for one page once", async () => {
    const { port, renders } = await startSite();
    await Promise.all(Array.from({ length: 10 }, () => get(port, "/precos")));
    expect(renders).toEqual([`${ORIGIN}/precos`]);
  });

  it("is not emptied by other methods", async () => {
    const { port, renders } = await startSite();
    await get(port, "/precos");
    await raw(
      port,
      "POST /contato HTTP/1.1\r\nHost: site.example\r\nContent-Length: 0\r\nConnection: close",
    );
    await raw(port, "DELETE /precos HTTP/1.1\r\nHost: site.example\r\nConnection: close");
    await get(port, "/precos");
    expect(renders).toHaveLength(1);
  });

  it("stores only pages that declare themselves public, and shares no private render", async () => {
    const { port, renders } = await startSite();
    const visit = (referrer: string) =>
      raw(
        port,
        `GET /privada HTTP/1.1\r\nHost: site.example\r\nReferer: ${referrer}\r\nConnection: close`,
      );
    const answers = await Promise.all([visit("https://a.example/"), visit("https://b.example/")]);
    expect(answers[0]).toContain("https://a.example/");
    expect(answers[1]).toContain("https://b.example/");
    expect(await visit("https://c.example/")).toContain("https://c.example/");
    expect(renders).toHaveLength(3);
  });

  it("keeps a page until public pages change, then renders it once again", async () => {
    const { port, renders, change, signal } = await startSite();
    expect(await get(port, "/precos")).toContain("v1");
    change();
    // Nothing expires: without the signal the stored page stays.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await get(port, "/precos")).toContain("v1");
    signal();
    const after = await Promise.all(Array.from({ length: 10 }, () => get(port, "/precos")));
    for (const answer of after) expect(answer).toContain("v2");
    expect(renders).toHaveLength(2);
  });

  it("never answers a page stored before a change: views after it wait for one render, ahead of Express", async () => {
    const { port, renders, change, signal, throughExpress } = await startSite();
    expect(await get(port, "/precos")).toContain("v1");
    expect(throughExpress()).toBe(1);
    change();
    signal();
    // Each view after the signal, however soon and however many at once, shows the change.
    const after = await Promise.all(Array.from({ length: 20 }, () => get(port, "/precos")));
    for (const answer of after) {
      expect(answer).toMatch(/^HTTP\/1.1 200/);
      expect(answer).toContain("v2");
      expect(answer).toMatch(/content-security-policy: script-src 'nonce-[A-Za-z0-9+/=]{22,}'/);
    }
    expect(renders).toEqual([`${ORIGIN}/precos`, `${ORIGIN}/precos`]);
    expect(throughExpress()).toBe(1);
    expect(await get(port, "/precos")).toContain("v2");
    expect(renders).toHaveLength(2);
  });

  it("drops a stored page that is gone after a change, and answers what the app answers", async () => {
    const { port, size, remove, signal } = await startSite();
    expect(await get(port, "/blog/post")).toContain("v1");
    expect(size()).toBe(1);
    remove("/blog/post");
    signal();
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(port, "/blog/post")));
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1.1 404/);
    expect(size()).toBe(0);
    expect(await get(port, "/blog/post")).toMatch(/^HTTP\/1.1 404/);
  });

  it("does not keep a page whose render began before a change", async () => {
    const { port, renders, change, signal } = await startSite();
    const early = get(port, "/precos");
    await expect.poll(() => renders).toHaveLength(1);
    change();
    signal();
    expect(await early).toContain("v1");
    expect(await get(port, "/precos")).toContain("v2");
  });

  it("answers with the compression the client accepts, made once", async () => {
    const { port, renders } = await startSite();
    const gzipped = await fetch(`http://127.0.0.1:${port}/precos`, {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("vary")).toMatch(/Accept-Encoding/i);
    const brotli = await fetch(`http://127.0.0.1:${port}/precos`, {
      headers: { "Accept-Encoding": "br" },
    });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(await brotli.text()).toContain("/precos v1");
    const plain = await get(port, "/precos");
    expect(plain).not.toMatch(/content-encoding/i);
    expect(plain).toContain("/precos v1");
    expect(renders).toHaveLength(1);
    // fetch decodes the body itself; the raw bytes are gzip.
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () =>
        socket.write(
          "GET /precos HTTP/1.1\r\nHost: site.example\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n",
        ),
      );
      const chunks: Buffer[] = [];
      socket.on("data", (chunk: Buffer) => chunks.push(chunk));
      socket.on("end", () => resolve(Buffer.concat(chunks)));
      socket.on("error", reject);
    });
    const body = bytes.subarray(bytes.indexOf("\r\n\r\n") + 4);
    expect(gunzipSync(body).toString()).toContain("/precos v1");
  });

  // docs/decisions/276: the views that wait for a render wait for its compression too.
  it("answers from a quick compression first, then from a smaller one made after", async () => {
    const { port, renders } = await startSite();
    const view = async () => {
      const response = await fetch(`http://127.0.0.1:${port}/grande`, {
        headers: { "Accept-Encoding": "br" },
      });
      return { bytes: Number(response.headers.get("content-length")), html: await response.text() };
    };
    const first = await view();
    expect(first.html).toContain("/grande v1");
    await expect.poll(async () => (await view()).bytes).toBeLessThan(first.bytes);
    expect((await view()).html).toBe(first.html);
    expect(renders).toHaveLength(1);
  });

  it("negotiates every Accept-Encoding as Express does, however many values are sent", async () => {
    const { port } = await startSite();
    await get(port, "/precos");
    const encodingFor = async (accepted: string) => {
      const answer = await raw(
        port,
        `GET /precos HTTP/1.1\r\nHost: site.example\r\nAccept-Encoding: ${accepted}\r\nConnection: close`,
      );
      return /content-encoding: (\S+)/i.exec(answer)?.[1] ?? "identity";
    };
    // More distinct values than the cache remembers, then the usual ones: each answered as
    // Express's acceptsEncodings chooses, remembered or not.
    for (let i = 0; i < 80; i++) {
      expect(await encodingFor(`gzip;q=0.${(i % 9) + 1}, br;q=0.55, x-${i}`)).toBe(
        (i % 9) + 1 > 5 ? "gzip" : "br",
      );
    }
    expect(await encodingFor("gzip, deflate, br, zstd")).toBe("gzip");
    expect(await encodingFor("br, gzip")).toBe("br");
    expect(await encodingFor("br;q=0, gzip")).toBe("gzip");
    expect(await encodingFor("identity")).toBe("identity");
    expect(await encodingFor("zstd")).toBe("identity");
  });

  it("adds HSTS to a stored page only when the visitor came over HTTPS", async () => {
    const { port, throughExpress } = await startSite();
    await get(port, "/precos");
    const overHttps = await raw(
      port,
      "GET /precos HTTP/1.1\r\nHost: site.example\r\nX-Forwarded-Proto: https\r\nConnection: close",
    );
    expect(overHttps).toContain(`strict-transport-security: ${STRICT_TRANSPORT_SECURITY}`);
    expect(await get(port, "/precos")).not.toMatch(/strict-transport-security/i);
    expect(throughExpress()).toBe(1);
  });
});

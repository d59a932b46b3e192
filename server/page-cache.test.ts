import type { AddressInfo } from "node:net";
import net from "node:net";
import type { Server } from "node:http";
import { gunzipSync } from "node:zlib";
import express from "express";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { publicPagesChanged } from "../app/platform/http/public-pages.server.ts";
import { createPageCacheMiddleware } from "./page-cache.ts";

// The cache in front of a stand-in for React Router's handler that answers each page with
// the URL it rendered (and, on /contato, the visitor's referrer, as a private page), over
// real HTTP. Pages under /publica declare themselves shared; the others do not.
const ORIGIN = "https://site.example";
// A download: UTF-16 text with a byte-order mark, which no text decoding may touch.
const FILE = new Uint8Array([0xff, 0xfe, 0x3c, 0x00, 0xe9, 0x00, 0x00, 0xd8]);
let server: Server | undefined;

async function startSite() {
  const renders: string[] = [];
  let version = 1;
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = "n";
    next();
  });
  app.use(
    createPageCacheMiddleware({
      origin: ORIGIN,
      handleRequest: async (request) => {
        renders.push(request.url);
        const shown = version;
        await new Promise((resolve) => setTimeout(resolve, 50));
        const shared = !new URL(request.url).pathname.startsWith("/contato");
        if (new URL(request.url).pathname === "/arquivo") {
          return new Response(FILE, { headers: { "Content-Type": "application/octet-stream" } });
        }
        return new Response(
          `<p>${request.url} v${shown} ${request.headers.get("referer") ?? ""}</p>`,
          {
            headers: {
              "Content-Type": "text/html; charset=utf-8",
              "Cache-Control": shared ? "public, no-cache" : "private, no-cache",
            },
          },
        );
      },
      getLoadContext: () => new RouterContextProvider(),
    }),
  );
  // React Router's own handler, which the cache hands the requests it does not answer.
  app.get("/contato", (req, res) => {
    renders.push(`next ${req.originalUrl}`);
    res.send(`<p>${req.originalUrl} ${req.headers.referer ?? ""}</p>`);
  });
  app.post("/contato", (_req, res) => {
    res.status(303).end();
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server?.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    renders,
    port,
    /** What the stand-in's pages show from now on. */
    change: () => (version += 1),
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
    expect(await get(port, "/blog?x=1")).toContain(`<p>${ORIGIN}/blog?x=1 v1`);
    expect(await get(port, "/blog")).toContain(`<p>${ORIGIN}/blog v1`);
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
        `GET /contato HTTP/1.1\r\nHost: site.example\r\nReferer: ${referrer}\r\nConnection: close`,
      );
    const answers = await Promise.all([visit("https://a.example/"), visit("https://b.example/")]);
    expect(answers[0]).toContain("https://a.example/");
    expect(answers[1]).toContain("https://b.example/");
    expect(await visit("https://c.example/")).toContain("https://c.example/");
    expect(renders).toHaveLength(3);
  });

  it("keeps a page until public pages change, then renders it once again", async () => {
    const { port, renders, change } = await startSite();
    expect(await get(port, "/precos")).toContain("v1");
    change();
    // Nothing expires: without the signal the stored page stays.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await get(port, "/precos")).toContain("v1");
    publicPagesChanged("test: robot updated");
    const after = await Promise.all(Array.from({ length: 10 }, () => get(port, "/precos")));
    for (const answer of after) expect(answer).toContain("v2");
    expect(renders).toHaveLength(2);
  });

  it("does not keep a page whose render began before a change", async () => {
    const { port, change } = await startSite();
    const early = get(port, "/precos");
    await new Promise((resolve) => setTimeout(resolve, 10));
    change();
    publicPagesChanged("test: post updated");
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
});

import type { AddressInfo } from "node:net";
import net from "node:net";
import type { Server } from "node:http";
import express from "express";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCacheMiddleware } from "./page-cache.ts";

// The cache in front of a stand-in for React Router's handler that answers each page with
// the URL it rendered, over real HTTP.
const ORIGIN = "https://site.example";
let server: Server | undefined;

async function startSite() {
  const renders: string[] = [];
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = "n";
    next();
  });
  app.use(
    createPageCacheMiddleware({
      ttlMs: 60_000,
      origin: ORIGIN,
      handleRequest: async (request) => {
        renders.push(request.url);
        await new Promise((resolve) => setTimeout(resolve, 50));
        return new Response(`<p>${request.url}</p>`, {
          headers: { "Content-Type": "text/html; charset=utf-8" },
        });
      },
      getLoadContext: () => new RouterContextProvider(),
    }),
  );
  app.post("/contato", (_req, res) => {
    res.status(303).end();
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server?.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return { renders, port };
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
    expect(await get(port, "/sobre")).toContain(`<p>${ORIGIN}/sobre</p>`);
    expect(await get(port, "/blog?x=1")).toContain(`<p>${ORIGIN}/blog?x=1</p>`);
    expect(await get(port, "/blog")).toContain(`<p>${ORIGIN}/blog</p>`);
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
});

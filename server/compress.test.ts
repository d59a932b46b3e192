import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressAnswers } from "./compress.ts";

// Answers written as streams of unknown length, as React Router writes them.
const csvRows = Array.from(
  { length: 5000 },
  (_, i) => `${i};pessoa${(i * 7919) % 10007}@exemplo.com;${(i * 104729) % 99991};Confirmado\n`,
).join("");
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(compressAnswers());
  app.get("/admin/lista.csv", (_req, res) => {
    res.type("text/csv");
    res.end(csvRows);
  });
  app.all("/{*path}", (req, res) => {
    res.type(req.path.endsWith(".data") ? "text/x-script" : "text/html");
    res.write(req.path.endsWith(".data") ? '[{"_1":2},"data",' : "<!DOCTYPE html>");
    // Large enough to compress, so only the filter leaves one as it is.
    res.end("x".repeat(4096));
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
});

async function encodingOf(method: "GET" | "POST", path: string) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { "Accept-Encoding": "gzip, deflate, br, zstd" },
  });
  await response.arrayBuffer();
  return response.headers.get("content-encoding");
}

describe("compressed answers", () => {
  it("leave an action's data answer as it is", async () => {
    expect(await encodingOf("POST", "/contato.data")).toBeNull();
    expect(await encodingOf("POST", "/_root.data?index")).toBeNull();
  });

  it("leave a machine's acknowledgement as it is", async () => {
    expect(await encodingOf("POST", "/webhooks/pix/segredo/pix")).toBeNull();
    expect(await encodingOf("POST", "/api/robo/sinal")).toBeNull();
  });

  it("still compress pages, posted forms' pages and loaders' data", async () => {
    expect(await encodingOf("GET", "/contato")).toBe("br");
    expect(await encodingOf("POST", "/contato")).toBe("br");
    expect(await encodingOf("GET", "/blog.data")).toBe("br");
  });

  it("compress a CSV export at brotli's fastest quality", async () => {
    const sent = await new Promise<Buffer>((resolve, reject) => {
      http
        .get(`${base}/admin/lista.csv`, { headers: { "Accept-Encoding": "br" } }, (response) => {
          expect(response.headers["content-encoding"]).toBe("br");
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve(Buffer.concat(chunks)));
        })
        .on("error", reject);
    });
    expect(zlib.brotliDecompressSync(sent).toString()).toBe(csvRows);
    const atQuality = (quality: number) =>
      zlib.brotliCompressSync(csvRows, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality },
      }).length;
    expect(sent.length).toBe(atQuality(1));
    expect(atQuality(1)).not.toBe(atQuality(4));
  });
});

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressAnswers } from "./compress.ts";

// Answers written as streams of unknown length, as React Router writes them.
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(compressAnswers());
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
});

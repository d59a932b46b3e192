import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { allowOnlyServedMethods, handleErrors } from "./errors.ts";

// With NODE_ENV unset Express believes it is in development: its own error page would show
// stack traces and absolute paths, and its final handler prints them on stderr.
let server: Server;
let base: string;
const savedNodeEnv = process.env.NODE_ENV;
const printed = vi.fn();

beforeAll(async () => {
  delete process.env.NODE_ENV;
  const app = express();
  app.use(express.static("public", { index: false }));
  app.use(allowOnlyServedMethods);
  app.get("/falha", () => {
    throw new Error(`segredo em ${import.meta.filename}`);
  });
  app.get("/post/:slug", (_req, res) => {
    res.send("ok");
  });
  app.use(handleErrors);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (printed(chunk), true));
  vi.spyOn(console, "error").mockImplementation(printed);
});

afterAll(() => {
  vi.restoreAllMocks();
  process.env.NODE_ENV = savedNodeEnv;
  server.closeAllConnections();
  server.close();
});

/** node:http, since fetch refuses TRACE. */
function send(method: string): Promise<{ status?: number; allow?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/`, { method }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () =>
        resolve({ status: response.statusCode, allow: response.headers.allow, body }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

describe("errors and methods", () => {
  it.each(["TRACE", "OPTIONS", "PROPFIND", "PUT", "DELETE"])(
    "answers %s with 405 and Allow",
    async (method) => {
      expect(await send(method)).toEqual({
        status: 405,
        allow: "GET, HEAD, POST",
        body: "Método não permitido.",
      });
    },
  );

  it("answers a failure with a plain 500 and no stack trace", async () => {
    const response = await fetch(`${base}/falha`);
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).toBe("Erro interno do servidor. Tente novamente em instantes.");
    expect(body).not.toMatch(/segredo|at |\//);
  });

  it("keeps a 4xx of a library (a malformed URL) and shows no details", async () => {
    const response = await fetch(`${base}/post/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Requisição inválida.");
  });

  it("prints nothing outside the structured log", () => {
    expect(printed).not.toHaveBeenCalled();
  });
});

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inSeries } from "./in-series.ts";

// Handlers run as one layer must behave as the separate layers they replace.
let server: Server;
let base: string;

const mark =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    res.append("X-Ran", name);
    next();
  };

beforeAll(async () => {
  const app = express();
  app.use(
    inSeries(
      mark("a"),
      (req, _res, next) => {
        if (req.path === "/passada") return next(new Error("passed on"));
        if (req.path === "/lancada") throw new Error("thrown");
        if (req.path === "/rejeitada") return Promise.reject(new Error("rejected"));
        if (req.path === "/assincrona") {
          setTimeout(next, 5);
          return;
        }
        next();
      },
      (req, res, next) => {
        if (req.path === "/respondida") {
          res.status(403).send("recusada");
          return;
        }
        next();
      },
      mark("c"),
    ),
  );
  app.use((_req, res) => {
    res.append("X-Ran", "rota").send("ok");
  });
  const onError: ErrorRequestHandler = (error: Error, _req, res, _next) => {
    res.status(500).send(`erro: ${error.message}`);
  };
  app.use(onError);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
});

async function get(path: string) {
  const response = await fetch(`${base}${path}`);
  return {
    status: response.status,
    ran: response.headers.get("x-ran"),
    body: await response.text(),
  };
}

describe("inSeries", () => {
  it("runs every handler in order, then the next layer", async () => {
    expect(await get("/")).toEqual({ status: 200, ran: "a, c, rota", body: "ok" });
    expect(await get("/assincrona")).toEqual({ status: 200, ran: "a, c, rota", body: "ok" });
  });

  it("stops at a handler that answers", async () => {
    expect(await get("/respondida")).toEqual({ status: 403, ran: "a", body: "recusada" });
  });

  it("takes an error passed on, thrown or rejected straight to the error handler", async () => {
    expect(await get("/passada")).toEqual({ status: 500, ran: "a", body: "erro: passed on" });
    expect(await get("/lancada")).toEqual({ status: 500, ran: "a", body: "erro: thrown" });
    expect(await get("/rejeitada")).toEqual({ status: 500, ran: "a", body: "erro: rejected" });
  });
});

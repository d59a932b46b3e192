import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type RequestHandler } from "express";
import helmet from "helmet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { helmetHeaders, securityHeaderOptions } from "./security-headers.ts";

// The headers written once by helmet and replayed must be, answer by answer, the ones helmet
// itself writes, each answer's nonce in its CSP (docs/decisions/303).
const servers: Server[] = [];

async function serve(headers: RequestHandler): Promise<string> {
  const app = express(); // X-Powered-By left on: helmet removes it
  let answers = 0;
  app.use((_req, res, next) => {
    answers += 1;
    res.locals.cspNonce = `Tm9uY2U${answers}+/x==`;
    next();
  });
  app.use(headers);
  app.get("/", (_req, res) => {
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

async function headersOf(url: string): Promise<Record<string, string>> {
  const response = await fetch(url);
  const headers = Object.fromEntries(response.headers);
  delete headers.date;
  return headers;
}

afterAll(() => {
  for (const server of servers) server.close();
});

describe.each([true, false])("security headers (production %s)", (production) => {
  let byHelmet: string;
  let replayed: string;
  beforeAll(async () => {
    byHelmet = await serve(helmet(securityHeaderOptions(production)));
    replayed = await serve(helmetHeaders(securityHeaderOptions(production)));
  });

  it("are helmet's own, answer after answer, each with its nonce", async () => {
    for (let answer = 1; answer <= 3; answer++) {
      const expected = await headersOf(byHelmet);
      const actual = await headersOf(replayed);
      expect(actual).toEqual(expected);
      expect(actual["x-powered-by"]).toBeUndefined();
      const scriptSrc = actual["content-security-policy"]?.split(";").find((directive) => {
        return directive.startsWith("script-src ");
      });
      expect(scriptSrc).toBe(
        production
          ? `script-src 'self' 'nonce-Tm9uY2U${answer}+/x=='`
          : "script-src 'self' 'unsafe-inline'",
      );
    }
  });
});

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hstsOverHttps, permissionsPolicy, requireRequestOrigin } from "./request-guards.ts";

// The guards as server/app.ts mounts them, over real HTTP; `trust proxy` lets a test say
// the request came over HTTPS (X-Forwarded-Proto), as a TLS proxy in front would.
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", 1);
  app.use(hstsOverHttps, permissionsPolicy, requireRequestOrigin);
  app.all(["/", "/descadastrar/:token"], (_req, res) => {
    res.send("ok");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const post = (headers: Record<string, string>) =>
  fetch(`${base}/`, { method: "POST", headers, body: "a=1" });

describe("request guards", () => {
  it("sends a Permissions-Policy", async () => {
    const policy = (await fetch(base)).headers.get("permissions-policy");
    expect(policy).toContain("camera=()");
    expect(policy).toContain("geolocation=()");
  });

  it("sends HSTS only over HTTPS", async () => {
    expect((await fetch(base)).headers.get("strict-transport-security")).toBeNull();
    const secure = await fetch(base, { headers: { "X-Forwarded-Proto": "https" } });
    expect(secure.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });

  it("refuses a mutation with neither Origin nor Sec-Fetch-Site", async () => {
    const refused = await post({});
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/^Envio recusado/);
    expect((await post({ Origin: base })).status).toBe(200);
    expect((await post({ "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect((await fetch(base)).status).toBe(200);
  });

  it("lets a one-click unsubscribe POST through without either (RFC 8058)", async () => {
    const oneClick = await fetch(`${base}/descadastrar/${"a".repeat(43)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect((await fetch(`${base}/descadastrar-mais`, { method: "POST" })).status).toBe(403);
  });
});

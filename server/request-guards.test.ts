import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hstsOverHttps,
  oneLeadingSlash,
  permissionsPolicy,
  requireRequestOrigin,
  siteOrigins,
} from "./request-guards.ts";

const SITE = "https://agentesfx.example";

// The guards as server/app.ts mounts them, over real HTTP; `trust proxy` lets a test say
// the request came over HTTPS (X-Forwarded-Proto), as a TLS proxy in front would.
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", 1);
  app.use(hstsOverHttps, permissionsPolicy, requireRequestOrigin(siteOrigins(SITE)));
  app.all(
    ["/", "/descadastrar/:token", "/admin/lista", "/webhooks/mercado-pago", "/api/robo/sinal"],
    (_req, res) => {
      res.send("ok");
    },
  );
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
    expect((await post({ Origin: SITE })).status).toBe(200);
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

  it("compares Origin with SITE_URL, never with the request's own Host", async () => {
    // The request's Host is the test server's own address: a DNS name rebound to the server
    // would make it match.
    const own = await post({ Origin: base });
    expect(own.status).toBe(403);
    expect(await own.text()).toMatch(/^Envio recusado: o formulário não veio deste site/);
    expect((await post({ Origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ Origin: "null" })).status).toBe(403);
    expect((await post({ Origin: SITE, "Sec-Fetch-Site": "cross-site" })).status).toBe(200);
  });

  it("takes Sec-Fetch-Site without Origin only when it says same-origin or none", async () => {
    expect((await post({ "Sec-Fetch-Site": "none" })).status).toBe(200);
    for (const site of ["cross-site", "same-site", "anything"]) {
      expect((await post({ "Sec-Fetch-Site": site })).status, site).toBe(403);
    }
  });

  it("exempts only the normalised unsubscribe path, never a raw prefix of another", async () => {
    // node:http sends the path as written (fetch would resolve the dots first).
    const rawPost = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(`${base}${path}`, { method: "POST" }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on("error", reject);
        request.end("a=1");
      });
    expect(await rawPost("/descadastrar/token")).toBe(200);
    expect(await rawPost("/descadastrar/../admin/lista")).toBe(403);
    expect(await rawPost("/descadastrar/%2e%2e/admin/lista")).toBe(403);
    expect(await rawPost("/descadastrar/x/..")).toBe(403);
  });

  it("counts localhost's loopback addresses as the same site", () => {
    expect(siteOrigins("http://localhost:3000")).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ]);
    expect(siteOrigins("https://agentesfx.com.br/")).toEqual(["https://agentesfx.com.br"]);
  });

  it("lets Mercado Pago's notifications through without either: their signature guards them", async () => {
    const notification = await fetch(`${base}/webhooks/mercado-pago?data.id=1&type=payment`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(notification.status).toBe(200);
    const elsewhere = await fetch(`${base}/webhooks/other`, { method: "POST", body: "{}" });
    expect(elsewhere.status).toBe(403);
  });

  it("lets robots' heartbeats through without either: their bearer token guards them", async () => {
    const heartbeat = await fetch(`${base}/api/robo/sinal`, { method: "POST", body: "{}" });
    expect(heartbeat.status).toBe(200);
    const nearby = await fetch(`${base}/api/robo/sinal/x`, { method: "POST", body: "{}" });
    expect(nearby.status).toBe(403);
  });
});

describe("a path that starts with more than one slash", () => {
  it("goes to the same path with one slash, never to another host", () => {
    expect(oneLeadingSlash("//")).toBe("/");
    expect(oneLeadingSlash("//contato?agente=yenmax")).toBe("/contato?agente=yenmax");
    expect(oneLeadingSlash("///evil.example/x")).toBe("/evil.example/x");
    expect(oneLeadingSlash("/\\evil.example")).toBe("/evil.example");
    expect(oneLeadingSlash("\\/\\evil.example")).toBe("/evil.example");
    for (const target of ["/", "/contato", "/blog//x", "/contato//", undefined]) {
      expect(oneLeadingSlash(target)).toBeNull();
    }
  });
});

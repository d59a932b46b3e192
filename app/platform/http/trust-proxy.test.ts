import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { trustProxySchema } from "./env.server.ts";

// TRUST_PROXY as parsed by env.server.ts, given to Express as server/app.ts does, and asked
// over real HTTP which client address a request with X-Forwarded-For gets.
let server: Server | undefined;

async function clientIpSeen(trustProxy: string, forwardedFor: string): Promise<string> {
  const app = express();
  app.set("trust proxy", trustProxySchema.parse(trustProxy));
  app.get("/", (req, res) => {
    res.send(req.ip);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server?.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/`, {
    headers: { "X-Forwarded-For": forwardedFor },
  });
  return response.text();
}

afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

describe("TRUST_PROXY", () => {
  it("ignores X-Forwarded-For by default", async () => {
    expect(await clientIpSeen("false", "198.51.100.9")).toBe("127.0.0.1");
  });

  it("takes a hop count: the client's own forged entries are not believed", async () => {
    expect(await clientIpSeen("1", "6.6.6.6, 198.51.100.9")).toBe("198.51.100.9");
  });

  it("takes proxy addresses and CIDRs, comma-separated", async () => {
    expect(await clientIpSeen("10.0.0.0/8, 127.0.0.1", "6.6.6.6, 198.51.100.9")).toBe(
      "198.51.100.9",
    );
    expect(await clientIpSeen("10.0.0.0/8", "198.51.100.9")).toBe("127.0.0.1");
  });

  it("refuses `true` and anything that is not an address", () => {
    expect(trustProxySchema.safeParse("true").success).toBe(false);
    expect(trustProxySchema.safeParse("10.0.0.0/99").success).toBe(false);
    expect(trustProxySchema.safeParse("proxy.local").success).toBe(false);
  });
});

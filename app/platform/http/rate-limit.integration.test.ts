import { describe, expect, it } from "vitest";
import { rateLimits } from "../../../db/schema.ts";
import { getDb } from "../db/db.server.ts";
import { hitRateLimit, purgeRateLimits, resetRateLimit } from "./rate-limit.server.ts";

describe("hitRateLimit", () => {
  it("allows up to the limit in a window, then refuses with a retry time", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit("test:a", 3, 60_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfterSeconds).toBeGreaterThan(50);
    expect(results[3]?.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("keeps keys apart and starts a new window once the old one ends", async () => {
    expect((await hitRateLimit("test:b", 1, 1_000)).allowed).toBe(true);
    expect((await hitRateLimit("test:b", 1, 1_000)).allowed).toBe(false);
    expect((await hitRateLimit("test:c", 1, 1_000)).allowed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await hitRateLimit("test:b", 1, 1_000)).allowed).toBe(true);
  });

  it("counts concurrent hits exactly", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit("test:d", 5, 60_000)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it("forgets a key on reset", async () => {
    await hitRateLimit("test:e", 1, 60_000);
    await resetRateLimit("test:e");
    expect((await hitRateLimit("test:e", 1, 60_000)).allowed).toBe(true);
  });
});

describe("purgeRateLimits", () => {
  it("deletes expired counters and keeps the live ones", async () => {
    await hitRateLimit("purge:old", 5, 1);
    await hitRateLimit("purge:live", 5, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await purgeRateLimits()).toBeGreaterThanOrEqual(1);
    const keys = (await (await getDb()).select().from(rateLimits)).map((row) => row.key);
    expect(keys).toContain("purge:live");
    expect(keys).not.toContain("purge:old");
  });

  it("bounds the table, dropping the counters closest to expiring", async () => {
    for (let i = 0; i < 30; i++) await hitRateLimit(`purge:rotating:${i}`, 5, 60_000 + i * 1000);
    await purgeRateLimits(10);
    const keys = (await (await getDb()).select().from(rateLimits)).map((row) => row.key);
    expect(keys).toHaveLength(10);
    expect(keys).toContain("purge:rotating:29");
    expect(keys).not.toContain("purge:rotating:0");
  });
});

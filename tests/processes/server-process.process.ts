import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, serverStartHookTimeout, test as base } from "../support/e2e-test.ts";
import { startBuiltServer } from "../support/built-server.ts";
import { createDatabase, dropDatabase, uniqueDatabaseName } from "../support/postgres.ts";

// The built server as a process: its lock on DATA_DIR, its shutdown and its health check.
// These tests start servers of their own, apart from the suite's shared one.
const test = base.extend<{ dataDir: string }>({
  // A fresh DATA_DIR per test that asks for one, removed after it.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
  dataDir: async ({}, use) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-e2e-"));
    await use(dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
  },
});
// Each test starts servers on fresh embedded databases: typically 4-9 s each, but one such
// start has taken over 30 s in CI (where the suite runs after the whole unit suite).
test.describe.configure({ mode: "parallel", timeout: serverStartHookTimeout });

test("a second server on the same DATA_DIR refuses to start, with a clear message", async ({
  dataDir,
}) => {
  const first = await startBuiltServer({ DATA_DIR: dataDir });
  try {
    const second = startBuiltServer({ DATA_DIR: dataDir });
    await expect(second).rejects.toThrow(/DATA_DIR .* is in use by process \d+/);
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  } finally {
    expect(await first.stop()).toBe(0);
  }
});

test("production on PostgreSQL names every missing or invalid setting in one start, one JSON line each", async () => {
  const refusal = await startBuiltServer({
    DATABASE_URL: "postgres://nobody@127.0.0.1:9/never-opened",
    SITE_URL: undefined,
    BETTER_AUTH_SECRET: undefined,
    SMTP_URL: undefined,
    TRUST_PROXY: "true",
  }).then(
    () => null,
    (error: Error) => error.message,
  );
  const [reason, ...printed] = (refusal ?? "").split("\n").filter(Boolean);
  expect(reason).toBe("Server exited with 1 before it was ready:");
  // JSON lines only: no stack trace printed outside pino.
  const lines = printed.map((line) => JSON.parse(line) as { level: number; variable: string });
  expect(lines.every((line) => line.level === 60)).toBe(true);
  expect(lines.map((line) => line.variable).sort()).toEqual([
    "BETTER_AUTH_SECRET",
    "SITE_URL",
    "SMTP_URL",
    "TRUST_PROXY",
  ]);
});

test("production on the embedded database without SITE_URL serves its pages for http://localhost:PORT", async ({
  dataDir,
}) => {
  const server = await startBuiltServer({ DATA_DIR: dataDir, SITE_URL: undefined });
  try {
    const home = await (await fetch(server.url)).text();
    expect(home).toContain(`<link rel="canonical" href="http://localhost:${server.port}/"`);
  } finally {
    expect(await server.stop()).toBe(0);
  }
});

test("a server killed with SIGKILL leaves a lock that the next start takes over", async ({
  dataDir,
}) => {
  const first = await startBuiltServer({ DATA_DIR: dataDir });
  await first.kill();
  const second = await startBuiltServer({ DATA_DIR: dataDir });
  try {
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
  } finally {
    expect(await second.stop()).toBe(0);
  }
});

test("SIGTERM lets an in-flight request finish, then exits 0", async ({ dataDir }) => {
  const server = await startBuiltServer({ DATA_DIR: dataDir });
  // A request whose body is still arriving when the signal comes is in flight.
  const body = "name=Ana&email=ana%40example.com";
  const request = http.request(`${server.url}/healthz`, {
    method: "POST",
    headers: {
      Origin: server.url,
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": body.length,
    },
  });
  const answered = new Promise<number>((resolve, reject) => {
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
  });
  request.write(body.slice(0, 10));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const exitCode = server.stop();
  await new Promise((resolve) => setTimeout(resolve, 300));
  request.end(body.slice(10));
  expect(await answered).toBeLessThan(500);
  expect(await exitCode).toBe(0);
  await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
});

test("without its database the server answers healthz 503 and pages with the 500 fallback", async () => {
  const name = uniqueDatabaseName("agentes_e2e_health");
  const server = await startBuiltServer({ DATABASE_URL: await createDatabase(name) });
  try {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await dropDatabase(name);
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "unavailable", database: "down" });
    const page = await fetch(`${server.url}/blog`);
    expect(page.status).toBe(500);
    // A robot's heartbeat is told to come back, not that it erred.
    const heartbeat = await fetch(`${server.url}/api/robo/sinal`, {
      method: "POST",
      headers: { authorization: `Bearer ${"a".repeat(43)}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(heartbeat.status).toBe(503);
    expect(heartbeat.headers.get("retry-after")).toBe("60");
    expect(await page.text()).toContain("Unexpected Application Error!");
    expect(server.process.exitCode).toBeNull();
    // The failure went to the structured log, one JSON line each, and nothing else was printed.
    const lines = server.output().split("\n").filter(Boolean);
    const notJson = lines.filter((line) => {
      try {
        JSON.parse(line);
        return false;
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
    expect(lines.map((line) => (JSON.parse(line) as { msg?: string }).msg)).toContain(
      "request failed",
    );
  } finally {
    await server.kill();
    await dropDatabase(name);
  }
});

import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeEach, expect, it } from "vitest";
import { heartbeatSamples, rateLimits } from "../../../db/schema.ts";
import { clearSales } from "../../../tests/support/sales.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { STAFF, subscribe } from "../../../tests/support/subscriber.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { receiveHeartbeat } from "./heartbeat.server.ts";
import { issueRobotToken } from "./tokens.server.ts";

// `npm run heartbeat:simulate` over real HTTP: each post it makes is handed, as the server
// hands it, to the fleet's receiver, so the simulator and the receiver agree on the body.

const smtp = await smtpServerForFile();
const statuses: number[] = [];
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const request = new Request(`http://localhost${req.url}`, {
      method: "POST",
      headers: req.headers as Record<string, string>,
      body: Buffer.concat(chunks),
    });
    void receiveHeartbeat(request, new Date()).then((answer) => {
      statuses.push(answer.status);
      res.writeHead(answer.status).end(answer.error ? JSON.stringify(answer) : undefined);
    });
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(async () => {
  await clearSales();
  await (await getDb()).delete(rateLimits);
});

it("posts heartbeats the receiver stores, and prints each status", async () => {
  const { orderId } = await subscribe("yenmax", { smtp });
  const token = await issueRobotToken(orderId, STAFF, new Date());
  const { port } = server.address() as AddressInfo;
  const script = new URL("../../../scripts/heartbeat-simulate.ts", import.meta.url).pathname;
  const { stdout } = await promisify(execFile)(process.execPath, [
    script,
    // One argument: a token may start with "-" (base64url), which parseArgs would take for an option.
    ...[`--token=${token!}`, "--url", `http://127.0.0.1:${port}`, "--every", "0.05"],
    ...["--count", "3", "--disconnected"],
  ]);
  expect(statuses).toEqual([204, 204, 204]);
  expect(stdout.trim().split("\n")).toHaveLength(3);
  const rows = await (await getDb()).select().from(heartbeatSamples);
  expect(rows.length).toBeGreaterThanOrEqual(1);
  expect(rows.every((row) => row.terminalConnected === false && row.minutes === 1)).toBe(true);
});

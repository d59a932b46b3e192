import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { heartbeatSamples, rateLimits } from "../../../db/schema.ts";
import { clearSales } from "../../../tests/support/sales.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { STAFF, subscribe } from "../../../tests/support/subscriber.ts";
import { heartbeatBody, heartbeatRequest, postHeartbeat } from "../../../tests/support/robot.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { receiveHeartbeat } from "./heartbeat.server.ts";
import { issueRobotToken } from "./tokens.server.ts";

const smtp = await smtpServerForFile();
const NOW = new Date("2027-02-01T15:00:30Z");

async function samples() {
  const db = await getDb();
  return db.select().from(heartbeatSamples);
}

async function robotWithToken() {
  const { orderId, subscription } = await subscribe("yenmax", { smtp });
  const token = await issueRobotToken(orderId, STAFF, NOW);
  return { orderId, subscriptionId: subscription.id, token: token! };
}

beforeEach(async () => {
  await clearSales();
  const db = await getDb();
  await db.delete(rateLimits);
});

describe("the heartbeat endpoint", () => {
  it("stores the minute's report in integer cents, one row per minute", async () => {
    const { token, subscriptionId } = await robotWithToken();
    expect(await postHeartbeat(token, heartbeatBody(), NOW)).toEqual({ status: 204 });
    const later = new Date(NOW.getTime() + 20_000);
    expect(await postHeartbeat(token, heartbeatBody({ balance: 10240.5 }), later)).toEqual({
      status: 204,
    });
    const rows = await samples();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subscriptionId,
      resolution: "minute",
      bucket: new Date("2027-02-01T15:00:00Z"),
      at: later,
      minutes: 1,
      accountNumber: "51234567",
      balanceCents: 1024050,
      equityCents: 1018010,
      openPositions: 2,
      lastTradeAt: new Date("2027-02-01T12:00:00Z"),
      lastTradeProfitCents: -1230,
      robotVersion: "1.0.0",
      terminalConnected: true,
    });
  });

  it("answers 401 and stores nothing for a missing, wrong or revoked token", async () => {
    const { token, orderId } = await robotWithToken();
    expect((await postHeartbeat(null, heartbeatBody(), NOW)).status).toBe(401);
    expect((await postHeartbeat("x".repeat(43), heartbeatBody(), NOW)).status).toBe(401);
    const fresh = await issueRobotToken(orderId, STAFF, NOW);
    const refused = await postHeartbeat(token, heartbeatBody(), NOW);
    expect(refused).toEqual({ status: 401, error: "Token do robô ausente, inválido ou revogado." });
    expect(await samples()).toEqual([]);
    expect((await postHeartbeat(fresh, heartbeatBody(), NOW)).status).toBe(204);
  });

  it.each([
    ["a negative balance", { balance: "-1.00" }, "Campo balance inválido"],
    ["a balance with three decimals", { balance: "1.005" }, "Campo balance inválido"],
    ["a last trade in the future", { lastTradeAt: NOW.getTime() / 1000 + 3600 }, "lastTradeAt"],
    ["a trade time without its profit", { lastTradeProfit: null }, "lastTradeProfit"],
    ["an unknown field", { owner: "x" }, "Campo owner inválido: não é esperado."],
    ["negative positions", { openPositions: -1 }, "openPositions"],
    ["a missing connection state", { terminalConnected: undefined }, "terminalConnected"],
  ])("answers 400 with the reason and stores nothing for %s", async (_, overrides, reason) => {
    const { token } = await robotWithToken();
    const answer = await postHeartbeat(token, heartbeatBody(overrides), NOW);
    expect(answer.status).toBe(400);
    expect(answer.error).toContain(reason);
    expect(await samples()).toEqual([]);
  });

  it("refuses a body that is not JSON (400), not declared JSON (415) or too large (413)", async () => {
    const { token } = await robotWithToken();
    expect((await postHeartbeat(token, "{not json", NOW)).status).toBe(400);
    expect((await postHeartbeat(token, "[1]", NOW)).status).toBe(400);
    const form = heartbeatRequest(token, "balance=1", "application/x-www-form-urlencoded");
    expect((await receiveHeartbeat(form, NOW)).status).toBe(415);
    const huge = JSON.stringify(heartbeatBody({ robotVersion: "x".repeat(10 * 1024 * 1024) }));
    expect((await postHeartbeat(token, huge, NOW)).status).toBe(413);
    expect(await samples()).toEqual([]);
  });

  it("rate limits a flood from one token (429) and leaves other robots alone", async () => {
    const first = await robotWithToken();
    const second = await robotWithToken();
    const statuses = [];
    for (let i = 0; i < 8; i += 1) {
      statuses.push((await postHeartbeat(first.token, heartbeatBody(), NOW)).status);
    }
    expect(statuses).toEqual([204, 204, 204, 204, 204, 204, 429, 429]);
    expect((await postHeartbeat(second.token, heartbeatBody(), NOW)).status).toBe(204);
    const db = await getDb();
    const stored = await db
      .select()
      .from(heartbeatSamples)
      .where(eq(heartbeatSamples.subscriptionId, second.subscriptionId));
    expect(stored).toHaveLength(1);
  });
});

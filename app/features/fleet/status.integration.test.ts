import { beforeEach, describe, expect, it } from "vitest";
import { heartbeatSamples, rateLimits } from "../../../db/schema.ts";
import { clearSales } from "../../../tests/support/sales.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { STAFF, subscribe } from "../../../tests/support/subscriber.ts";
import { heartbeatBody, postHeartbeat } from "../../../tests/support/robot.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { downsampleHeartbeats } from "./downsample.server.ts";
import { robotViews } from "./status.server.ts";
import { issueRobotToken } from "./tokens.server.ts";

const smtp = await smtpServerForFile();
const MINUTE = 60_000;
// 10 March 2027, 00:00 in São Paulo: the month began 9 days before.
const TENTH = Date.parse("2027-03-10T03:00:00Z");

beforeEach(async () => {
  await clearSales();
  await (await getDb()).delete(rateLimits);
});

async function robot() {
  const { orderId, subscription } = await subscribe("yenmax", { smtp });
  return { id: subscription.id, token: (await issueRobotToken(orderId, STAFF, new Date(TENTH)))! };
}

describe("the customer's view of the robot", () => {
  it("waits for a first heartbeat", async () => {
    const { id } = await robot();
    const views = await robotViews([id], new Date(TENTH));
    expect(views[id]).toEqual({
      state: { kind: "waiting" },
      report: null,
      monthUptimeBps: null,
      comparison: null,
    });
  });

  it("is running with the last report, then silent, then stopped when the terminal disconnects", async () => {
    const { id, token } = await robot();
    // Two hours of heartbeats, one minute in four missing.
    for (let minute = 0; minute < 120; minute += 1) {
      if (minute % 4 === 3) continue;
      const at = new Date(TENTH + minute * MINUTE + 5_000);
      const body = heartbeatBody({
        balance: `${1000 + minute}.00`,
        lastTradeAt: null,
        lastTradeProfit: null,
      });
      expect((await postHeartbeat(token, body, at)).status).toBe(204);
      await (await getDb()).delete(rateLimits);
    }
    const justAfter = new Date(TENTH + 120 * MINUTE);
    const running = (await robotViews([id], justAfter))[id]!;
    expect(running.state).toEqual({ kind: "running" });
    expect(running.report).toMatchObject({ balanceCents: 111_800, openPositions: 2 });
    // 90 of the 120 minutes since the first heartbeat had a signal.
    expect(running.monthUptimeBps).toBe(7500);

    // Rolling the hours up changes nothing of the uptime.
    await downsampleHeartbeats(new Date(TENTH + 121 * MINUTE));
    const rolled = (await robotViews([id], new Date(TENTH + 121 * MINUTE)))[id]!;
    expect(rolled.monthUptimeBps).toBe(Math.floor((90 * 10_000) / 121));

    const silent = (await robotViews([id], new Date(TENTH + 130 * MINUTE)))[id]!;
    expect(silent.state).toEqual({
      kind: "silent",
      since: new Date(TENTH + 118 * MINUTE + 5_000),
    });

    const back = new Date(TENTH + 240 * MINUTE);
    const off = heartbeatBody({
      terminalConnected: false,
      lastTradeAt: null,
      lastTradeProfit: null,
    });
    expect((await postHeartbeat(token, off, back)).status).toBe(204);
    const stopped = (await robotViews([id], back))[id]!;
    expect(stopped.state).toEqual({
      kind: "stopped",
      forMs: back.getTime() - (TENTH + 118 * MINUTE + 5_000),
    });
    const rows = await (await getDb()).select().from(heartbeatSamples);
    expect(rows.filter((row) => row.resolution === "hour")).toHaveLength(2);
  });
});

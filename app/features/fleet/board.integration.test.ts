import { beforeEach, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { fleetIncidents, orderSetups, rateLimits, subscriptions } from "../../../db/schema.ts";
import { clearSales } from "../../../tests/support/sales.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { STAFF, subscribe } from "../../../tests/support/subscriber.ts";
import { heartbeatBody, postHeartbeat } from "../../../tests/support/robot.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { fleetBoard } from "./board.server.ts";
import { robotViews } from "./status.server.ts";
import { issueRobotToken } from "./tokens.server.ts";

const smtp = await smtpServerForFile();
const NOW = new Date("2027-03-10T15:00:00Z");
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

beforeEach(async () => {
  await clearSales();
  await (await getDb()).delete(rateLimits);
});

async function orderOf(subscriptionId: string) {
  const [row] = await (
    await getDb()
  )
    .select({ orderId: subscriptions.orderId })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  return row?.orderId;
}

async function robotReporting(reports: { at: Date; body: Record<string, unknown> }[]) {
  const { orderId, subscription } = await subscribe("yenmax", { smtp });
  const token = (await issueRobotToken(orderId, STAFF, ago(600)))!;
  for (const { at, body } of reports) {
    const answer = await postHeartbeat(
      token,
      heartbeatBody({ lastTradeAt: null, lastTradeProfit: null, ...body }),
      at,
    );
    expect(answer.status).toBe(204);
    // The robot's own rate limit counts by our clock, not the report's.
    await (await getDb()).delete(rateLimits);
  }
  return subscription.id;
}

it("flags no signal for 5 minutes, a disconnected terminal and a balance 20 % below the day's high", async () => {
  const healthy = await robotReporting([
    { at: ago(60), body: { balance: "1000.00" } },
    { at: ago(1), body: { balance: "850.00" } },
  ]);
  const silent = await robotReporting([{ at: ago(6), body: {} }]);
  const disconnected = await robotReporting([
    { at: ago(30), body: {} },
    { at: ago(2), body: { terminalConnected: false } },
  ]);
  const fell = await robotReporting([
    { at: ago(600), body: { balance: "1000.00" } },
    { at: ago(1), body: { balance: "799.99" } },
  ]);
  const waiting = await robotReporting([]);
  const installed = await robotReporting([]);
  await (
    await getDb()
  )
    .update(orderSetups)
    .set({ state: "running" })
    .where(eq(orderSetups.orderId, (await orderOf(installed))!));
  const board = await fleetBoard(NOW);
  const flagsOf = (id: string) => board.find((row) => row.subscriptionId === id)?.flags;
  expect(flagsOf(healthy)).toEqual([]);
  expect(flagsOf(silent)).toEqual(["no-signal"]);
  expect(flagsOf(disconnected)).toEqual(["disconnected"]);
  expect(flagsOf(fell)).toEqual(["balance-drop"]);
  // Never heard from: missing once staff marked it running, not before.
  expect(flagsOf(waiting)).toEqual([]);
  expect(flagsOf(installed)).toEqual(["no-signal"]);
  expect(board.find((row) => row.subscriptionId === healthy)).toMatchObject({
    state: { kind: "running" },
    lastSignalAt: ago(1),
    balanceCents: 85_000,
  });
  // Flagged robots come first.
  expect(board.slice(-2).map((row) => row.flags)).toEqual([[], []]);
});

it("reads every robot's month and latest incidents at once, each robot its own", async () => {
  // One robot reported in 3 of the last 4 minutes, the other in the last 10 minutes.
  const patchy = await robotReporting([4, 3, 1].map((minutes) => ({ at: ago(minutes), body: {} })));
  const steady = await robotReporting(
    Array.from({ length: 10 }, (_, i) => ({ at: ago(10 - i), body: {} })),
  );
  await (await getDb()).insert(fleetIncidents).values([
    ...Array.from({ length: 7 }, (_, i) => ({
      subscriptionId: patchy,
      flag: "no-signal" as const,
      openedAt: ago(1000 - i * 100),
      closedAt: ago(990 - i * 100),
    })),
    { subscriptionId: steady, flag: "disconnected" as const, openedAt: ago(50), closedAt: ago(40) },
  ]);
  const board = await fleetBoard(NOW);
  const views = await robotViews([patchy, steady], NOW);
  const rowOf = (id: string) => board.find((row) => row.subscriptionId === id)!;
  expect(rowOf(patchy).monthUptimeBps).toBe(views[patchy]!.monthUptimeBps);
  expect(rowOf(steady).monthUptimeBps).toBe(views[steady]!.monthUptimeBps);
  expect(rowOf(patchy).monthUptimeBps).toBeLessThan(rowOf(steady).monthUptimeBps!);
  // The five newest of seven, newest first; the other robot's one is its own.
  expect(rowOf(patchy).incidents.map((incident) => incident.openedAt)).toEqual(
    [400, 500, 600, 700, 800].map((minutes) => ago(minutes)),
  );
  expect(rowOf(steady).incidents).toEqual([
    { flag: "disconnected", openedAt: ago(50), closedAt: ago(40) },
  ]);
});

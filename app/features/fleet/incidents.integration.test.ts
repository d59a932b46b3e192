import { asc } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { emailOutbox, fleetIncidents, rateLimits } from "../../../db/schema.ts";
import { deliverQueued, messagesTo } from "../../../tests/support/outbox.ts";
import { clearSales } from "../../../tests/support/sales.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { STAFF, subscribe } from "../../../tests/support/subscriber.ts";
import { heartbeatBody, postHeartbeat } from "../../../tests/support/robot.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { fleetBoard } from "./board.server.ts";
import { reviewIncidents } from "./incidents.server.ts";
import { issueRobotToken } from "./tokens.server.ts";

process.env.STAFF_EMAIL = "frota@agentesfx.test";
const smtp = await smtpServerForFile();
const START = new Date("2027-03-10T15:00:00Z");
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);

beforeEach(async () => {
  await clearSales();
  const db = await getDb();
  await db.delete(rateLimits);
  await db.delete(emailOutbox);
});

const subjects = () =>
  messagesTo(smtp, "frota@agentesfx.test")
    .map((mail) => mail.subject)
    .filter((subject) => subject?.includes("rota"));

it("e-mails STAFF_EMAIL once when a robot goes silent and once when it is back, logging the incident", async () => {
  const { orderId, subscription } = await subscribe("yenmax", { smtp });
  const token = (await issueRobotToken(orderId, STAFF, START))!;
  const beat = async (minutes: number) => {
    const body = heartbeatBody({ lastTradeAt: null, lastTradeProfit: null });
    expect((await postHeartbeat(token, body, at(minutes))).status).toBe(204);
  };
  await beat(0);
  expect(await reviewIncidents(at(1))).toEqual({ opened: 0, closed: 0 });
  // Silent from minute 0: flagged past 5 minutes, reviewed twice, e-mailed once.
  expect(await reviewIncidents(at(6))).toEqual({ opened: 1, closed: 0 });
  expect(await reviewIncidents(at(7))).toEqual({ opened: 0, closed: 0 });
  await deliverQueued(smtp);
  expect(subjects()).toEqual(["Alerta da frota: YenMax Agent, sem sinal há mais de 5 minutos"]);

  await beat(20);
  expect(await reviewIncidents(at(21))).toEqual({ opened: 0, closed: 1 });
  await deliverQueued(smtp);
  expect(subjects()).toEqual([
    "Alerta da frota: YenMax Agent, sem sinal há mais de 5 minutos",
    "Frota normalizada: YenMax Agent, sem sinal há mais de 5 minutos",
  ]);

  const [row] = await fleetBoard(at(22));
  expect(row!.incidents).toEqual([{ flag: "no-signal", openedAt: at(0), closedAt: at(21) }]);
  const log = await (
    await getDb()
  )
    .select()
    .from(fleetIncidents)
    .orderBy(asc(fleetIncidents.openedAt));
  expect(log).toMatchObject([
    { subscriptionId: subscription.id, flag: "no-signal", openedAt: at(0), closedAt: at(21) },
  ]);
});

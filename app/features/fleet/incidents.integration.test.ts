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
import { fleetIncidentsJob } from "./jobs.server.ts";
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

it("flags a robot that stops within 5 min 30 s of its last heartbeat, whatever its phase against the reviews", async () => {
  // The worker's reviews at the times the job itself asks for, from START; each robot's last
  // heartbeat is that long after a review. Flagged past 5 minutes of silence, at the next
  // review: the rest of the 6 minutes is the review's own time and the e-mail's delivery.
  const phasesMs = [0, 10_000, 29_999];
  const robots: { id: string; lastAt: Date }[] = [];
  for (const phase of phasesMs) {
    const { orderId, subscription } = await subscribe("yenmax", { smtp });
    const token = (await issueRobotToken(orderId, STAFF, START))!;
    const lastAt = new Date(START.getTime() + phase);
    const body = heartbeatBody({ lastTradeAt: null, lastTradeProfit: null });
    expect((await postHeartbeat(token, body, lastAt)).status).toBe(204);
    robots.push({ id: subscription.id, lastAt });
  }
  const flaggedAt = new Map<string, Date>();
  let now: Date | undefined = START;
  for (let review = 0; review < 30 && now && flaggedAt.size < robots.length; review += 1) {
    const next: Date | undefined = await fleetIncidentsJob.run({ now });
    for (const incident of await (await getDb()).select().from(fleetIncidents)) {
      if (!flaggedAt.has(incident.subscriptionId)) flaggedAt.set(incident.subscriptionId, now);
    }
    now = next;
  }
  const delays = robots.map(({ id, lastAt }) => {
    const flagged = flaggedAt.get(id);
    return flagged ? (flagged.getTime() - lastAt.getTime()) / 1000 : null;
  });
  // Each past the 5 minutes, none later than 5 min 30 s (the heartbeat at a review's instant
  // is the worst: that review and the one 5 minutes on both find it within the limit).
  expect(delays).toEqual([330, 320, 300.001]);
});

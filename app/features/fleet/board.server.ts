// /admin/frota: every served subscription's robot, flagged when it needs staff (decision 383).
import { and, desc, eq, gte, inArray, max, sql } from "drizzle-orm";
import {
  fleetIncidents,
  heartbeatSamples,
  orders,
  orderSetups,
  subscriptions,
  waitlist,
} from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { localDate, localInstant } from "../subscriptions/calendar.ts";
import { flagsOf } from "./board.ts";
import type { FleetFlag } from "./model.ts";
import { signalMinutesSince } from "./status.server.ts";
import { robotStateOf, uptimeBps, type RobotState } from "./status.ts";

export interface FleetRow {
  subscriptionId: string;
  robotName: string;
  personName: string | null;
  personEmail: string | null;
  subscriptionState: string;
  state: RobotState;
  lastSignalAt: Date | null;
  balanceCents: number | null;
  monthUptimeBps: number | null;
  flags: FleetFlag[];
  /** The robot's latest incidents, newest first (decision 384). */
  incidents: { flag: FleetFlag; openedAt: Date; closedAt: Date | null }[];
}

const INCIDENTS_SHOWN = 5;

const DAY_MS = 86_400_000;
/** Subscriptions whose robot should be running: suspended ones are stopped by staff. */
const RUNNING_STATES = ["active", "past-due", "cancelled"] as const;

export async function fleetBoard(now: Date): Promise<FleetRow[]> {
  const db = await getDb();
  const dropPercent = getEnv().FLEET_BALANCE_DROP_PERCENT;
  const rows = await db
    .select({
      id: subscriptions.id,
      robotName: subscriptions.robotName,
      state: subscriptions.state,
      personName: waitlist.name,
      personEmail: waitlist.email,
      setupState: orderSetups.state,
    })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .leftJoin(waitlist, eq(waitlist.id, orders.waitlistId))
    .leftJoin(orderSetups, eq(orderSetups.orderId, orders.id))
    .where(inArray(subscriptions.state, [...RUNNING_STATES]))
    .orderBy(subscriptions.createdAt);
  const monthStart = localInstant(`${localDate(now).slice(0, 8)}01`);
  const recent = inArray(heartbeatSamples.resolution, ["minute", "hour"]);
  const board: FleetRow[] = [];
  for (const row of rows) {
    const ofRobot = eq(heartbeatSamples.subscriptionId, row.id);
    const [latest] = await db
      .select()
      .from(heartbeatSamples)
      .where(and(ofRobot, recent))
      .orderBy(desc(heartbeatSamples.at))
      .limit(1);
    const [day] = await db
      .select({
        high: max(heartbeatSamples.balanceCents),
        connected: sql<
          Date | string | null
        >`max(${heartbeatSamples.at}) filter (where ${heartbeatSamples.terminalConnected})`,
        oldest: sql<Date | string | null>`min(${heartbeatSamples.bucket})`,
      })
      .from(heartbeatSamples)
      .where(and(ofRobot, recent, gte(heartbeatSamples.at, new Date(now.getTime() - DAY_MS))));
    const connectedUntil = day?.connected ?? day?.oldest ?? null;
    const state = robotStateOf(
      latest ?? null,
      connectedUntil ? new Date(connectedUntil) : null,
      now,
    );
    const from =
      day?.oldest && new Date(day.oldest) > monthStart ? new Date(day.oldest) : monthStart;
    const incidents = await db
      .select({
        flag: fleetIncidents.flag,
        openedAt: fleetIncidents.openedAt,
        closedAt: fleetIncidents.closedAt,
      })
      .from(fleetIncidents)
      .where(eq(fleetIncidents.subscriptionId, row.id))
      .orderBy(desc(fleetIncidents.openedAt))
      .limit(INCIDENTS_SHOWN);
    board.push({
      incidents,
      subscriptionId: row.id,
      robotName: row.robotName,
      personName: row.personName,
      personEmail: row.personEmail,
      subscriptionState: row.state,
      state,
      lastSignalAt: latest?.at ?? null,
      balanceCents: latest?.balanceCents ?? null,
      monthUptimeBps: latest
        ? uptimeBps(await signalMinutesSince(db, row.id, from), from, now)
        : null,
      flags: flagsOf(
        state,
        latest && day?.high != null
          ? { current: latest.balanceCents, dayHigh: Number(day.high) }
          : null,
        dropPercent,
        row.setupState === "running",
      ),
    });
  }
  // Flagged robots first.
  return board.sort((a, b) => b.flags.length - a.flags.length);
}

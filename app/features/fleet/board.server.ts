// /admin/frota: every served subscription's robot, flagged when it needs staff (decision 383).
import { desc, inArray, lte, sql } from "drizzle-orm";
import {
  fleetIncidents,
  heartbeatSamples,
  orders,
  orderSetups,
  subscriptions,
  waitlist,
} from "../../../db/schema.ts";
import { getDb, type Executor } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { localDate, localInstant } from "../subscriptions/calendar.ts";
import { flagsOf } from "./board.ts";
import type { FleetFlag } from "./model.ts";
import { signalMinutesOf } from "./status.server.ts";
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

/** What the flags are read from, for each served subscription (the incident review's input). */
export type FleetState = Omit<FleetRow, "monthUptimeBps" | "incidents"> & {
  /** The oldest sample of the last 24 hours: where this month's uptime is counted from. */
  oldestToday: Date | null;
};

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * Every served subscription's robot state and flags in one statement (decision 450): its
 * latest sample, and over the last 24 hours its balance's high, its last connected report
 * and its oldest sample. Run by the incident review every 30 seconds, so its cost does not
 * grow with a round trip per robot.
 */
export async function fleetStates(now: Date): Promise<FleetState[]> {
  const db = await getDb();
  const dropPercent = getEnv().FLEET_BALANCE_DROP_PERCENT;
  const states = sql.join(
    RUNNING_STATES.map((state) => sql`${state}`),
    sql`, `,
  );
  const recent = sql`h.resolution in ('minute', 'hour')`;
  const rows = rowsOf<{
    id: string;
    robot_name: string;
    state: string;
    person_name: string | null;
    person_email: string | null;
    setup_state: string | null;
    latest_at: Date | string | null;
    latest_connected: boolean | null;
    latest_balance: string | number | null;
    day_high: string | number | null;
    connected_until: Date | string | null;
    oldest: Date | string | null;
  }>(
    await db.execute(sql`select s.id, s.robot_name, s.state, w.name as person_name,
        w.email as person_email, os.state as setup_state, l.at as latest_at,
        l.terminal_connected as latest_connected, l.balance_cents as latest_balance,
        d.high as day_high, d.connected as connected_until, d.oldest
      from ${subscriptions} s
      join ${orders} o on o.id = s.order_id
      left join ${waitlist} w on w.id = o.waitlist_id
      left join ${orderSetups} os on os.order_id = o.id
      left join lateral (
        select h.at, h.terminal_connected, h.balance_cents from ${heartbeatSamples} h
        where h.subscription_id = s.id and ${recent} order by h.at desc limit 1
      ) l on true
      left join lateral (
        select max(h.balance_cents) as high,
          max(h.at) filter (where h.terminal_connected) as connected,
          min(h.bucket) as oldest
        from ${heartbeatSamples} h
        where h.subscription_id = s.id and ${recent}
          and h.at >= ${new Date(now.getTime() - DAY_MS).toISOString()}::timestamptz
      ) d on true
      where s.state in (${states})
      order by s.created_at, s.id`),
  );
  return rows.map((row) => {
    const latest =
      row.latest_at === null
        ? null
        : {
            at: new Date(row.latest_at),
            terminalConnected: row.latest_connected === true,
            balanceCents: Number(row.latest_balance),
          };
    const oldest = dateOrNull(row.oldest);
    const state = robotStateOf(latest, dateOrNull(row.connected_until) ?? oldest, now);
    return {
      subscriptionId: row.id,
      robotName: row.robot_name,
      personName: row.person_name,
      personEmail: row.person_email,
      subscriptionState: row.state,
      state,
      lastSignalAt: latest?.at ?? null,
      balanceCents: latest?.balanceCents ?? null,
      oldestToday: oldest,
      flags: flagsOf(
        state,
        latest && row.day_high !== null
          ? { current: latest.balanceCents, dayHigh: Number(row.day_high) }
          : null,
        dropPercent,
        row.setup_state === "running",
      ),
    };
  });
}

/** Each robot's latest incidents, newest first, in one statement per thousand robots. */
async function latestIncidents(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, FleetRow["incidents"]>> {
  const byRobot = new Map<string, FleetRow["incidents"]>();
  for (let i = 0; i < ids.length; i += 1000) {
    const ranked = db
      .select({
        subscriptionId: fleetIncidents.subscriptionId,
        flag: fleetIncidents.flag,
        openedAt: fleetIncidents.openedAt,
        closedAt: fleetIncidents.closedAt,
        rank: sql<number>`row_number() over (partition by ${fleetIncidents.subscriptionId}
          order by ${fleetIncidents.openedAt} desc)`.as("rank"),
      })
      .from(fleetIncidents)
      .where(inArray(fleetIncidents.subscriptionId, ids.slice(i, i + 1000)))
      .as("ranked");
    const rows = await db
      .select()
      .from(ranked)
      .where(lte(ranked.rank, INCIDENTS_SHOWN))
      .orderBy(desc(ranked.openedAt));
    for (const { subscriptionId, flag, openedAt, closedAt } of rows) {
      const list = byRobot.get(subscriptionId) ?? [];
      list.push({ flag, openedAt, closedAt });
      byRobot.set(subscriptionId, list);
    }
  }
  return byRobot;
}

/**
 * The board: each robot's state and flags, with this month's uptime and latest incidents,
 * in a statement or two per thousand robots rather than two per robot.
 */
export async function fleetBoard(now: Date): Promise<FleetRow[]> {
  const db = await getDb();
  const monthStart = localInstant(`${localDate(now).slice(0, 8)}01`);
  const states = await fleetStates(now);
  const spans = states.map(({ subscriptionId, oldestToday }) => ({
    id: subscriptionId,
    from: oldestToday && oldestToday > monthStart ? oldestToday : monthStart,
  }));
  const minutes = await signalMinutesOf(
    db,
    spans.filter((_, index) => states[index]!.lastSignalAt !== null),
  );
  const incidents = await latestIncidents(
    db,
    states.map((row) => row.subscriptionId),
  );
  const board = states.map(({ oldestToday: _oldest, ...row }, index): FleetRow => {
    const { from } = spans[index]!;
    return {
      ...row,
      incidents: incidents.get(row.subscriptionId) ?? [],
      monthUptimeBps: row.lastSignalAt
        ? uptimeBps(minutes.get(row.subscriptionId) ?? 0, from, now)
        : null,
    };
  });
  // Flagged robots first.
  return board.sort((a, b) => b.flags.length - a.flags.length);
}

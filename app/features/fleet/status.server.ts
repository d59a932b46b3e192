// What the customer area shows of each subscription's robot (decision 382): its state, its
// last report, this month's uptime, and its account next to the robot's verified record.
import { and, asc, desc, eq, inArray, max, min, sql } from "drizzle-orm";
import { heartbeatSamples, orders, subscriptions } from "../../../db/schema.ts";
import { getDb, type Executor } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { getPublishedRecord, getPublishedReference } from "../performance/queries.server.ts";
import { localDate, localInstant } from "../subscriptions/calendar.ts";
import {
  balanceChangeBps,
  robotStateOf,
  uptimeBps,
  type BalancePoint,
  type RobotState,
} from "./status.ts";

export interface RobotReport {
  at: Date;
  balanceCents: number;
  equityCents: number;
  openPositions: number;
  lastTradeAt: Date | null;
  lastTradeProfitCents: number | null;
}

export interface RecordComparison {
  year: number;
  month: number;
  ownBps: number;
  verifiedBps: number;
  /** The account began during the month, so its figure covers part of it. */
  startedLate: boolean;
}

export interface RobotView {
  state: RobotState;
  report: RobotReport | null;
  monthUptimeBps: number | null;
  comparison: RecordComparison | null;
}

const bySubscription = (id: string) => eq(heartbeatSamples.subscriptionId, id);
const ofResolution = (resolution: "minute" | "hour" | "day") =>
  eq(heartbeatSamples.resolution, resolution);

/** Minutes with a signal since `from`: hour rows, and minutes of hours not rolled yet. */
export async function signalMinutesSince(db: Executor, id: string, from: Date): Promise<number> {
  return (await signalMinutesOf(db, [{ id, from }])).get(id) ?? 0;
}

/**
 * The same for many subscriptions, each from its own instant, in one statement per thousand
 * (the fleet board reads every robot's month at once).
 */
export async function signalMinutesOf(
  db: Executor,
  spans: readonly { id: string; from: Date }[],
): Promise<Map<string, number>> {
  const minutes = new Map<string, number>();
  for (let i = 0; i < spans.length; i += 1000) {
    const values = sql.join(
      spans
        .slice(i, i + 1000)
        .map(({ id, from }) => sql`(${id}::uuid, ${from.toISOString()}::timestamptz)`),
      sql`, `,
    );
    const rows = rowsOf<{ id: string; minutes: string | number | null }>(
      await db.execute(sql`select v.id, sum(h.minutes) as minutes
        from (values ${values}) as v(id, since)
        join ${heartbeatSamples} h on h.subscription_id = v.id and h.bucket >= v.since
        where h.resolution = 'hour' or (h.resolution = 'minute' and not exists (
          select 1 from ${heartbeatSamples} x
          where x.subscription_id = v.id and x.resolution = 'hour' and x.bucket >= v.since
            and x.bucket = date_trunc('hour', h.bucket)))
        group by v.id`),
    );
    for (const row of rows) minutes.set(row.id, Number(row.minutes ?? 0));
  }
  return minutes;
}

async function viewOf(db: Executor, id: string, robotId: string | null, now: Date) {
  const [latest] = await db
    .select()
    .from(heartbeatSamples)
    .where(and(bySubscription(id), inArray(heartbeatSamples.resolution, ["minute", "hour"])))
    .orderBy(desc(heartbeatSamples.at))
    .limit(1);
  const [connected] = await db
    .select({ last: max(heartbeatSamples.at) })
    .from(heartbeatSamples)
    .where(
      and(bySubscription(id), ofResolution("minute"), eq(heartbeatSamples.terminalConnected, true)),
    );
  const [oldest] = await db
    .select({ at: min(heartbeatSamples.bucket) })
    .from(heartbeatSamples)
    .where(bySubscription(id));
  const today = localDate(now);
  const monthStart = localInstant(`${today.slice(0, 8)}01`);
  const from = oldest?.at && oldest.at > monthStart ? oldest.at : monthStart;
  const days = await db
    .select({ at: heartbeatSamples.at, balanceCents: heartbeatSamples.balanceCents })
    .from(heartbeatSamples)
    .where(and(bySubscription(id), ofResolution("day")))
    .orderBy(asc(heartbeatSamples.bucket));
  const points: BalancePoint[] = latest ? [...days, latest] : days;
  return {
    // Disconnected in every report kept: stopped at least since the oldest.
    state: robotStateOf(latest ?? null, connected?.last ?? oldest?.at ?? null, now),
    report: latest
      ? {
          at: latest.at,
          balanceCents: latest.balanceCents,
          equityCents: latest.equityCents,
          openPositions: latest.openPositions,
          lastTradeAt: latest.lastTradeAt,
          lastTradeProfitCents: latest.lastTradeProfitCents,
        }
      : null,
    monthUptimeBps: latest ? uptimeBps(await signalMinutesSince(db, id, from), from, now) : null,
    comparison: robotId ? await comparisonOf(robotId, points) : null,
  };
}

/** The latest month the robot's verified record and the customer's account both cover. */
async function comparisonOf(
  robotId: string,
  points: BalancePoint[],
): Promise<RecordComparison | null> {
  if (points.length === 0) return null;
  const published = await getPublishedReference(robotId);
  if (!published) return null;
  const record = await getPublishedRecord(published.publicationId);
  for (const month of [...record.monthly].reverse()) {
    const start = localInstant(`${month.year}-${String(month.month).padStart(2, "0")}-01`);
    const next = month.month === 12 ? [month.year + 1, 1] : [month.year, month.month + 1];
    const end = localInstant(`${next[0]}-${String(next[1]).padStart(2, "0")}-01`);
    const own = balanceChangeBps(points, start, end);
    if (own) {
      return {
        ...month,
        ownBps: own.bps,
        verifiedBps: month.returnBps,
        startedLate: own.startedLate,
      };
    }
  }
  return null;
}

/** Each subscription's robot, by subscription id. */
export async function robotViews(
  subscriptionIds: readonly string[],
  now: Date,
): Promise<Record<string, RobotView>> {
  if (subscriptionIds.length === 0) return {};
  const db = await getDb();
  const rows = await db
    .select({ id: subscriptions.id, robotId: orders.robotId })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(inArray(subscriptions.id, [...subscriptionIds]));
  const views: Record<string, RobotView> = {};
  for (const row of rows) views[row.id] = await viewOf(db, row.id, row.robotId, now);
  return views;
}

// The service credit's data (decisions 394-395): the threshold staff set, the maintenance
// windows they declare ahead, and a cycle's downtime measured from the robot's samples.
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import {
  heartbeatSamples,
  maintenanceWindows,
  orderSetups,
  serviceCreditThresholds,
  subscriptionEvents,
} from "../../../db/schema.ts";
import { getDb, type Executor } from "../../platform/db/db.server.ts";
import type { SubscriptionState } from "../subscriptions/model.ts";
import {
  DEFAULT_CREDIT_THRESHOLD_MINUTES,
  HOURS_KEPT_DAYS,
  MAINTENANCE_MAX_HOURS,
} from "./model.ts";
import { downtimeMinutes, servedIntervals, type Interval } from "./service-credit.ts";

const HOUR_MS = 3_600_000;

/** The threshold in force and who set it: the newest staff set, else the default (4 hours). */
export async function currentThreshold(
  db?: Executor,
): Promise<{ minutes: number; setBy: string | null }> {
  const [row] = await (db ?? (await getDb()))
    .select({ minutes: serviceCreditThresholds.minutes, setBy: serviceCreditThresholds.setBy })
    .from(serviceCreditThresholds)
    .orderBy(desc(serviceCreditThresholds.setAt))
    .limit(1);
  return row ?? { minutes: DEFAULT_CREDIT_THRESHOLD_MINUTES, setBy: null };
}

export async function creditThresholdMinutes(db?: Executor): Promise<number> {
  return (await currentThreshold(db)).minutes;
}

export async function setCreditThreshold(minutes: number, staff: string, now: Date): Promise<void> {
  const db = await getDb();
  await db.insert(serviceCreditThresholds).values({ minutes, setBy: staff, setAt: now });
}

export type MaintenanceWindow = typeof maintenanceWindows.$inferSelect;

export type DeclareOutcome = "declared" | "starts-in-past" | "too-long";

/**
 * Declares a fleet-wide maintenance window. Only ahead of it: a window declared after the fact
 * would take away credit the customers had already earned.
 */
export async function declareMaintenance(
  window: Interval & { reason: string },
  staff: string,
  now: Date,
): Promise<DeclareOutcome> {
  if (window.from <= now) return "starts-in-past";
  if (window.to.getTime() - window.from.getTime() > MAINTENANCE_MAX_HOURS * HOUR_MS) {
    return "too-long";
  }
  const db = await getDb();
  await db.insert(maintenanceWindows).values({
    startsAt: window.from,
    endsAt: window.to,
    reason: window.reason,
    declaredBy: staff,
    declaredAt: now,
  });
  return "declared";
}

/** Cancels a window that has not begun; one under way or past stays as declared. */
export async function cancelMaintenance(id: string, now: Date): Promise<boolean> {
  const db = await getDb();
  const cancelled = await db
    .update(maintenanceWindows)
    .set({ cancelledAt: now })
    .where(
      and(
        eq(maintenanceWindows.id, id),
        isNull(maintenanceWindows.cancelledAt),
        gt(maintenanceWindows.startsAt, now),
      ),
    )
    .returning({ id: maintenanceWindows.id });
  return cancelled.length > 0;
}

/** The windows not cancelled that end after `since`, soonest first. */
export async function listMaintenance(since: Date, db?: Executor): Promise<MaintenanceWindow[]> {
  return (db ?? (await getDb()))
    .select()
    .from(maintenanceWindows)
    .where(and(isNull(maintenanceWindows.cancelledAt), gt(maintenanceWindows.endsAt, since)))
    .orderBy(asc(maintenanceWindows.startsAt));
}

/** Minutes with a signal per clock hour of `period`: the hour's row, else its minute rows. */
async function signalByHour(
  tx: Executor,
  subscriptionId: string,
  period: Interval,
): Promise<Map<number, number>> {
  const rows = await tx
    .select({
      resolution: heartbeatSamples.resolution,
      bucket: heartbeatSamples.bucket,
      minutes: heartbeatSamples.minutes,
    })
    .from(heartbeatSamples)
    .where(
      and(
        eq(heartbeatSamples.subscriptionId, subscriptionId),
        inArray(heartbeatSamples.resolution, ["minute", "hour"]),
        gte(
          heartbeatSamples.bucket,
          new Date(Math.floor(period.from.getTime() / HOUR_MS) * HOUR_MS),
        ),
        lt(heartbeatSamples.bucket, period.to),
      ),
    );
  const hours = new Map<number, number>();
  const minutes = new Map<number, number>();
  for (const row of rows) {
    const hour = Math.floor(row.bucket.getTime() / HOUR_MS) * HOUR_MS;
    const into = row.resolution === "hour" ? hours : minutes;
    into.set(hour, (into.get(hour) ?? 0) + row.minutes);
  }
  for (const [hour, count] of minutes) if (!hours.has(hour)) hours.set(hour, count);
  return hours;
}

/**
 * The downtime of one subscription's robot over `period` (a cycle that has ended), or null when
 * it cannot be measured any more: its hours are purged after 90 days (decision 381).
 */
export async function measureDowntime(
  tx: Executor,
  subscription: { id: string; orderId: string },
  period: Interval,
  now: Date,
): Promise<number | null> {
  if (period.to > now) return null;
  if (now.getTime() - period.from.getTime() > HOURS_KEPT_DAYS * 24 * HOUR_MS) return null;
  const [setup] = await tx
    .select({ runningAt: orderSetups.runningAt })
    .from(orderSetups)
    .where(eq(orderSetups.orderId, subscription.orderId));
  const changes = await tx
    .select({ at: subscriptionEvents.at, toState: subscriptionEvents.toState })
    .from(subscriptionEvents)
    .where(
      and(
        eq(subscriptionEvents.subscriptionId, subscription.id),
        sql`${subscriptionEvents.toState} is not null`,
        lt(subscriptionEvents.at, period.to),
      ),
    );
  const maintenance = await tx
    .select({ from: maintenanceWindows.startsAt, to: maintenanceWindows.endsAt })
    .from(maintenanceWindows)
    .where(
      and(
        isNull(maintenanceWindows.cancelledAt),
        lt(maintenanceWindows.startsAt, period.to),
        gt(maintenanceWindows.endsAt, period.from),
      ),
    );
  return downtimeMinutes({
    period,
    served: servedIntervals(
      setup?.runningAt ?? null,
      changes.map((change) => ({ at: change.at, toState: change.toState as SubscriptionState })),
      period.to,
    ),
    maintenance,
    signalMinutesByHour: await signalByHour(tx, subscription.id, period),
  });
}

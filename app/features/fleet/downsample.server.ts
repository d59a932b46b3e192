// Bounded heartbeat storage (decision 381): minutes are kept 48 hours, hours 90 days, São Paulo
// days for ever. Each run rolls every complete hour not yet rolled into one row per robot
// (the hour's last report, and how many of its minutes had a signal), then every complete
// day from its hours, then purges what is past its age. Hours are rolled before their minutes
// go and days before their hours, all in one transaction, so nothing is lost between runs
// however long the worker was away.
import { sql, type SQL } from "drizzle-orm";
import { heartbeatSamples } from "../../../db/schema.ts";
import { withTransaction } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { SAO_PAULO } from "../../lib/time-zone.ts";
import { HOURS_KEPT_DAYS, MINUTES_KEPT_HOURS, type HeartbeatResolution } from "./model.ts";

/** What a robot reported, carried from a bucket's last row into the rolled-up one. */
const REPORTED = [
  "account_number",
  "balance_cents",
  "equity_cents",
  "open_positions",
  "last_trade_at",
  "last_trade_profit_cents",
  "robot_version",
  "terminal_connected",
];

// A constant, written into the statement: the same expression twice must read the same.
const ZONE = sql.raw(`'${SAO_PAULO}'`);

/** The São Paulo day that `instant` falls in, as the instant it began. */
const dayOf = (instant: SQL) =>
  sql`(date_trunc('day', ${instant} at time zone ${ZONE}) at time zone ${ZONE})`;

/**
 * Rolls `from` rows into `to` rows, one per robot and bucket (`bucketOf` the source bucket),
 * for the buckets after the last one rolled and ending by `until`.
 */
function rollUp(
  from: HeartbeatResolution,
  to: HeartbeatResolution,
  bucketOf: (instant: SQL) => SQL,
  until: SQL,
) {
  const step = to === "hour" ? sql`interval '1 hour'` : sql`interval '1 day'`;
  const watermark = sql`(select max(bucket) from ${heartbeatSamples} where resolution = ${to})`;
  return sql`insert into ${heartbeatSamples}
      (subscription_id, resolution, bucket, at, minutes, ${sql.raw(REPORTED.join(", "))})
    select distinct on (s.subscription_id, s.target)
      s.subscription_id, ${to}, s.target, s.at,
      sum(s.minutes) over (partition by s.subscription_id, s.target),
      ${sql.raw(REPORTED.map((column) => `s.${column}`).join(", "))}
    from (
      select *, ${bucketOf(sql`bucket`)} as target from ${heartbeatSamples}
      where resolution = ${from}
    ) s
    where s.target >= coalesce(${watermark} + ${step}, '-infinity') and s.target < ${until}
    order by s.subscription_id, s.target, s.bucket desc
    on conflict do nothing
    returning 1`;
}

export interface DownsampleResult {
  hours: number;
  days: number;
  purged: number;
}

export async function downsampleHeartbeats(now: Date): Promise<DownsampleResult> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const thisHour = sql`date_trunc('hour', ${nowSql})`;
  // A day is complete when its last hour is: its hours are all rolled by then.
  const today = dayOf(thisHour);
  return withTransaction(async (tx) => {
    const hours = await tx.execute(
      rollUp("minute", "hour", (bucket) => sql`date_trunc('hour', ${bucket})`, thisHour),
    );
    const days = await tx.execute(rollUp("hour", "day", dayOf, today));
    const purged = await tx.execute(sql`delete from ${heartbeatSamples}
      where (resolution = 'minute'
          and bucket < date_trunc('hour', ${nowSql} - ${`${MINUTES_KEPT_HOURS} hours`}::interval))
        or (resolution = 'hour'
          and bucket < ${dayOf(sql`(${nowSql} - ${`${HOURS_KEPT_DAYS} days`}::interval)`)})
      returning 1`);
    return {
      hours: rowsOf(hours).length,
      days: rowsOf(days).length,
      purged: rowsOf(purged).length,
    };
  });
}

// Retention of delivery reports (docs/decisions/404), hourly: a report that names no message
// of ours and still waits for staff goes after 30 days, every other one after 180 days.
import { sql } from "drizzle-orm";
import { type Executor, getDb } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { reportRetention } from "../../platform/mail/deliverability-model.ts";
import { defineJob } from "../../platform/jobs/registry.ts";

const HOUR_MS = 3_600_000;

/** Deletes the reports past their retention at `now`; answers how many went. */
export async function purgeOldReports(db: Executor, now: Date): Promise<number> {
  const purged = rowsOf(
    await db.execute(sql`
      delete from delivery_reports
       where received_at < ${now.toISOString()}::timestamptz - ${reportRetention.days} * interval '1 day'
          or (message_id is null and reviewed_at is null
              and received_at < ${now.toISOString()}::timestamptz
                                - ${reportRetention.unmatchedDays} * interval '1 day')
      returning id`),
  );
  return purged.length;
}

export const deliveryReportRetentionJob = defineJob({
  name: "delivery-report-retention",
  recurring: true,
  async run({ now }) {
    await purgeOldReports(await getDb(), now);
    return new Date(now.getTime() + HOUR_MS);
  },
});

// People who sign up and never confirm (issue 25, decision 204): one reminder a day after the
// sign-up, with a fresh confirmation link, and the entry erased UNCONFIRMED_ERASE_DAYS after
// it (never within 7 days of the reminder), by the same erasure as a person's own deletion (the consent ledger goes with the entry,
// the address's hash stays so nothing is sent to it again). A recurring job of the worker,
// hourly; the application clock decides what is due.
import { sql } from "drizzle-orm";
import { getDb } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import {
  insertMessagesSql,
  messageSelectSql,
  wakeWorkers,
} from "../../platform/jobs/enqueue.server.ts";
import { defineJob } from "../../platform/jobs/registry.ts";
import { eraseWaitlistEntry } from "../privacy/erasure.server.ts";
import { confirmSignupReminderMessage } from "./messages.tsx";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const REMIND_AFTER_MS = DAY_MS;
// The reminder's confirmation link lives this long (entryLink "7 days").
const REMINDER_LINK_DAYS = 7;
// Rows per run: a backlog drains over a few runs instead of one long transaction.
const BATCH = 500;

/** Marks the due entries reminded and queues their reminder, in one statement. */
async function remindUnconfirmed(now: Date, eraseDays: number): Promise<number> {
  const db = await getDb();
  const dueBefore = new Date(now.getTime() - REMIND_AFTER_MS).toISOString();
  const result = await db.execute(sql`
    with due as (
      update waitlist set confirmation_reminded_at = ${now.toISOString()}::timestamptz
      where id in (
        select id from waitlist
        where confirmed_at is null and confirmation_reminded_at is null
          and created_at <= ${dueBefore}::timestamptz
        order by created_at
        limit ${BATCH}
        for update skip locked)
      returning id, name, email
    )
    ${insertMessagesSql(sql`
      ${messageSelectSql(confirmSignupReminderMessage, {
        to: sql`email`,
        payload: { entryId: sql`id`, name: sql`name`, eraseDays: String(eraseDays) },
      })} from due`)}
    returning id`);
  wakeWorkers(db);
  return rowsOf(result).length;
}

/**
 * Erases the entries still unconfirmed eraseDays after their sign-up, and never before their
 * reminder's link has expired: entries from before the reminders existed get it first.
 */
async function eraseUnconfirmed(now: Date, eraseDays: number): Promise<number> {
  const db = await getDb();
  const createdBefore = new Date(now.getTime() - eraseDays * DAY_MS).toISOString();
  const remindedBefore = new Date(now.getTime() - REMINDER_LINK_DAYS * DAY_MS).toISOString();
  const stale = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from waitlist
      where confirmed_at is null and created_at <= ${createdBefore}::timestamptz
        and confirmation_reminded_at <= ${remindedBefore}::timestamptz
      order by created_at limit ${BATCH}`),
  );
  let erased = 0;
  for (const { id } of stale) if (await eraseWaitlistEntry(id)) erased += 1;
  return erased;
}

export const unconfirmedEntriesJob = defineJob({
  name: "unconfirmed-entries",
  recurring: true,
  async run({ now }) {
    const eraseDays = getEnv().UNCONFIRMED_ERASE_DAYS;
    const reminded = await remindUnconfirmed(now, eraseDays);
    const erased = await eraseUnconfirmed(now, eraseDays);
    if (reminded > 0 || erased > 0) {
      getLogger().info({ reminded, erased }, "unconfirmed entries");
    }
    return new Date(now.getTime() + HOUR_MS);
  },
});

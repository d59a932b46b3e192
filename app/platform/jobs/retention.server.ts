// Retention (docs/decisions/116): settled messages (sent, cancelled, or failed and seen by
// staff at /admin/emails) and the local mailbox's copies go after EMAIL_RETENTION_DAYS.
// Queued messages and failed ones no one has seen yet stay.
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import { emailMailbox, emailOutbox } from "../../../db/schema.ts";
import type { Database } from "../db/db.server.ts";
import { defineJob } from "./registry.ts";

const HOUR_MS = 3_600_000;

/** Deletes what is past retention; answers how many messages went. */
export async function purgeSettledMessages(db: Database, days: number): Promise<number> {
  const cutoff = sql`now() - ${days} * interval '1 day'`;
  const purged = await db
    .delete(emailOutbox)
    .where(
      or(
        and(inArray(emailOutbox.status, ["sent", "cancelled"]), lt(emailOutbox.settledAt, cutoff)),
        and(eq(emailOutbox.status, "failed"), lt(emailOutbox.seenAt, cutoff)),
      ),
    )
    .returning({ id: emailOutbox.id });
  await db.delete(emailMailbox).where(lt(emailMailbox.createdAt, cutoff));
  return purged.length;
}

/** The purge as a recurring job, hourly. */
export function retentionJob(getDb: () => Promise<Database>, days: () => number) {
  return defineJob({
    name: "email-retention",
    recurring: true,
    async run({ now }) {
      await purgeSettledMessages(await getDb(), days());
      return new Date(now.getTime() + HOUR_MS);
    },
  });
}

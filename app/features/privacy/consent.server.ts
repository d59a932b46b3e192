// Marketing consent changes: the waitlist's marketing_consent column and the ledger line are
// written in one statement, and only when the choice actually changes (docs/decisions/087).
import { asc, eq, sql } from "drizzle-orm";
import { consentEvents } from "../../../db/schema.ts";
import { consentKinds, type ConsentChannel } from "./model.ts";
import { consentTextVersions } from "../../content/consent.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";

/** Gives or withdraws marketing consent; true when the choice changed. */
export async function setMarketingConsent(
  entryId: string,
  given: boolean,
  channel: ConsentChannel,
): Promise<boolean> {
  const db = await getDb();
  const result = await db.execute(sql`
    with changed as (
      update waitlist set marketing_consent = ${given}
      where id = ${entryId} and marketing_consent <> ${given}
      returning id
    )
    insert into consent_events (waitlist_id, kind, channel, text_version)
    select id, ${given ? "marketing-given" : "marketing-withdrawn"}, ${channel},
      ${consentTextVersions.marketing}
    from changed
    returning waitlist_id`);
  return rowsOf(result).length > 0;
}

/** The person's consent ledger, oldest first. */
export async function consentLedger(entryId: string) {
  const db = await getDb();
  return (
    db
      .select({
        kind: consentEvents.kind,
        channel: consentEvents.channel,
        textVersion: consentEvents.textVersion,
        createdAt: consentEvents.createdAt,
      })
      .from(consentEvents)
      .where(eq(consentEvents.waitlistId, entryId))
      // A sign-up writes its lines at one instant: terms first, then marketing.
      .orderBy(
        asc(consentEvents.createdAt),
        sql`array_position(array[${sql.join(
          consentKinds.map((kind) => sql`${kind}`),
          sql`, `,
        )}]::text[], ${consentEvents.kind})`,
      )
  );
}

export type ConsentLedger = Awaited<ReturnType<typeof consentLedger>>;

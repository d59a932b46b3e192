// A campaign's figures: counted from its messages while they exist, and kept on the campaign
// when retention purges them (docs/decisions/192).
import { sql } from "drizzle-orm";
import type { Database, Executor } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import type { CampaignFigures } from "./model.ts";

const countedFiguresSql = (id: string) => sql`
  select count(*)::int as recipients,
    count(*) filter (where m.status = 'sent')::int as sent,
    count(*) filter (where m.status = 'pending' and m.last_error is not null)::int as deferred,
    count(*) filter (where m.status = 'suppressed')::int as suppressed,
    count(*) filter (where m.status = 'failed')::int as failed,
    count(*) filter (where exists (select 1 from delivery_reports r where r.message_id = m.id
      and r.kind in ('hard-bounce', 'soft-bounce')))::int as bounced,
    count(*) filter (where exists (select 1 from delivery_reports r where r.message_id = m.id
      and r.kind = 'complaint'))::int as complained,
    count(*) filter (where
      exists (select 1 from newsletter_subscribers s where s.id = m.subscriber_id
        and s.unsubscribed_at >= c.started_at)
      or (m.subscriber_id is null and exists (select 1 from consent_events e
        where e.waitlist_id = m.waitlist_id and e.kind = 'marketing-withdrawn'
          and e.created_at >= c.started_at)))::int as unsubscribed
  from campaign_messages m join campaigns c on c.id = m.campaign_id
  where m.campaign_id = ${id}`;

export async function campaignFigures(db: Executor, id: string): Promise<CampaignFigures> {
  const [kept] = rowsOf<{ figures: CampaignFigures | null }>(
    await db.execute(sql`select figures from campaigns where id = ${id}`),
  );
  if (kept?.figures) return kept.figures;
  const [counted] = rowsOf<CampaignFigures>(await db.execute(countedFiguresSql(id)));
  return counted!;
}

/**
 * Purges the messages of campaigns settled (done or cancelled) more than `days` ago, keeping
 * their figures on the campaign; answers how many messages went.
 */
export async function purgeSettledCampaignMessages(db: Database, days: number): Promise<number> {
  const settled = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from campaigns
      where status in ('done', 'cancelled') and figures is null
        and coalesce(finished_at, cancelled_at) < now() - ${days} * interval '1 day'`),
  );
  let purged = 0;
  for (const { id } of settled) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        update campaigns set figures = (select to_jsonb(f) from (${countedFiguresSql(id)}) f)
        where id = ${id}`);
      const deleted = await tx.execute(sql`
        delete from campaign_messages where campaign_id = ${id} returning id`);
      purged += rowsOf(deleted).length;
    });
  }
  return purged;
}

// Who a campaign reaches (docs/decisions/163): confirmed newsletter subscribers that have not
// unsubscribed; waiting-list people with marketing consent, filtered like /admin/lista; or the
// union, each address once. Suppressed addresses are never in it. The count staff see before
// sending is this query's, and sending writes exactly its rows.
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { isSuppressedSql } from "../../platform/mail/suppression.server.ts";
import { waitlistFilterSchema, type WaitlistFilter } from "../waitlist/admin-filters.ts";
import { filterConditions } from "../waitlist/admin-queries.server.ts";
import { audienceFilterKeys } from "./audience-keys.ts";
import type { CampaignAudience } from "./model.ts";

export function audienceFilterOf(stored: Record<string, string>): WaitlistFilter {
  const picked = Object.fromEntries(
    audienceFilterKeys.flatMap((key) => (stored[key] ? [[key, stored[key]]] : [])),
  );
  const parsed = waitlistFilterSchema.safeParse(picked);
  // A stored filter was valid when saved; an invalid one narrows to nobody rather than all.
  return parsed.success ? parsed.data : { status: "converted", origem: "\u0000" };
}

const newsletterRows = sql`
  select s.email, null::uuid as waitlist_id, s.id as subscriber_id
  from newsletter_subscribers s
  where s.confirmed_at is not null and s.unsubscribed_at is null`;

function waitlistRows(filter: WaitlistFilter): SQL {
  const narrowed = filterConditions(filter);
  return sql`
    select waitlist.email, waitlist.id as waitlist_id, null::uuid as subscriber_id
    from waitlist
    where waitlist.marketing_consent ${narrowed ? sql`and ${narrowed}` : sql``}`;
}

/** `select email, waitlist_id, subscriber_id` of everyone the campaign reaches, once each. */
export function audienceSql(audience: CampaignAudience, filter: WaitlistFilter): SQL {
  const parts =
    audience === "newsletter"
      ? newsletterRows
      : audience === "waitlist"
        ? waitlistRows(filter)
        : sql`${newsletterRows} union all ${waitlistRows(filter)}`;
  return sql`
    select email,
      (array_agg(waitlist_id) filter (where waitlist_id is not null))[1] as waitlist_id,
      (array_agg(subscriber_id) filter (where subscriber_id is not null))[1] as subscriber_id
    from (${parts}) as reached
    where not ${isSuppressedSql(sql`reached.email`)}
    group by email`;
}

export async function countAudience(
  db: Executor,
  audience: CampaignAudience,
  filter: WaitlistFilter,
): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (${audienceSql(audience, filter)}) a`),
  );
  return row?.n ?? 0;
}

/** Writes one pending message per address of the audience; answers how many. */
export async function materializeAudience(
  db: Executor,
  campaignId: string,
  audience: CampaignAudience,
  filter: WaitlistFilter,
): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with inserted as (
        insert into campaign_messages (campaign_id, email, waitlist_id, subscriber_id, domain)
        select ${campaignId}, a.email, a.waitlist_id, a.subscriber_id,
          split_part(a.email, '@', 2)
        from (${audienceSql(audience, filter)}) a
        on conflict (campaign_id, email) do nothing
        returning 1
      )
      select count(*)::int as n from inserted`),
  );
  return row?.n ?? 0;
}

/**
 * True (SQL) when the message's address may still receive it now: its consent holds, it was
 * not erased, and it is not suppressed. Evaluated inside the sender's claim, so no path can
 * hand a withdrawn or suppressed address to the transport.
 */
export function stillReachableSql(message: {
  email: SQL;
  waitlistId: SQL;
  subscriberId: SQL;
}): SQL<boolean> {
  return sql<boolean>`(
    not ${isSuppressedSql(message.email)}
    and (
      exists (select 1 from newsletter_subscribers s where s.id = ${message.subscriberId}
        and s.confirmed_at is not null and s.unsubscribed_at is null)
      or exists (select 1 from waitlist w where w.id = ${message.waitlistId}
        and w.marketing_consent)
    ))`;
}

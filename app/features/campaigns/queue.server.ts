// Campaign messages as a queue of the platform's worker (docs/decisions/163 and 190): the
// worker claims them with the room its outbox leaves, mints each recipient's unsubscribe
// link, renders the message from its component, sends it over the one SMTP pool and settles
// it here. The claim starts campaigns whose time has come, takes sending slots from the shared
// rate buckets (global and per recipient domain, kept in the database so every process shares
// them) and checks inside its statement that each address is still consented and not
// suppressed. A claim is a lease: a process killed mid-send leaves its messages to another
// after the lease, which sends them with the same Message-ID.
import { sql } from "drizzle-orm";
import { campaignMessages } from "../../../db/schema.ts";
import type { Database, Executor } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { wakeSql } from "../../platform/jobs/enqueue.server.ts";
import {
  defineQueue,
  tokenValues,
  type ClaimedMessage,
  type SendLink,
} from "../../platform/jobs/registry.ts";
import { audienceFilterOf, materializeAudience, stillReachableSql } from "./audience.server.ts";
import { reissueEmailToken } from "../privacy/email-links.server.ts";
import { campaignBody, campaignMessage, type CampaignBody } from "./render.server.tsx";

// A bucket may send this many seconds' worth at once after a pause.
const BURST_SECONDS = 1;

/**
 * Takes up to `wanted` sends from a shared bucket (GCRA: the bucket's `tat` moves 1/rate
 * seconds ahead per send and may run at most BURST_SECONDS ahead of now); answers how many.
 */
export async function takeSendSlots(
  db: Executor,
  key: string,
  ratePerSecond: number,
  wanted: number,
): Promise<number> {
  if (ratePerSecond <= 0 || wanted <= 0) return Math.max(wanted, 0);
  await db.execute(sql`
    insert into send_rates (key, tat) values (${key}, now()) on conflict (key) do nothing`);
  const slots = sql`greatest(0, least(${wanted}::int, floor(extract(epoch from
    (now() + ${BURST_SECONDS} * interval '1 second' - greatest(tat, now())))
    * ${ratePerSecond}::float8)))::int`;
  const [row] = rowsOf<{ granted: number }>(
    await db.execute(sql`
      update send_rates set granted = ${slots},
        tat = greatest(tat, now()) + (${slots} / ${ratePerSecond}::float8) * interval '1 second'
      where key = ${key}
      returning granted`),
  );
  return row?.granted ?? 0;
}

/** Gives back `count` sends taken from a bucket and not used. */
async function returnSendSlots(db: Executor, key: string, ratePerSecond: number, count: number) {
  if (ratePerSecond <= 0 || count <= 0) return;
  await db.execute(sql`
    update send_rates set tat = tat - (${count} / ${ratePerSecond}::float8) * interval '1 second'
    where key = ${key}`);
}

/**
 * Moves a campaign from `from` to sending and writes one message per address of its
 * audience, in one transaction that wakes the workers; answers how many, or null when it was
 * not in `from`.
 */
export async function startCampaign(
  db: Database,
  id: string,
  from: "draft" | "scheduled",
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [campaign] = rowsOf<{
      audience: "newsletter" | "waitlist" | "both";
      waitlist_filter: Record<string, string>;
    }>(
      await tx.execute(sql`
        update campaigns set status = 'sending', started_at = now(), updated_at = now()
        where id = ${id} and status = ${from}
        returning audience, waitlist_filter`),
    );
    if (!campaign) return null;
    // The workers are woken at the commit.
    await tx.execute(wakeSql);
    const written = await materializeAudience(
      tx,
      id,
      campaign.audience,
      audienceFilterOf(campaign.waitlist_filter),
    );
    // The planner learns of the rows just written (ANALYZE counts its own transaction's):
    // with statistics from before, it takes the pending messages for a handful and plans
    // each claim as a sort of all of them, 250 ms a claim at 100,000, until autovacuum
    // analyzes the table, which PGlite never does (decision 261).
    await tx.execute(sql`analyze ${campaignMessages}`);
    return written;
  });
}

/** Scheduled campaigns whose time has come begin sending: their recipients are written. */
async function startDueCampaigns(db: Database): Promise<void> {
  const due = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from campaigns where status = 'scheduled' and scheduled_at <= now()`),
  );
  for (const { id } of due) await startCampaign(db, id, "scheduled");
}

/** Marks campaigns done once every message is sent, failed, suppressed or cancelled. */
async function finishCampaigns(db: Executor): Promise<void> {
  await db.execute(sql`
    update campaigns c set status = 'done', finished_at = now(), updated_at = now()
    where c.status = 'sending'
      and not exists (select 1 from campaign_messages m
        where m.campaign_id = c.id and m.status = 'pending')`);
}

const idList = (ids: readonly string[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

interface DueRow {
  id: string;
  campaign_id: string;
  email: string;
  domain: string;
  waitlist_id: string | null;
  subscriber_id: string | null;
  attempts: number;
  reachable: boolean;
}

async function anyDue(db: Database): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      select 1 from campaign_messages where status = 'pending' and run_at <= now() limit 1`),
  );
  return rows.length > 0;
}

/**
 * Leases up to `limit` due messages of sending campaigns; unreachable ones are settled. Each
 * leased message's consent and suppression are looked up after the `limit`, for those rows
 * only: asked beside the due rows, the planner hashed every newsletter subscriber for each
 * claim (a sequential scan of all of them, 40 ms a claim at 100,000; decision 286).
 */
export const leaseDueSql = (limit: number, leaseMs: number, owner: string | null = null) => sql`
      with due as (
        select m.id, m.email, m.waitlist_id, m.subscriber_id
        from campaign_messages m join campaigns c on c.id = m.campaign_id
        where m.status = 'pending' and m.run_at <= now() and c.status = 'sending'
        order by m.run_at
        limit ${limit}
        for update of m skip locked
      ), checked as materialized (
        select due.id, ${stillReachableSql({
          email: sql`due.email`,
          waitlistId: sql`due.waitlist_id`,
          subscriberId: sql`due.subscriber_id`,
        })} as reachable
        from due
      )
      update campaign_messages m set
        attempts = m.attempts + case when checked.reachable then 1 else 0 end,
        run_at = now() + ${leaseMs} * interval '1 millisecond',
        claimed_by = ${owner},
        status = case when checked.reachable then 'pending' else 'suppressed' end
      from checked where m.id = checked.id
      returning m.id, m.campaign_id, m.email, m.domain, m.waitlist_id, m.subscriber_id,
        m.attempts, checked.reachable`;

async function leaseDue(
  db: Database,
  limit: number,
  leaseMs: number,
  owner: string | null,
): Promise<DueRow[]> {
  return rowsOf<DueRow>(await db.execute(leaseDueSql(limit, leaseMs, owner)));
}

/** Gives back messages leased beyond their domain's slots: due again after `delayMs`. */
async function release(db: Database, ids: readonly string[], delayMs: number) {
  if (ids.length === 0) return;
  await db.execute(sql`
    update campaign_messages set attempts = attempts - 1, claimed_by = null,
      run_at = now() + ${delayMs} * interval '1 millisecond'
    where id in ${idList(ids)}`);
}

type RecipientFields = "waitlistId" | "subscriberId";

/**
 * The unsubscribe link of a campaign message: owned by the newsletter subscription when the
 * message came from it, else by the waiting-list entry, so `/descadastrar/<token>` withdraws
 * the consent the message came from. Never expires (decision 089).
 */
const unsubscribeLink: SendLink<RecipientFields> = {
  store: (tokens) => sql`
    insert into email_tokens (token_hash, purpose, waitlist_id, subscriber_id, expires_at)
    select t.hash, 'unsubscribe', case when s.id is null then w.id end, s.id,
      'infinity'::timestamptz
    from ${tokenValues(tokens, ({ payload }) => [
      sql`nullif(${payload.subscriberId}, '')::uuid`,
      sql`nullif(${payload.waitlistId}, '')::uuid`,
    ])} as t (hash, subscriber_id, waitlist_id)
      left join newsletter_subscribers s on s.id = t.subscriber_id
      left join waitlist w on w.id = t.waitlist_id
    where s.id is not null or w.id is not null
    returning token_hash`,
  forget: (hash) => sql`delete from email_tokens where token_hash = ${hash}`,
  reissue: reissueEmailToken,
};

// Campaigns whose shared part this process has rendered: a campaign's content cannot change
// once it sends (only drafts are edited). Keyed by campaign, holding nothing of a recipient.
const BODY_CACHE_SIZE = 16;
const bodies = new Map<string, CampaignBody | null>();

async function bodiesOf(db: Database, ids: readonly string[]) {
  const missing = ids.filter((id) => !bodies.has(id));
  const loaded = missing.length
    ? rowsOf<{ id: string; subject: string; preview_text: string; body: string }>(
        await db.execute(sql`
          select id, subject, preview_text, body from campaigns where id in ${idList(missing)}`),
      )
    : [];
  const found = new Map(ids.map((id) => [id, bodies.get(id) ?? null]));
  for (const row of loaded) {
    const body = await campaignBody({
      subject: row.subject,
      previewText: row.preview_text,
      body: row.body,
    });
    found.set(row.id, body);
    if (bodies.size >= BODY_CACHE_SIZE) bodies.delete(bodies.keys().next().value!);
    bodies.set(row.id, body);
  }
  return found;
}

export interface CampaignRates {
  /** Messages per second over all processes; 0 sends as fast as the pool goes. */
  global: number;
  /** Messages per second to one recipient domain, over all processes; 0: no limit. */
  domain: number;
}

// While its claims come back full, a process looks for scheduled campaigns whose time has
// come at most this often (a statement less per claim, decision 285); a claim that comes back
// short looks at once the next time.
const STARTS_LOOKED_FOR_EVERY_MS = 1_000;

/** The campaigns' queue, throttled by `rates` (read at each claim). */
export function campaignQueue(rates: () => CampaignRates) {
  // When this process last looked for campaigns to start; -Infinity: at the next claim.
  let startsLookedForAt = -Infinity;
  return defineQueue({
    name: "campaigns",
    async claim(db, limit, leaseMs, owner = null) {
      const { global, domain } = rates();
      if (performance.now() - startsLookedForAt >= STARTS_LOOKED_FOR_EVERY_MS) {
        startsLookedForAt = performance.now();
        await startDueCampaigns(db);
      }
      // With a global rate, nothing due takes nothing from its shared bucket; without one
      // the lease alone answers.
      if (global > 0 && !(await anyDue(db))) {
        startsLookedForAt = -Infinity;
        return [];
      }
      const slots = await takeSendSlots(db, "global", global, limit);
      if (slots === 0) return [];
      const leased = await leaseDue(db, slots, leaseMs, owner);
      const reachable = leased.filter((row) => row.reachable);
      if (leased.length < slots) startsLookedForAt = -Infinity;
      // The last messages may have been settled as unreachable by the claim itself.
      if (leased.length < slots || reachable.length < leased.length) await finishCampaigns(db);

      // Per-domain slots: what a domain cannot take now waits a moment.
      const sending: DueRow[] = [];
      const later: string[] = [];
      for (const [name, rows] of Map.groupBy(reachable, (row) => row.domain)) {
        const granted = await takeSendSlots(db, `domain:${name}`, domain, rows.length);
        sending.push(...rows.slice(0, granted));
        later.push(...rows.slice(granted).map((row) => row.id));
      }
      await release(db, later, domain > 0 ? 1000 / domain : 0);
      // Sends taken and not used (nothing more was due, or a domain was full) go back.
      await returnSendSlots(db, "global", global, slots - sending.length);

      const bodyOf = await bodiesOf(db, [...new Set(sending.map((row) => row.campaign_id))]);
      return sending.map((row): ClaimedMessage => ({
        id: row.id,
        to: row.email,
        attempts: row.attempts,
        kind: "marketing",
        payload: { waitlistId: row.waitlist_id ?? "", subscriberId: row.subscriber_id ?? "" },
        links: { unsubscribe: unsubscribeLink },
        compose: (links, context) => {
          const body = bodyOf.get(row.campaign_id);
          if (!body) throw new Error("campaign content cannot be rendered");
          return campaignMessage(body, links.unsubscribe!, context);
        },
      }));
    },
    async sent(db, ids) {
      await db.execute(sql`
        update campaign_messages set status = 'sent', sent_at = now(), last_error = null
        where id in ${idList(ids)} and status = 'pending'`);
      await finishCampaigns(db);
    },
    async cancelled(db, id) {
      await db.execute(sql`
        update campaign_messages set status = 'suppressed' where id = ${id}`);
      await finishCampaigns(db);
    },
    async failed(db, message, { lastError, final, retryInMs }) {
      await db.execute(sql`
        update campaign_messages set last_error = ${lastError},
          status = ${final ? "failed" : "pending"}, claimed_by = null,
          run_at = now() + ${retryInMs} * interval '1 millisecond'
        where id = ${message.id}`);
      if (final) await finishCampaigns(db);
    },
    async releaseDeadClaims(db, isDead) {
      return rowsOf(
        await db.execute(sql`
          update campaign_messages set run_at = now(), claimed_by = null
          where status = 'pending' and run_at > now() and claimed_by is not null
            and ${isDead(sql`claimed_by`)}
          returning id`),
      ).length;
    },
    async nextDue(db) {
      const { global } = rates();
      // Pending messages belong to sending campaigns only (cancelling settles them), so the
      // due index alone answers. With a rate, not before the global bucket has a slot.
      const [row] = rowsOf<{ messages: string | null; starts: string | null }>(
        await db.execute(sql`select
          (select greatest(first.run_at, ${
            global > 0
              ? sql`(select tat - ${BURST_SECONDS} * interval '1 second'
                  + (1 / ${global}::float8) * interval '1 second'
                  from send_rates where key = 'global')`
              : sql`null`
          })
            from (select run_at from campaign_messages where status = 'pending'
              order by run_at limit 1) first) as messages,
          (select min(scheduled_at) from campaigns where status = 'scheduled') as starts`),
      );
      const times = [row?.messages, row?.starts].flatMap((at) =>
        at ? [new Date(at).getTime()] : [],
      );
      return times.length > 0 ? new Date(Math.min(...times)) : undefined;
    },
  });
}

// Sends campaigns (docs/decisions/163). Each round: start campaigns whose time has come, take
// sending slots from the shared rate buckets (global and per recipient domain, kept in the
// database so every process shares them), claim that many due messages with FOR UPDATE SKIP
// LOCKED, checking inside the claim that each address is still consented and not suppressed,
// send them over the SMTP pool, and settle: sent; a 4xx or a dropped connection deferred with
// exponential backoff; a 5xx failed and recorded as a hard bounce. A claim is a lease: a
// process killed mid-send leaves its messages to another after the lease, which sends them
// with the same Message-ID.
import { sql } from "drizzle-orm";
import type { Database, Executor } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import { recordSmtpRejection, smtpAnswerOf } from "../../platform/mail/suppression.server.ts";
import { newToken } from "../email/tokens.server.ts";
import { audienceFilterOf, materializeAudience, stillReachableSql } from "./audience.server.ts";
import { personalize, renderCampaign, type CampaignTemplate } from "./render.server.tsx";
import type { CampaignTransport } from "./transport.server.ts";

export interface SenderOptions {
  db: Database;
  transport: CampaignTransport;
  context: { siteUrl: string; contactEmail: string };
  /** Messages per second over all processes; 0 sends as fast as the pool goes. */
  ratePerSecond: number;
  /** Messages per second to one recipient domain, over all processes; 0: no limit. */
  domainRatePerSecond: number;
  /** Sends in flight at most (the SMTP pool's connections). */
  concurrency: number;
  maxAttempts?: number;
  retryBaseMs?: number;
  leaseMs?: number;
}

const defaults = { maxAttempts: 6, retryBaseMs: 60_000, leaseMs: 120_000 };
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

/** Scheduled campaigns whose time has come begin sending: their recipients are written. */
export async function startDueCampaigns(db: Database): Promise<number> {
  const due = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from campaigns where status = 'scheduled' and scheduled_at <= now()`),
  );
  for (const { id } of due) await startCampaign(db, id, "scheduled");
  return due.length;
}

/**
 * Moves a campaign from `from` to sending and writes one message per address of its
 * audience, in one transaction; answers how many, or null when it was not in `from`.
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
    return materializeAudience(
      tx,
      id,
      campaign.audience,
      audienceFilterOf(campaign.waitlist_filter),
    );
  });
}

interface Claimed {
  id: string;
  campaign_id: string;
  email: string;
  domain: string;
  waitlist_id: string | null;
  subscriber_id: string | null;
  attempts: number;
  reachable: boolean;
}

/** Claims up to `limit` due messages of sending campaigns; unreachable ones are settled. */
async function claim(db: Database, limit: number, leaseMs: number): Promise<Claimed[]> {
  return rowsOf<Claimed>(
    await db.execute(sql`
      with due as (
        select m.id, ${stillReachableSql({
          email: sql`m.email`,
          waitlistId: sql`m.waitlist_id`,
          subscriberId: sql`m.subscriber_id`,
        })} as reachable
        from campaign_messages m join campaigns c on c.id = m.campaign_id
        where m.status = 'pending' and m.run_at <= now() and c.status = 'sending'
        order by m.run_at
        limit ${limit}
        for update of m skip locked
      )
      update campaign_messages m set
        attempts = m.attempts + case when due.reachable then 1 else 0 end,
        run_at = now() + ${leaseMs} * interval '1 millisecond',
        status = case when due.reachable then 'pending' else 'suppressed' end
      from due where m.id = due.id
      returning m.id, m.campaign_id, m.email, m.domain, m.waitlist_id, m.subscriber_id,
        m.attempts, due.reachable`),
  );
}

/** Gives back messages claimed beyond their domain's slots: due again after a short wait. */
async function release(db: Database, ids: string[], delayMs: number) {
  if (ids.length === 0) return;
  await db.execute(sql`
    update campaign_messages set attempts = attempts - 1,
      run_at = now() + ${delayMs} * interval '1 millisecond'
    where id in ${sql`(${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`}`);
}

/** The rendered campaign, per campaign, for this process. */
export function templateCache(context: SenderOptions["context"]) {
  const cache = new Map<string, CampaignTemplate | null>();
  return async (db: Database, campaignId: string): Promise<CampaignTemplate | null> => {
    if (cache.has(campaignId)) return cache.get(campaignId)!;
    const [row] = rowsOf<{ subject: string; preview_text: string; body: string }>(
      await db.execute(
        sql`select subject, preview_text, body from campaigns where id = ${campaignId}`,
      ),
    );
    const rendered = row
      ? renderCampaign(
          { subject: row.subject, previewText: row.preview_text, body: row.body },
          context,
        )
      : { ok: false as const };
    const template = rendered.ok ? rendered.template : null;
    cache.set(campaignId, template);
    return template;
  };
}

/** Marks campaigns done once every message is sent, failed, suppressed or cancelled. */
export async function finishCampaigns(db: Executor): Promise<void> {
  await db.execute(sql`
    update campaigns c set status = 'done', finished_at = now(), updated_at = now()
    where c.status = 'sending'
      and not exists (select 1 from campaign_messages m
        where m.campaign_id = c.id and m.status = 'pending')`);
}

/** One round: answers how many messages it claimed (0: nothing due, or no slots). */
export async function sendCampaignRound(
  options: SenderOptions,
  templateOf: ReturnType<typeof templateCache>,
  limit = options.concurrency,
): Promise<number> {
  const { db, transport, maxAttempts, retryBaseMs, leaseMs } = { ...defaults, ...options };
  const log = getLogger();
  const slots = await takeSendSlots(db, "global", options.ratePerSecond, limit);
  if (slots === 0) return 0;
  const claimed = await claim(db, slots, leaseMs);
  if (claimed.length === 0) {
    await finishCampaigns(db);
    return 0;
  }

  // Per-domain slots: what a domain cannot take now waits a moment.
  const byDomain = Map.groupBy(
    claimed.filter((row) => row.reachable),
    (row) => row.domain,
  );
  const sending: Claimed[] = [];
  const later: string[] = [];
  for (const [domain, rows] of byDomain) {
    const granted = await takeSendSlots(
      db,
      `domain:${domain}`,
      options.domainRatePerSecond,
      rows.length,
    );
    sending.push(...rows.slice(0, granted));
    later.push(...rows.slice(granted).map((row) => row.id));
  }
  await release(
    db,
    later,
    options.domainRatePerSecond > 0 ? 1000 / options.domainRatePerSecond : 0,
  );

  // One unsubscribe link per message, minted now (only its hash is kept, decision 081).
  const tokens = new Map(sending.map((row) => [row.id, newToken()]));
  if (sending.length > 0) {
    await db.execute(sql`
      insert into email_tokens (token_hash, purpose, waitlist_id, subscriber_id, expires_at)
      values ${sql.join(
        sending.map((row) => {
          const owner = row.subscriber_id
            ? sql`null, ${row.subscriber_id}::uuid`
            : sql`${row.waitlist_id}::uuid, null`;
          return sql`(${tokens.get(row.id)!.hash}, 'unsubscribe', ${owner}, now() + interval '10 years')`;
        }),
        sql`, `,
      )}`);
  }

  const sent: string[] = [];
  await Promise.all(
    sending.map(async (row) => {
      try {
        const template = await templateOf(db, row.campaign_id);
        if (!template) throw new Error("campaign content cannot be rendered");
        const message = personalize(template, options.context.siteUrl, tokens.get(row.id)!.token);
        await transport.send({ id: row.id, to: row.email, ...message });
        sent.push(row.id);
      } catch (error) {
        await settleFailure(db, row, error, { maxAttempts, retryBaseMs }).catch((settleError) =>
          log.error({ err: settleError }, "campaign message could not be settled"),
        );
      }
    }),
  );
  // One statement for the round: a crash before it sends these again, with the same Message-ID.
  if (sent.length > 0) {
    await db.execute(sql`
      update campaign_messages set status = 'sent', sent_at = now(), last_error = null
      where id in (${sql.join(
        sent.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and status = 'pending'`);
  }
  await finishCampaigns(db);
  return claimed.length;
}

async function settleFailure(
  db: Database,
  row: Claimed,
  error: unknown,
  { maxAttempts, retryBaseMs }: { maxAttempts: number; retryBaseMs: number },
) {
  const answer = smtpAnswerOf(error);
  const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  if (answer && answer.code >= 500) {
    // A 5xx at RCPT or DATA: the address does not take mail. Hard bounce, with its reason.
    await db.execute(sql`
      update campaign_messages set status = 'failed', last_error = ${lastError}
      where id = ${row.id}`);
    await recordSmtpRejection(db, row.id, answer);
    return;
  }
  const final = row.attempts >= maxAttempts;
  const delayMs = retryBaseMs * 2 ** (row.attempts - 1);
  await db.execute(sql`
    update campaign_messages set last_error = ${lastError},
      status = ${final ? "failed" : "pending"},
      run_at = now() + ${delayMs} * interval '1 millisecond'
    where id = ${row.id}`);
}

export interface CampaignSender {
  stop: () => Promise<void>;
}

/** Rounds until stopped; sleeps `idleMs` when nothing is due (or no slot is free). */
export function startCampaignSender(options: SenderOptions & { idleMs?: number }): CampaignSender {
  const idleMs = options.idleMs ?? 1_000;
  const templateOf = templateCache(options.context);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    while (!stopped) {
      let claimed = 0;
      try {
        await startDueCampaigns(options.db);
        claimed = await sendCampaignRound(options, templateOf);
      } catch (error) {
        getLogger().warn({ err: error }, "campaign round failed; trying again shortly");
      }
      if (claimed === 0 && !stopped) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, idleMs);
        });
      }
    }
  })();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await loop;
      options.transport.close();
    },
  };
}

import { desc, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import ipaddr from "ipaddr.js";
import { rateLimits } from "../../../db/schema.ts";
import { getDb } from "../db/db.server.ts";
import { rowsOf } from "../db/rows.ts";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfterSeconds: number;
}

/**
 * The statement that counts one hit on `key` in a fixed window of `windowMs` and answers the
 * row's `count` and `reset_at`: alone (hitRateLimit) or as a CTE of a statement that acts
 * only within the limit (the link forms, docs/decisions/225). Past the limit the count stops
 * growing: a refused client gains nothing by hammering. With `onlyIf`, nothing is counted (and
 * no row answered) unless it holds: the robots' heartbeats count only a token that signs.
 */
export function rateLimitHitSql(
  key: string,
  limit: number,
  windowMs: number,
  onlyIf: SQL = sql`true`,
): SQL {
  const expired = sql`${rateLimits.resetAt} <= now()`;
  return sql`insert into ${rateLimits} (key, count, reset_at)
    select ${key}, 1, ${new Date(Date.now() + windowMs).toISOString()}::timestamptz
    where ${onlyIf}
    on conflict (key) do update set
      count = case when ${expired} then 1 when ${rateLimits.count} > ${limit}
        then ${rateLimits.count} else ${rateLimits.count} + 1 end,
      reset_at = case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end
    returning count, reset_at`;
}

/**
 * Counts one hit on `key` in a fixed window and says whether it is within `limit`. The
 * counter lives in the database, so every server process on one PostgreSQL shares it.
 */
export async function hitRateLimit(
  key: string,
  limit: number,
  windowMs: number,
): Promise<RateLimitResult> {
  const db = await getDb();
  const [row] = rowsOf<{ count: number; reset_at: Date | string }>(
    await db.execute(rateLimitHitSql(key, limit, windowMs)),
  );
  if (!row) throw new Error("rate limit upsert returned no row");
  return {
    allowed: row.count <= limit,
    retryAfterSeconds: Math.max(
      1,
      Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000),
    ),
  };
}

/** Forgets the counter of `key` (for example after a successful login). */
export async function resetRateLimit(key: string): Promise<void> {
  const db = await getDb();
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/**
 * The rate limit's subject for a client address: IPv4 as is (also when mapped into IPv6),
 * IPv6 by its /64 network, since one IPv6 client usually holds a whole /64. Anything that
 * is not an address passes through unchanged.
 */
export function rateLimitSubject(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}

/** Counters kept at most; past it the ones closest to expiring go first (decision 057). */
export const MAX_RATE_LIMIT_ROWS = 100_000;
const PURGE_INTERVAL_MS = 60_000;

/**
 * Deletes expired counters, then the ones closest to expiring beyond `maxRows`, so an
 * attacker rotating addresses cannot grow the table without bound. Returns how many went.
 */
export async function purgeRateLimits(maxRows = MAX_RATE_LIMIT_ROWS): Promise<number> {
  const db = await getDb();
  const expired = await db
    .delete(rateLimits)
    .where(lte(rateLimits.resetAt, sql`now()`))
    .returning({ key: rateLimits.key });
  const newest = db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .orderBy(desc(rateLimits.resetAt))
    .offset(maxRows);
  const beyondCap = await db
    .delete(rateLimits)
    .where(inArray(rateLimits.key, newest))
    .returning({ key: rateLimits.key });
  return expired.length + beyondCap.length;
}

/** Purges every minute on an unref'd timer (it never keeps the process alive). */
export function startRateLimitPurge(onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => {
    purgeRateLimits().catch(onError);
  }, PURGE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

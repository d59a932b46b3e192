// POST /api/robo/sinal: the robot on the customer's VPS reports once a minute (decisions 380,
// 394). The answer's order is token (401), then the token's rate limit (429), then the body
// (415, 413, 400); only a heartbeat that passes all of them is stored, as the minute's one
// sample. The body is judged in memory first, so the token check, the rate-limit hit and the
// store are one statement: one round trip and one commit per heartbeat. A database that cannot
// take it (down, or no connection free in time) answers 503 with Retry-After, never a 500.
import { sql } from "drizzle-orm";
import { heartbeatSamples, robotTokens, subscriptions } from "../../../db/schema.ts";
import { heartbeatErrors } from "../../content/fleet.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { rateLimitHitSql } from "../../platform/http/rate-limit.server.ts";
import { readBody } from "../../platform/http/read-form.server.ts";
import { hashToken, isWellFormedToken } from "../../platform/mail/link-tokens.server.ts";
import { liveSubscriptionStates } from "../subscriptions/model.ts";
import { readHeartbeat, type Heartbeat } from "./heartbeat.ts";
import { HEARTBEAT_MAX_BYTES, HEARTBEATS_PER_MINUTE } from "./model.ts";

export interface HeartbeatAnswer {
  status: 204 | 400 | 401 | 413 | 415 | 429 | 503;
  error?: string;
  retryAfterSeconds?: number;
}

const MINUTE_MS = 60_000;

type BodyVerdict = { ok: true; heartbeat: Heartbeat } | { ok: false; answer: HeartbeatAnswer };

/** The body as a heartbeat, or the answer it gets once the token and the limit let it through. */
async function judgeBody(request: Request, now: Date): Promise<BodyVerdict> {
  const refuse = (status: 400 | 413 | 415, error: string): BodyVerdict => ({
    ok: false,
    answer: { status, error },
  });
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim();
  if (mediaType.toLowerCase() !== "application/json") {
    return refuse(415, heartbeatErrors.notJson);
  }
  let bytes: Uint8Array | null;
  try {
    bytes = await readBody(request, HEARTBEAT_MAX_BYTES);
  } catch {
    return refuse(400, heartbeatErrors.notJson);
  }
  if (!bytes) return refuse(413, heartbeatErrors.tooLarge);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return refuse(400, heartbeatErrors.notJson);
  }
  const read = readHeartbeat(body, now);
  return read.ok ? { ok: true, heartbeat: read.heartbeat } : refuse(400, read.message);
}

export async function receiveHeartbeat(request: Request, now: Date): Promise<HeartbeatAnswer> {
  const token = /^Bearer (\S+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
  const unauthorized: HeartbeatAnswer = { status: 401, error: heartbeatErrors.unauthorized };
  if (!token || !isWellFormedToken(token)) return unauthorized;
  const verdict = await judgeBody(request, now);
  let result;
  try {
    result = await signAndStore(hashToken(token), verdict.ok ? verdict.heartbeat : null, now);
  } catch (error) {
    // The database is down or has no connection free in time: the robot's next minute's
    // heartbeat comes anyway, so the answer says to wait, not that the robot erred.
    getLogger().warn({ err: error }, "heartbeat not stored");
    return { status: 503, error: heartbeatErrors.unavailable, retryAfterSeconds: 60 };
  }
  if (!result) return unauthorized;
  if (!result.allowed) {
    return {
      status: 429,
      error: heartbeatErrors.rateLimited,
      retryAfterSeconds: result.retryAfterSeconds,
    };
  }
  return verdict.ok ? { status: 204 } : verdict.answer;
}

/**
 * In one statement: the subscription the token signs for (unrevoked, its subscription still
 * served), one hit on the token's rate limit, and, within the limit, the minute's sample (a
 * second report in the same minute replaces the first). Null when the token signs for none.
 * Its commit does not wait for the disk (decision 394): a heartbeat is a sample the robot
 * sends again a minute later, and a crash of PostgreSQL loses at most the last fraction of
 * a second of them, never their consistency.
 */
async function signAndStore(
  tokenHash: string,
  heartbeat: Heartbeat | null,
  now: Date,
): Promise<{ allowed: boolean; retryAfterSeconds: number } | null> {
  const db = await getDb();
  const live = sql.join(
    liveSubscriptionStates.map((state) => sql`${state}`),
    sql`, `,
  );
  const hit = rateLimitHitSql(
    `heartbeat:${tokenHash}`,
    HEARTBEATS_PER_MINUTE,
    MINUTE_MS,
    sql`exists (select 1 from signer)`,
  );
  const bucket = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  const store = heartbeat
    ? sql`, stored as (
        insert into ${heartbeatSamples} (subscription_id, resolution, bucket, at, minutes,
          account_number, balance_cents, equity_cents, open_positions, last_trade_at,
          last_trade_profit_cents, robot_version, terminal_connected)
        select signer.subscription_id, 'minute', ${bucket.toISOString()}::timestamptz,
          ${now.toISOString()}::timestamptz, 1, ${heartbeat.accountNumber},
          ${heartbeat.balanceCents}, ${heartbeat.equityCents}, ${heartbeat.openPositions},
          ${heartbeat.lastTradeAt?.toISOString() ?? null}::timestamptz,
          ${heartbeat.lastTradeProfitCents}::bigint, ${heartbeat.robotVersion},
          ${heartbeat.terminalConnected}
        from signer, hit where hit.count <= ${HEARTBEATS_PER_MINUTE}
        on conflict (subscription_id, resolution, bucket) do update set
          at = excluded.at, account_number = excluded.account_number,
          balance_cents = excluded.balance_cents, equity_cents = excluded.equity_cents,
          open_positions = excluded.open_positions, last_trade_at = excluded.last_trade_at,
          last_trade_profit_cents = excluded.last_trade_profit_cents,
          robot_version = excluded.robot_version,
          terminal_connected = excluded.terminal_connected
        returning 1)`
    : sql``;
  const [row] = rowsOf<{ count: number | null; reset_at: Date | string | null }>(
    await db.execute(sql`with signer as (
        select t.subscription_id from ${robotTokens} t
        join ${subscriptions} s on s.id = t.subscription_id
        where t.token_hash = ${tokenHash} and t.revoked_at is null and s.state in (${live})
      ), hit as (${hit})${store}
      select (select count from hit) as count, (select reset_at from hit) as reset_at,
        set_config('synchronous_commit', 'off', true) as commit_mode`),
  );
  if (!row || row.count === null || row.reset_at === null) return null;
  return {
    allowed: row.count <= HEARTBEATS_PER_MINUTE,
    retryAfterSeconds: Math.max(
      1,
      Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000),
    ),
  };
}

// POST /api/robo/sinal: the robot on the customer's VPS reports once a minute (decision 380).
// Token first (401), then the token's rate limit (429), then the body (413, 400); only a
// heartbeat that passes all of them is stored, as the minute's one sample.
import { sql } from "drizzle-orm";
import { heartbeatSamples } from "../../../db/schema.ts";
import { heartbeatErrors } from "../../content/fleet.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { hitRateLimit } from "../../platform/http/rate-limit.server.ts";
import { readBody } from "../../platform/http/read-form.server.ts";
import { readHeartbeat, type Heartbeat } from "./heartbeat.ts";
import { HEARTBEAT_MAX_BYTES, HEARTBEATS_PER_MINUTE } from "./model.ts";
import { subscriptionOfToken } from "./tokens.server.ts";

export interface HeartbeatAnswer {
  status: 204 | 400 | 401 | 413 | 415 | 429;
  error?: string;
  retryAfterSeconds?: number;
}

const MINUTE_MS = 60_000;

export async function receiveHeartbeat(request: Request, now: Date): Promise<HeartbeatAnswer> {
  const token = /^Bearer (\S+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
  const subscriptionId = token ? await subscriptionOfToken(await getDb(), token) : null;
  if (!subscriptionId) return { status: 401, error: heartbeatErrors.unauthorized };

  const limit = await hitRateLimit(`heartbeat:${subscriptionId}`, HEARTBEATS_PER_MINUTE, MINUTE_MS);
  if (!limit.allowed) {
    return {
      status: 429,
      error: heartbeatErrors.rateLimited,
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }

  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim();
  if (mediaType.toLowerCase() !== "application/json") {
    return { status: 415, error: heartbeatErrors.notJson };
  }
  let bytes: Uint8Array | null;
  try {
    bytes = await readBody(request, HEARTBEAT_MAX_BYTES);
  } catch {
    return { status: 400, error: heartbeatErrors.notJson };
  }
  if (!bytes) return { status: 413, error: heartbeatErrors.tooLarge };
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return { status: 400, error: heartbeatErrors.notJson };
  }
  const read = readHeartbeat(body, now);
  if (!read.ok) return { status: 400, error: read.message };

  await storeMinute(subscriptionId, read.heartbeat, now);
  return { status: 204 };
}

/** The minute's sample: a second report in the same minute replaces the first. */
async function storeMinute(subscriptionId: string, heartbeat: Heartbeat, now: Date) {
  const db = await getDb();
  const bucket = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  const values = { ...heartbeat, subscriptionId, resolution: "minute" as const, bucket, at: now };
  await db
    .insert(heartbeatSamples)
    .values({ ...values, minutes: 1 })
    .onConflictDoUpdate({
      target: [
        heartbeatSamples.subscriptionId,
        heartbeatSamples.resolution,
        heartbeatSamples.bucket,
      ],
      set: {
        at: sql`excluded.at`,
        accountNumber: sql`excluded.account_number`,
        balanceCents: sql`excluded.balance_cents`,
        equityCents: sql`excluded.equity_cents`,
        openPositions: sql`excluded.open_positions`,
        lastTradeAt: sql`excluded.last_trade_at`,
        lastTradeProfitCents: sql`excluded.last_trade_profit_cents`,
        robotVersion: sql`excluded.robot_version`,
        terminalConnected: sql`excluded.terminal_connected`,
      },
    });
}

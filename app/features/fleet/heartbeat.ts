// The heartbeat's body as the robot sends it (robot/heartbeat.mqh): read strictly, money as
// decimal text turned into integer cents without floating point (decision 380).
import { z } from "zod";
import { heartbeatErrors, heartbeatFieldErrors as why } from "../../content/fleet.ts";
import { CLOCK_SKEW_MS } from "./model.ts";

export interface Heartbeat {
  accountNumber: string;
  balanceCents: number;
  equityCents: number;
  openPositions: number;
  lastTradeAt: Date | null;
  lastTradeProfitCents: number | null;
  robotVersion: string;
  terminalConnected: boolean;
}

const DECIMAL = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/;
const MAX_CENTS = 100_000_000_000_000; // a trillion

/** "1234.5" (or the JSON number 1234.5, read as its decimal text) as 123450 cents. */
export function decimalToCents(value: string): number | null {
  const match = DECIMAL.exec(value);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  if (cents > MAX_CENTS) return null;
  return match[1] ? -cents : cents;
}

const decimal = (message: string, min: number) =>
  z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const cents = decimalToCents(String(value));
    if (cents === null || cents < min) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return cents;
  });

const EARLIEST = Date.UTC(2000, 0, 1) / 1000;

function heartbeatSchema(now: Date) {
  const unixTime = z
    .number({ error: why.time })
    .int(why.time)
    .min(EARLIEST, why.time)
    .max((now.getTime() + CLOCK_SKEW_MS) / 1000, why.time)
    .transform((seconds) => new Date(seconds * 1000));
  return z.strictObject(
    {
      accountNumber: z.string({ error: why.accountNumber }).regex(/^\d{4,20}$/, why.accountNumber),
      balance: decimal(why.money, 0),
      equity: decimal(why.money, 0),
      openPositions: z
        .number({ error: why.openPositions })
        .int(why.openPositions)
        .min(0, why.openPositions)
        .max(10_000, why.openPositions),
      lastTradeAt: unixTime.nullable(),
      lastTradeProfit: decimal(why.profit, -MAX_CENTS).nullable(),
      robotVersion: z
        .string({ error: why.robotVersion })
        .regex(/^[\x21-\x7e]{1,32}$/, why.robotVersion),
      terminalConnected: z.boolean({ error: why.terminalConnected }),
    },
    { error: why.unknown },
  );
}

/** The heartbeat in `body` (already JSON-parsed), or the Portuguese reason it is refused. */
export function readHeartbeat(
  body: unknown,
  now: Date,
): { ok: true; heartbeat: Heartbeat } | { ok: false; message: string } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, message: heartbeatErrors.notJson };
  }
  const parsed = heartbeatSchema(now).safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field =
      issue.code === "unrecognized_keys" ? issue.keys.join(", ") : issue.path.join(".") || "?";
    return { ok: false, message: heartbeatErrors.invalid(field, issue.message) };
  }
  const { balance, equity, lastTradeProfit, ...rest } = parsed.data;
  if ((rest.lastTradeAt === null) !== (lastTradeProfit === null)) {
    return { ok: false, message: heartbeatErrors.invalid("lastTradeProfit", why.profit) };
  }
  return {
    ok: true,
    heartbeat: {
      ...rest,
      balanceCents: balance,
      equityCents: equity,
      lastTradeProfitCents: lastTradeProfit,
    },
  };
}

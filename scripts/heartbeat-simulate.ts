// `npm run heartbeat:simulate -- --token=<token> [--url <site>] [--every <s>] [--count <n>]
// [--disconnected]`: stands in for robot/heartbeat.mqh in development and tests. Posts the
// same JSON the MQL include sends, once every `--every` seconds (60, like the robot), with a
// balance that drifts by whole cents; prints each answer's status (204 = stored).
import { parseArgs } from "node:util";
import { HEARTBEAT_PATH } from "../app/features/fleet/model.ts";

const USAGE =
  "Usage: npm run heartbeat:simulate -- --token=<token> [--url http://localhost:3000] [--every 60] [--count 0 (for ever)] [--disconnected]";

const { values } = parseArgs({
  options: {
    token: { type: "string" },
    url: { type: "string", default: process.env.SITE_URL ?? "http://localhost:3000" },
    every: { type: "string", default: "60" },
    count: { type: "string", default: "0" },
    account: { type: "string", default: "51234567" },
    disconnected: { type: "boolean", default: false },
  },
});
const every = Number(values.every);
const count = Number(values.count);
if (!values.token || !(every > 0) || !Number.isInteger(count) || count < 0) {
  console.error(USAGE);
  process.exit(2);
}
const endpoint = new URL(HEARTBEAT_PATH, values.url);

/** Integer cents as the decimal text the robot sends ("-0.30"). */
function decimal(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
let balanceCents = 1_000_000;
let lastTrade: { at: number; profitCents: number } | null = null;

async function beat(): Promise<number> {
  // A trade closes now and then; its profit moves the balance.
  if (Math.random() < 0.2) {
    const profitCents = Math.round((Math.random() - 0.45) * 5000);
    balanceCents = Math.max(0, balanceCents + profitCents);
    lastTrade = { at: Math.floor(Date.now() / 1000), profitCents };
  }
  const open = Math.floor(Math.random() * 3);
  const body = {
    accountNumber: values.account,
    balance: decimal(balanceCents),
    equity: decimal(Math.max(0, balanceCents + open * Math.round((Math.random() - 0.5) * 2000))),
    openPositions: open,
    lastTradeAt: lastTrade?.at ?? null,
    lastTradeProfit: lastTrade ? decimal(lastTrade.profitCents) : null,
    robotVersion: "simulador-1.0",
    terminalConnected: !values.disconnected,
  };
  const answer = await fetch(endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${values.token}` },
    body: JSON.stringify(body),
  });
  const text = answer.status === 204 ? "" : ` ${await answer.text()}`;
  console.log(`${new Date().toISOString()} ${answer.status}${text}`);
  return answer.status;
}

for (let sent = 0; count === 0 || sent < count; sent += 1) {
  if (sent > 0) await new Promise((resolve) => setTimeout(resolve, every * 1000));
  try {
    await beat();
  } catch (error) {
    console.log(`${new Date().toISOString()} no answer: ${(error as Error).message}`);
  }
}

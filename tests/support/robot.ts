import { receiveHeartbeat } from "../../app/features/fleet/heartbeat.server.ts";
import { HEARTBEAT_PATH } from "../../app/features/fleet/model.ts";

// A robot's heartbeat as the route hands it to the fleet feature, at a time the test chooses.

export const heartbeatBody = (overrides: Record<string, unknown> = {}) => ({
  accountNumber: "51234567",
  balance: "10234.56",
  equity: "10180.10",
  openPositions: 2,
  lastTradeAt: Math.floor(Date.UTC(2027, 1, 1, 12) / 1000),
  lastTradeProfit: "-12.30",
  robotVersion: "1.0.0",
  terminalConnected: true,
  ...overrides,
});

export function heartbeatRequest(
  token: string | null,
  body: unknown,
  contentType = "application/json",
): Request {
  const headers: Record<string, string> = { "Content-Type": contentType };
  if (token) headers.Authorization = `Bearer ${token}`;
  return new Request(`http://localhost${HEARTBEAT_PATH}`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export async function postHeartbeat(token: string | null, body: unknown, now: Date) {
  return receiveHeartbeat(heartbeatRequest(token, body), now);
}

// The three agents' ids: URL slugs of their pages, robot slugs in the database and the
// values of the waitlist form's `agents` field.
export const agentIds = ["yenmax", "midaspulse", "trendkey-btc"] as const;
export type AgentId = (typeof agentIds)[number];

export const agentNames: Record<AgentId, string> = {
  yenmax: "YenMax Agent",
  midaspulse: "MidasPulse Agent",
  "trendkey-btc": "TrendKey BTC",
};

export function isAgentId(value: string): value is AgentId {
  return (agentIds as readonly string[]).includes(value);
}

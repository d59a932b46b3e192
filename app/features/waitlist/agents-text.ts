import { waitlistAdminCopy as copy } from "../../content/admin.ts";
import { agentNames, isAgentId } from "../../content/agent-ids.ts";

/** Agent ids as names, joined by a comma (docs/decisions/034-admin-display.md). */
export function agentsText(agents: readonly string[]): string {
  if (agents.length === 0) return copy.noAgents;
  return agents.map((id) => (isAgentId(id) ? agentNames[id] : id)).join(", ");
}

import type { AgentId } from "../../content/agent-ids.ts";
import { agentPageCopy } from "../../content/agent-page.ts";
import { agents, type AgentContent } from "../../content/agents.ts";
import { plans, type PlanContent } from "../../content/plans.ts";
import { agentOffer, agentOffers, type AgentOffer, type RobotRow } from "./offer.ts";

// What the agent cards, agent pages and plan cards show: the static content of
// content/agents.ts and content/plans.ts joined with the robot rows. Loaders build these,
// so a page ships only the content it shows instead of all three agents' texts in its
// JavaScript (docs/decisions/014-page-weight.md).

type AgentSummary = Pick<
  AgentContent,
  "pair" | "strategy" | "riskLevel" | "idealFor" | "summary" | "gradient" | "icon"
>;

export type AgentCardView = AgentOffer & AgentSummary;

export function agentCards(rows: readonly RobotRow[]): AgentCardView[] {
  return agentOffers(rows).map((offer) => {
    const { pair, strategy, riskLevel, idealFor, summary, gradient, icon } = agents[offer.id];
    return { ...offer, pair, strategy, riskLevel, idealFor, summary, gradient, icon };
  });
}

export interface AgentPageView {
  offer: AgentOffer;
  agent: AgentContent;
  description: string;
}

export function agentPage(id: AgentId, row: RobotRow | undefined): AgentPageView {
  const offer = agentOffer(id, row);
  const agent = agents[id];
  return { offer, agent, description: agentPageCopy.metaDescription(offer.name, agent) };
}

export type PlanCardView = AgentOffer & PlanContent & Pick<AgentContent, "gradient" | "icon">;

export function planCards(rows: readonly RobotRow[]): PlanCardView[] {
  return agentOffers(rows).map((offer) => {
    const { gradient, icon } = agents[offer.id];
    return { ...offer, ...plans[offer.id], gradient, icon };
  });
}

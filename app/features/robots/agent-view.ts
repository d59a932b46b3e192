import type { AgentId } from "../../content/agent-ids.ts";
import { agentPageCopy } from "../../content/agent-page.ts";
import { agents, type AgentContent } from "../../content/agents.ts";
import { plans, type PlanContent } from "../../content/plans.ts";
import { spotsCopy } from "../../content/spots.ts";
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

/** The badge and line about spots next to a price; `soldOut` when none is free. */
export interface SpotsNotice {
  badge: string;
  text: string;
  soldOut: boolean;
  /** True when the text counts free spots (a robot with a capacity). */
  live: boolean;
}

/**
 * A robot with a capacity says how many spots are free, or that they are sold out (issue
 * 12); an unlimited robot keeps its content's badge and text, if any.
 */
export function spotsNotice(agent: AgentContent, offer: AgentOffer): SpotsNotice | null {
  if (offer.freeSpots === null) {
    return agent.scarcity ? { ...agent.scarcity, soldOut: false, live: false } : null;
  }
  if (offer.freeSpots === 0) {
    return { badge: spotsCopy.soldOutBadge, text: spotsCopy.soldOut, soldOut: true, live: true };
  }
  return {
    badge: agent.scarcity?.badge ?? spotsCopy.limitedBadge,
    text: spotsCopy.available(offer.freeSpots),
    soldOut: false,
    live: true,
  };
}

export interface AgentPageView {
  offer: AgentOffer;
  agent: AgentContent;
  notice: SpotsNotice | null;
  description: string;
}

export function agentPage(id: AgentId, row: RobotRow | undefined): AgentPageView {
  const offer = agentOffer(id, row);
  const agent = agents[id];
  return {
    offer,
    agent,
    notice: spotsNotice(agent, offer),
    description: agentPageCopy.metaDescription(offer.name, agent),
  };
}

export type PlanCardView = AgentOffer &
  PlanContent &
  Pick<AgentContent, "gradient" | "icon"> & { notice: SpotsNotice | null };

/** /precos shows the spots only of robots with a capacity. */
export function planCards(rows: readonly RobotRow[]): PlanCardView[] {
  return agentOffers(rows).map((offer) => {
    const agent = agents[offer.id];
    const notice = spotsNotice(agent, offer);
    return {
      ...offer,
      ...plans[offer.id],
      gradient: agent.gradient,
      icon: agent.icon,
      notice: notice?.live ? notice : null,
    };
  });
}

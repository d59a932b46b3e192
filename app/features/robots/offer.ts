import type { robots } from "../../../db/schema.ts";
import { agentIds, agentNames, type AgentId } from "../../content/agent-ids.ts";
import { discountedPrice, parseStoredPrice } from "../../lib/format.ts";
import { httpUrlOrNull } from "../../lib/url.ts";

export type RobotRow = typeof robots.$inferSelect;

/** What the public pages show of a robot row (DESIGN.md decision 10). */
export interface AgentOffer {
  id: AgentId;
  name: string;
  /** Monthly USD price, null for "Sob consulta". */
  price: number | null;
  /** price x 0.75, null when there is no price. */
  discountedPrice: number | null;
  /** The MyFxBook page, only when it is an http(s) URL. */
  myfxbookUrl: string | null;
}

/**
 * The offer of one agent. The agent's pages are keyed by its id; without a robot row of that
 * slug (an admin re-slugged it) the page keeps its static name and shows "Sob consulta"
 * (docs/decisions/012-robots-on-public-pages.md).
 */
export function agentOffer(id: AgentId, row: RobotRow | undefined): AgentOffer {
  const price = row ? parseStoredPrice(row.price) : null;
  return {
    id,
    name: row?.name.trim() || agentNames[id],
    price,
    discountedPrice: price === null ? null : discountedPrice(price),
    myfxbookUrl: httpUrlOrNull(row?.myfxbookLink),
  };
}

/** The three agents' offers, in the site's order, from any list of robot rows. */
export function agentOffers(rows: readonly RobotRow[]): AgentOffer[] {
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  return agentIds.map((id) => agentOffer(id, bySlug.get(id)));
}

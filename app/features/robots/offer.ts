import type { robots } from "../../../db/schema.ts";
import { agentIds, agentNames, type AgentId } from "../../content/agent-ids.ts";
import { httpUrlOrNull } from "../../lib/url.ts";
import { priceTexts, type PriceTexts } from "../orders/format.ts";
import { robotPrice } from "../orders/money.ts";

/** A robot row as the public pages read it, with its free spots when it has a capacity. */
export type RobotRow = typeof robots.$inferSelect & {
  /** capacity - accepted - open invitations; null: unlimited or unknown. */
  freeSpots?: number | null;
};

/** What the public pages show of a robot row (docs/product.md rule 10). */
export interface AgentOffer {
  id: AgentId;
  /** The page's current URL slug (the key until staff rename it). */
  slug: string;
  name: string;
  /** The monthly and partner prices as written, null for "Sob consulta". */
  price: PriceTexts | null;
  /** The MyFxBook page, only when it is an http(s) URL. */
  myfxbookUrl: string | null;
  /** Spots free now, null for a robot without a capacity. */
  freeSpots: number | null;
}

/**
 * The offer of one agent. Pages are keyed by the robot's immutable key; without a robot row
 * of that key the page keeps its static name and shows "Sob consulta"
 * (docs/decisions/012-robots-on-public-pages.md, docs/decisions/090).
 */
export function agentOffer(id: AgentId, row: RobotRow | undefined): AgentOffer {
  const price = row ? robotPrice(row.price) : null;
  return {
    id,
    slug: row?.slug ?? id,
    name: row?.name.trim() || agentNames[id],
    price: price === null ? null : priceTexts(price),
    myfxbookUrl: httpUrlOrNull(row?.myfxbookLink),
    freeSpots: row?.capacity == null ? null : Math.max(0, row.freeSpots ?? row.capacity),
  };
}

/** The three agents' offers, in the site's order, from any list of robot rows. */
export function agentOffers(rows: readonly RobotRow[]): AgentOffer[] {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return agentIds.map((id) => agentOffer(id, byKey.get(id)));
}

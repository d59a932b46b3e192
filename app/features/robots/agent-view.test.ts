import { describe, expect, it } from "vitest";
import { agentCards, agentPage, planCards } from "./agent-view.ts";
import type { RobotRow } from "./offer.ts";

const row = (slug: string, price: string | null, name = slug): RobotRow => ({
  id: slug,
  name,
  slug,
  description: "",
  logoUrl: null,
  myfxbookLink: null,
  price,
  createdAt: new Date(),
});
const rows = [row("yenmax", "199.00"), row("midaspulse", "179.00"), row("trendkey-btc", "249.00")];

describe("agent views", () => {
  it("joins each card's static content with its robot's price", () => {
    const cards = agentCards(rows);
    expect(cards.map((c) => [c.id, c.pair, c.riskLevel, c.discountedPrice])).toEqual([
      ["yenmax", "USDJPY", "Alto", 149.25],
      ["midaspulse", "Multi-Pares", "Moderado", 134.25],
      ["trendkey-btc", "BTCUSD", "Alto", 186.75],
    ]);
    expect(cards[0]).not.toHaveProperty("metrics");
  });

  it("gives an agent page its own content only", () => {
    const page = agentPage("trendkey-btc", rows[2]);
    expect(page.offer.price).toBe(249);
    expect(page.agent.scarcity).toEqual({
      badge: "Vagas Muito Limitadas",
      text: "Apenas 20 vagas disponíveis",
    });
    expect(page.agent.riskWarning.critical).toBe(true);
    expect(page.description).toContain("trendkey-btc");
  });

  it("marks MidasPulse as the most popular plan", () => {
    const plans = planCards(rows);
    expect(plans.map((p) => [p.id, p.highlight ?? null, p.riskLevel])).toEqual([
      ["yenmax", null, "Alto"],
      ["midaspulse", "Mais Popular", "Moderado"],
      ["trendkey-btc", null, "Alto"],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { agentCards, agentPage, planCards } from "./agent-view.ts";
import type { RobotRow } from "./offer.ts";

const row = (slug: string, price: string | null, name = slug): RobotRow => ({
  id: slug,
  key: slug,
  name,
  slug,
  description: "",
  logoUrl: null,
  myfxbookLink: null,
  price,
  capacity: slug === "trendkey-btc" ? 20 : null,
  autoInvite: false,
  createdAt: new Date(),
});
const rows = [row("yenmax", "199.00"), row("midaspulse", "179.00"), row("trendkey-btc", "249.00")];

describe("agent views", () => {
  it("joins each card's static content with its robot's price", () => {
    const cards = agentCards(rows);
    expect(cards.map((c) => [c.id, c.pair, c.riskLevel, c.price?.partner])).toEqual([
      ["yenmax", "USDJPY", "Alto", "US$\u00a0149,25"],
      ["midaspulse", "Multi-Pares", "Moderado", "US$\u00a0134,25"],
      ["trendkey-btc", "BTCUSD", "Alto", "US$\u00a0186,75"],
    ]);
    expect(cards[0]).not.toHaveProperty("metrics");
  });

  it("gives an agent page its own content only", () => {
    const page = agentPage("trendkey-btc", rows[2]);
    expect(page.offer.price?.monthly).toBe("US$\u00a0249,00");
    expect(page.notice).toEqual({
      badge: "Vagas Muito Limitadas",
      text: "Apenas 20 vagas disponíveis",
      soldOut: false,
      live: true,
    });
    expect(page.agent.riskWarning.critical).toBe(true);
    expect(page.description).toContain("trendkey-btc");
  });

  it("counts the free spots of a robot with a capacity, and says when none is left", () => {
    const trendkey = rows[2] as RobotRow;
    expect(agentPage("trendkey-btc", { ...trendkey, freeSpots: 1 }).notice?.text).toBe(
      "Apenas 1 vaga disponível",
    );
    expect(agentPage("trendkey-btc", { ...trendkey, freeSpots: 0 }).notice).toEqual({
      badge: "Vagas Esgotadas",
      text: "Vagas esgotadas: entre na lista de espera",
      soldOut: true,
      live: true,
    });
    expect(
      agentPage("yenmax", { ...(rows[0] as RobotRow), capacity: 5, freeSpots: 3 }).notice,
    ).toMatchObject({ badge: "Vagas Limitadas", text: "Apenas 3 vagas disponíveis" });
  });

  it("keeps an unlimited robot's own badge, and shows spots on /precos only when limited", () => {
    expect(agentPage("yenmax", rows[0]).notice).toMatchObject({
      badge: "Vagas Limitadas",
      live: false,
    });
    expect(agentPage("midaspulse", rows[1]).notice).toBeNull();
    expect(planCards(rows).map((plan) => plan.notice?.text ?? null)).toEqual([
      null,
      null,
      "Apenas 20 vagas disponíveis",
    ]);
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

import { describe, expect, it } from "vitest";
import { agentIds } from "./agent-ids.ts";
import { agents } from "./agents.ts";
import { blogCategories, categoryFromSlug } from "./blog.ts";
import { howItWorksCopy } from "./how-it-works.ts";
import { privacyCopy, riskNoticeCopy, termsCopy } from "./legal.ts";
import { plans } from "./plans.ts";
import { pricingCopy } from "./pricing.ts";

// The counts and fixed words docs/product.md asks for, so an edit of the copy cannot drop one.
describe("page copy", () => {
  it("has 9 terms sections, 10 privacy sections and a risk notice", () => {
    expect(termsCopy.sections).toHaveLength(9);
    expect(privacyCopy.sections).toHaveLength(10);
    expect(riskNoticeCopy.sections.length).toBeGreaterThan(0);
  });

  it("has six steps, four VPS features, four discount steps and six FAQ items", () => {
    expect(howItWorksCopy.steps.items).toHaveLength(6);
    expect(howItWorksCopy.vps.items).toHaveLength(4);
    expect(howItWorksCopy.discount.steps).toHaveLength(4);
    expect(howItWorksCopy.faq.items).toHaveLength(6);
    expect(howItWorksCopy.steps.items[1]?.text).toContain("{corretora}");
  });

  it("lists eight included items, five payment methods and the 7-day guarantee", () => {
    expect(pricingCopy.included.items).toHaveLength(8);
    expect(pricingCopy.payment.methods).toHaveLength(5);
    expect(pricingCopy.guarantee.title).toBe("Garantia de 7 dias");
  });

  it("gives every agent its content, plan and risk level", () => {
    for (const id of agentIds) {
      expect(agents[id].metrics).toHaveLength(4);
      expect(plans[id].riskLevel).toBe(agents[id].riskLevel);
    }
    expect(agents.yenmax.riskLevel).toBe("Alto");
    expect(agents.midaspulse.riskLevel).toBe("Moderado");
    expect(agents["trendkey-btc"].riskLevel).toBe("Alto");
    expect(agents.midaspulse.pairs?.items).toHaveLength(6);
    expect(plans.midaspulse.highlight).toBe("Mais Popular");
  });

  it("filters the blog by the four categories of the schema", () => {
    expect(blogCategories.map((category) => category.label)).toEqual([
      "Educação",
      "Estratégia",
      "Tecnologia",
      "Mercado",
    ]);
    expect(categoryFromSlug("estrategia")).toBe("Estratégia");
    expect(categoryFromSlug("Estratégia")).toBeNull();
    expect(categoryFromSlug("nao-existe")).toBeNull();
    expect(categoryFromSlug(null)).toBeNull();
  });
});

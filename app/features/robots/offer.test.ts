import { describe, expect, it } from "vitest";
import { agentOffer, agentOffers, type RobotRow } from "./offer.ts";

function row(overrides: Partial<RobotRow>): RobotRow {
  return {
    id: "00000000-0000-0000-0000-000000000000",
    key: overrides.slug ?? "yenmax",
    name: "YenMax Agent",
    slug: "yenmax",
    description: "d",
    logoUrl: null,
    myfxbookLink: null,
    price: "199.00",
    capacity: null,
    autoInvite: false,
    createdAt: new Date(),
    ...overrides,
  };
}

describe("agentOffer", () => {
  it("takes name and price from the row and discounts 25%", () => {
    expect(agentOffer("yenmax", row({ name: "YenMax Pro", price: "199.00" }))).toEqual({
      id: "yenmax",
      slug: "yenmax",
      name: "YenMax Pro",
      price: { monthly: "US$\u00a0199,00", partner: "US$\u00a0149,25" },
      myfxbookUrl: null,
      freeSpots: null,
    });
  });

  it("shows no price for a null price or a missing row, and the static name", () => {
    expect(agentOffer("midaspulse", row({ slug: "midaspulse", price: null }))).toMatchObject({
      price: null,
    });
    expect(agentOffer("trendkey-btc", undefined)).toMatchObject({
      name: "TrendKey BTC",
      price: null,
      myfxbookUrl: null,
    });
  });

  it("links MyFxBook only for http(s) URLs", () => {
    const link = "https://www.myfxbook.com/members/agentesfx/yenmax/1";
    expect(agentOffer("yenmax", row({ myfxbookLink: link })).myfxbookUrl).toBe(link);
    expect(
      agentOffer("yenmax", row({ myfxbookLink: "javascript:alert(1)" })).myfxbookUrl,
    ).toBeNull();
    expect(agentOffer("yenmax", row({ myfxbookLink: "" })).myfxbookUrl).toBeNull();
    expect(
      agentOffer("yenmax", row({ myfxbookLink: "https://www.myfxbook.com@evil.example/" }))
        .myfxbookUrl,
    ).toBeNull();
  });
});

describe("agentOffers", () => {
  it("finds each agent's row by its key, whatever its slug", () => {
    const offers = agentOffers([row({ key: "yenmax", slug: "yenmax-pro", price: "10.00" })]);
    expect(offers[0]).toMatchObject({
      id: "yenmax",
      slug: "yenmax-pro",
      price: { monthly: "US$\u00a010,00", partner: "US$\u00a07,50" },
    });
    expect(offers[1]).toMatchObject({ id: "midaspulse", slug: "midaspulse", price: null });
  });

  it("lists the three agents in the site's order, whatever the rows' order", () => {
    const offers = agentOffers([
      row({ slug: "trendkey-btc", name: "TrendKey BTC", price: "249.00" }),
      row({ slug: "other", name: "Other" }),
      row({ slug: "yenmax" }),
    ]);
    expect(offers.map((offer) => [offer.id, offer.price?.partner ?? null])).toEqual([
      ["yenmax", "US$\u00a0149,25"],
      ["midaspulse", null],
      ["trendkey-btc", "US$\u00a0186,75"],
    ]);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidSlug, SLUG_MAX_LENGTH, slugify } from "./slug.ts";

describe("slugify", () => {
  it.each([
    ["Hedge e preço médio: vantagens e riscos", "hedge-e-preco-medio-vantagens-e-riscos"],
    ["Ações, Opções & Câmbio", "acoes-opcoes-cambio"],
    ["  --Já é 2026!--  ", "ja-e-2026"],
    ["ÀÉÎÕÜ çÇ ñ", "aeiou-cc-n"],
    ["TrendKey BTC", "trendkey-btc"],
    ["", ""],
    ["!!!", ""],
  ])("%j -> %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("cuts long titles at the maximum length without a trailing hyphen", () => {
    const slug = slugify(`${"a".repeat(SLUG_MAX_LENGTH - 1)} bcd`);
    expect(slug).toBe("a".repeat(SLUG_MAX_LENGTH - 1));
  });

  it("always yields a valid slug or an empty string", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (title) => {
        const slug = slugify(title);
        expect(slug === "" || isValidSlug(slug)).toBe(true);
      }),
    );
  });
});

describe("isValidSlug", () => {
  it.each(["yenmax", "trendkey-btc", "post-2026", "a"])("accepts %j", (slug) => {
    expect(isValidSlug(slug)).toBe(true);
  });

  it.each(["", "Yenmax", "com espaço", "-inicio", "fim-", "duplo--hifen", "ação", "a_b", "a/b"])(
    "refuses %j",
    (slug) => {
      expect(isValidSlug(slug)).toBe(false);
    },
  );

  it("refuses slugs longer than the maximum", () => {
    expect(isValidSlug("a".repeat(SLUG_MAX_LENGTH + 1))).toBe(false);
  });
});

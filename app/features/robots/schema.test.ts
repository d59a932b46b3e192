import { describe, expect, it } from "vitest";
import { parsePrice, robotUpdateSchema } from "./schema.ts";

describe("parsePrice", () => {
  it.each([
    ["199", 199],
    ["149.25", 149.25],
    ["149,25", 149.25],
    [" 12.345 ", 12.35],
    ["0", 0],
    ["-3", -3],
    ["", null],
    ["   ", null],
    ["abc", null],
    ["12abc", null],
    ["Infinity", null],
    ["NaN", null],
    [undefined, null],
    [null, null],
  ])("%j -> %j", (raw, price) => {
    expect(parsePrice(raw)).toBe(price);
  });
});

describe("robotUpdateSchema", () => {
  const valid = {
    name: " YenMax Agent ",
    slug: "yenmax",
    description: "Agente.",
    logoUrl: "",
    myfxbookLink: "https://www.myfxbook.com/x",
    price: "149,25",
  };

  it("trims, turns empty links into null and parses the price", () => {
    expect(robotUpdateSchema.parse(valid)).toEqual({
      name: "YenMax Agent",
      slug: "yenmax",
      description: "Agente.",
      logoUrl: null,
      myfxbookLink: "https://www.myfxbook.com/x",
      price: 149.25,
    });
  });

  it("accepts a missing price as null and refuses a negative one", () => {
    const withoutPrice: Partial<typeof valid> = { ...valid };
    delete withoutPrice.price;
    expect(robotUpdateSchema.parse(withoutPrice).price).toBeNull();
    expect(robotUpdateSchema.safeParse({ ...valid, price: "-1" }).success).toBe(false);
  });

  it("refuses control characters (PostgreSQL cannot store U+0000) but keeps line breaks", () => {
    for (const [field, value] of [
      ["name", "Yen\u0000Max"],
      ["description", "a\u0007b"],
      ["logoUrl", "https://x.example/\u0000"],
    ] as const) {
      const result = robotUpdateSchema.safeParse({ ...valid, [field]: value });
      expect(result.success, field).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/: o texto contém caracteres inválidos\.$/);
    }
    expect(
      robotUpdateSchema.parse({ ...valid, description: "linha 1\r\n\tlinha 2" }).description,
    ).toBe("linha 1\r\n\tlinha 2");
  });
});

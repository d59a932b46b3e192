import { describe, expect, it } from "vitest";
import { robotUpdateSchema } from "./schema.ts";

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
      capacity: undefined,
    });
  });

  it("accepts a missing price as null and refuses a negative one", () => {
    const withoutPrice: Partial<typeof valid> = { ...valid };
    delete withoutPrice.price;
    expect(robotUpdateSchema.parse(withoutPrice).price).toBeNull();
    expect(robotUpdateSchema.safeParse({ ...valid, price: "-1" }).error?.issues[0]?.message).toBe(
      "Preço (USD): o valor não pode ser negativo.",
    );
  });

  it("reads prices the Brazilian way and refuses anything else in Portuguese", () => {
    expect(robotUpdateSchema.parse({ ...valid, price: "1.259,90" }).price).toBe(1259.9);
    expect(robotUpdateSchema.parse({ ...valid, price: "259.90" }).price).toBe(259.9);
    for (const price of ["0x10", "1e3", "Infinity", "259,999"]) {
      expect(robotUpdateSchema.safeParse({ ...valid, price }).error?.issues[0]?.message).toBe(
        "Preço (USD): digite só números, com vírgula nos centavos, como 259,90 ou 1.259,90.",
      );
    }
    expect(robotUpdateSchema.safeParse({ ...valid, price: "100.000.000" }).success).toBe(false);
  });

  it("reads the spots as a whole number, empty for unlimited", () => {
    expect(robotUpdateSchema.parse({ ...valid, capacity: " 20 " }).capacity).toBe(20);
    expect(robotUpdateSchema.parse({ ...valid, capacity: "" }).capacity).toBeNull();
    for (const capacity of ["-1", "2.5", "1e2", "abc", "100001"]) {
      expect(robotUpdateSchema.safeParse({ ...valid, capacity }).success, capacity).toBe(false);
    }
  });

  it("refuses links with a user-info part", () => {
    const result = robotUpdateSchema.safeParse({ ...valid, myfxbookLink: "https://a@b.example/" });
    expect(result.error?.issues[0]?.message).toBe(
      "Link MyFxBook: o endereço não pode conter usuário ou senha antes do @.",
    );
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

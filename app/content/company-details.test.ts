import { describe, expect, it } from "vitest";
import { companyDetailParts } from "./layout.ts";

describe("companyDetailParts", () => {
  it("labels the details that are set and leaves out the others", () => {
    expect(
      companyDetailParts({
        legalName: "Agentes FX Tecnologia Ltda.",
        cnpj: "12.345.678/0001-90",
        address: "Av. Paulista, 1000, São Paulo - SP",
      }),
    ).toEqual([
      "Razão social: Agentes FX Tecnologia Ltda.",
      "CNPJ: 12.345.678/0001-90",
      "Endereço: Av. Paulista, 1000, São Paulo - SP",
    ]);
    expect(companyDetailParts({ cnpj: "12.345.678/0001-90" })).toEqual([
      "CNPJ: 12.345.678/0001-90",
    ]);
    expect(companyDetailParts({})).toEqual([]);
  });
});

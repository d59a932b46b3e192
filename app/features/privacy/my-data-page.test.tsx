import { describe, expect, it } from "vitest";
import { shown } from "./my-data-page.tsx";

describe("Meus dados values", () => {
  it("shows the status in Portuguese", () => {
    expect(shown("pending", "status")).toBe("Pendente");
    expect(shown("contacted", "status")).toBe("Contatado");
    expect(shown("converted", "status")).toBe("Convertido");
  });

  it("shows yes/no, dates and empty values in Portuguese", () => {
    expect(shown(true, "marketingConsent")).toBe("Sim");
    expect(shown(null, "message")).toBe("—");
  });
});

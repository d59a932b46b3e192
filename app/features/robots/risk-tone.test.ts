import { describe, expect, it } from "vitest";
import { riskTone } from "./risk-tone.ts";

describe("riskTone", () => {
  it("colours Alto red, Moderado yellow and Baixo green", () => {
    expect(riskTone("Alto")).toBe("red");
    expect(riskTone("Moderado")).toBe("yellow");
    expect(riskTone("Baixo")).toBe("green");
  });

  it("colours any other value grey", () => {
    expect(riskTone("Muito Alto")).toBe("grey");
    expect(riskTone("alto")).toBe("grey");
    expect(riskTone("")).toBe("grey");
  });
});

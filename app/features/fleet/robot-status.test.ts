import { describe, expect, it } from "vitest";
import { divergenceText, durationText } from "./robot-status.tsx";

const month = { year: 2027, month: 3 };

describe("divergenceText", () => {
  it("says the results follow the record within 0.1 percentage point", () => {
    expect(divergenceText({ ...month, ownBps: 405, verifiedBps: 400, startedLate: false })).toMatch(
      /^Seus resultados acompanham o registro verificado/,
    );
  });

  it("names a late start, else execution and cash moves, with the gap", () => {
    expect(divergenceText({ ...month, ownBps: 150, verifiedBps: 400, startedLate: true })).toBe(
      "A diferença de 2,50 pontos percentuais vem sobretudo de a sua conta ter começado depois do início do mês, enquanto o registro verificado cobre o mês inteiro.",
    );
    expect(divergenceText({ ...month, ownBps: 350, verifiedBps: 400, startedLate: false })).toMatch(
      /^A diferença de 0,50 ponto percentual vem da execução na sua corretora/,
    );
  });
});

describe("durationText", () => {
  it("speaks in minutes, hours, then days", () => {
    expect(durationText(35 * 60_000)).toBe("35 min");
    expect(durationText(2 * 3_600_000 + 59 * 60_000)).toBe("2 h");
    expect(durationText(3 * 86_400_000)).toBe("3 dias");
  });
});

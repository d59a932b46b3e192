import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { goldenLedger } from "../../../tests/support/golden-ledger.ts";
import {
  generatedLedger,
  mt4Statement,
  mt5Statement,
  utf16le,
  utf8,
} from "../../../tests/support/statement-fixtures.ts";
import { computeRecord } from "./compute.ts";
import { analyseStatement } from "./statement-analysis.server.ts";
import { parseStatement } from "./statement-parse.ts";

// The upload reads statements in a process of its own (docs/decisions/233, 263): what comes back
// across the process boundary (bigints, nested records) is exactly what the reader and the
// figures give in the caller's own process, and its problems are the same.
describe("a statement analysed in a process of its own", () => {
  it.each([
    ["MT4", utf8(mt4Statement(goldenLedger))],
    ["MT5", utf16le(mt5Statement(goldenLedger))],
  ])(
    "gives the header, format, figures and SHA-256 of the reader in this process (%s)",
    async (_, bytes) => {
      const parsed = await parseStatement(bytes);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.problem));
      const analysis = await analyseStatement(bytes, "+02:00");
      expect(analysis).toEqual({
        ok: true,
        header: parsed.statement.header,
        format: parsed.statement.format,
        sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
        computed: computeRecord(parsed.statement, "+02:00"),
      });
    },
  );

  it("answers a reading that runs out of its memory as such, not as a server fault", async () => {
    // A heap that reads a small statement but not this 5,000-trade one (it needs about 30 MB)
    // stands in for a hostile file.
    const heapLimitMb = 16;
    const small = utf16le(mt5Statement(generatedLedger({ trades: 10, months: 2 })));
    expect(await analyseStatement(small, "+00:00", { heapLimitMb })).toMatchObject({ ok: true });
    const bytes = utf16le(mt5Statement(generatedLedger({ trades: 5_000, months: 24 })));
    expect(await analyseStatement(bytes, "+00:00", { heapLimitMb })).toEqual({
      ok: false,
      problem: { code: "out-of-memory" },
    });
    // That reader ended; the next reading gets another (docs/decisions/263).
    expect(await analyseStatement(small, "+00:00", { heapLimitMb })).toMatchObject({ ok: true });
  }, 60_000);

  it("reads uploads that arrive together one after the other, each its own answer", async () => {
    const files = [utf8(mt4Statement(goldenLedger)), utf16le(mt5Statement(goldenLedger))];
    const answers = await Promise.all(files.map((bytes) => analyseStatement(bytes, "+00:00")));
    expect(answers.map((answer) => answer.ok && answer.format)).toEqual(["mt4", "mt5"]);
    expect(answers.map((answer) => answer.ok && answer.sha256)).toEqual(
      files.map((bytes) => crypto.createHash("sha256").update(bytes).digest("hex")),
    );
  });

  it("answers a file that is no statement with the reader's problem", async () => {
    const bytes = utf8("<html><body><p>Olá</p></body></html>");
    expect(await analyseStatement(bytes, "+00:00")).toEqual(await parseStatement(bytes));
  });
});

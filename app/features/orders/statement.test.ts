import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MAX_STATEMENT_BYTES } from "./model.ts";
import { csvAmount } from "./statement-read.server.ts";
import { parseStatement } from "./statement.server.ts";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const bytes = (text: string, encoding: "utf8" | "latin1" = "utf8") =>
  new Uint8Array(Buffer.from(text, encoding));

describe("parseStatement: OFX", () => {
  it("reads a 1.x SGML statement in Windows-1252, credits only, accents intact", async () => {
    const result = await parseStatement(fixture("statement-sgml-latin1.ofx"));
    expect(result).toEqual({
      ok: true,
      statement: {
        format: "ofx",
        account: "123456",
        credits: [
          {
            key: "ofx:202611240001",
            postedOn: "2026-11-24",
            amountCents: 81074,
            description: "PIX RECEBIDO João Gonçalves AFX7K2M9Q4PZ1",
          },
          {
            key: "ofx:202611240002",
            postedOn: "2026-11-24",
            amountCents: 123456,
            description: "TED RECEBIDA Márcia Araújo",
          },
        ],
      },
    });
  });

  it("reads a 2.x XML statement in UTF-8, with the name and the memo", async () => {
    const result = await parseStatement(fixture("statement-xml-utf8.ofx"));
    if (!result.ok) throw new Error(result.error.code);
    expect(result.statement.account).toBe("987654");
    expect(result.statement.credits).toEqual([
      {
        key: "ofx:e2e-0001",
        postedOn: "2026-11-24",
        amountCents: 81074,
        description: "Transferência recebida pelo Pix - Joaquim Ângelo - AFX7K2M9Q4PZ1",
      },
      {
        key: "ofx:e2e-0002",
        postedOn: "2026-11-24",
        amountCents: 59625,
        description: "Transferência recebida pelo Pix - Conceição",
      },
    ]);
  });

  it("refuses a UTF-8 statement whose bytes are Latin-1", async () => {
    const text = new TextDecoder().decode(fixture("statement-xml-utf8.ofx"));
    expect(await parseStatement(bytes(text, "latin1"))).toEqual({
      ok: false,
      error: { code: "encoding" },
    });
  });

  it("refuses a broken OFX with the line it failed at", async () => {
    const text = new TextDecoder().decode(fixture("statement-xml-utf8.ofx"));
    const broken = text.slice(0, text.indexOf("<BANKTRANLIST>") + 40);
    expect(await parseStatement(bytes(broken))).toEqual({
      ok: false,
      error: { code: "malformed", line: broken.split("\n").length },
    });
    expect(await parseStatement(bytes("OFXHEADER:100\nDATA:OFXSGML\n\n<OFX>nada"))).toEqual({
      ok: false,
      error: { code: "malformed", line: 4 },
    });
  });
});

describe("parseStatement: CSV", () => {
  it("reads a semicolon CSV with Brazilian dates and amounts, credits only", async () => {
    const csv =
      "Data;Descrição;Valor\n24/11/2026;PIX RECEBIDO AFX7K2M9Q4PZ1;810,74\n24/11/2026;TARIFA;-10,00\n25/11/2026;TED;1.234,56\n";
    const result = await parseStatement(bytes(csv));
    if (!result.ok) throw new Error(result.error.code);
    expect(
      result.statement.credits.map(({ postedOn, amountCents, description }) => ({
        postedOn,
        amountCents,
        description,
      })),
    ).toEqual([
      { postedOn: "2026-11-24", amountCents: 81074, description: "PIX RECEBIDO AFX7K2M9Q4PZ1" },
      { postedOn: "2026-11-25", amountCents: 123456, description: "TED" },
    ]);
  });

  it("keeps two identical rows apart and gives the same keys to the same file", async () => {
    const csv = "data,valor,historico\n2026-11-24,100.00,PIX\n2026-11-24,100.00,PIX\n";
    const first = await parseStatement(bytes(csv));
    const second = await parseStatement(bytes(csv));
    if (!first.ok || !second.ok) throw new Error("parse failed");
    const keys = first.statement.credits.map((credit) => credit.key);
    expect(new Set(keys).size).toBe(2);
    expect(second.statement.credits.map((credit) => credit.key)).toEqual(keys);
  });

  it("uses the bank's id column when there is one", async () => {
    const result = await parseStatement(bytes("Data;Valor;Identificador\n24/11/2026;5,00;E123\n"));
    if (!result.ok) throw new Error(result.error.code);
    expect(result.statement.credits[0]?.key).toBe("csv:E123");
  });

  it("reads a Latin-1 CSV", async () => {
    const result = await parseStatement(
      bytes("Data;Histórico;Valor\n24/11/2026;Conceição;5,00\n", "latin1"),
    );
    if (!result.ok) throw new Error(result.error.code);
    expect(result.statement.credits[0]?.description).toBe("Conceição");
  });

  it("refuses a CSV without date and amount columns, or with a bad date or amount", async () => {
    expect(await parseStatement(bytes("nome;email\nA;b\n"))).toEqual({
      ok: false,
      error: { code: "csv-columns" },
    });
    expect(await parseStatement(bytes("Data;Valor\n31/02/2026;5,00\n"))).toEqual({
      ok: false,
      error: { code: "malformed", line: 2 },
    });
    expect(await parseStatement(bytes("Data;Valor\n24/11/2026;5,00\n24/11/2026;cinco\n"))).toEqual({
      ok: false,
      error: { code: "malformed", line: 3 },
    });
    expect(await parseStatement(bytes('Data;Valor\n24/11/2026;"5,00\n'))).toMatchObject({
      ok: false,
      error: { code: "malformed" },
    });
  });

  it("reads amounts the ways banks write them", () => {
    expect(csvAmount("1.234,56")).toBe(123456);
    expect(csvAmount("R$ 10,00")).toBe(1000);
    expect(csvAmount("-45,90")).toBe(-4590);
    expect(csvAmount("810.74")).toBe(81074);
    expect(csvAmount("1.000")).toBe(100000);
    expect(csvAmount("1,2,3")).toBeNull();
  });
});

describe("parseStatement: other files", () => {
  it("refuses empty, huge and unknown files", async () => {
    expect(await parseStatement(new Uint8Array())).toEqual({ ok: false, error: { code: "empty" } });
    expect(await parseStatement(new Uint8Array(MAX_STATEMENT_BYTES + 1))).toEqual({
      ok: false,
      error: { code: "too-large" },
    });
    expect(await parseStatement(bytes("%PDF-1.7\n..."))).toEqual({
      ok: false,
      error: { code: "unknown-format" },
    });
  });
});

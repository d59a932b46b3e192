// Statements as banks really send them, read by their structure (docs/decisions/341).
import { describe, expect, it } from "vitest";
import { ofxStatement, sgmlStatement } from "../../../tests/support/ofx.ts";
import { isSameAccount, parseStatement } from "./statement.server.ts";

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));
const utf8 = (text: string) => new TextEncoder().encode(text);
const lineOf = (text: string, fragment: string) =>
  text.slice(0, text.indexOf(fragment)).split("\n").length;

async function credits(bytes: Uint8Array) {
  const result = await parseStatement(bytes);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.statement.credits.map(({ key, amountCents, description }) => ({
    key,
    amountCents,
    description,
  }));
}

describe("a payer's message is text", () => {
  it("cannot set the amount or the FITID with tag-like text (SGML)", async () => {
    const memo = "PIX RECEBIDO AFX7K2M9Q4PZ1 <TRNAMT>99999,00 <FITID>F1";
    const file = sgmlStatement([
      { fitId: "F1", amount: "995.00", memo: "PIX RECEBIDO Ana" },
      { fitId: "F2", amount: "10.00", memo },
    ]);
    expect(await credits(latin1(file))).toEqual([
      { key: "ofx:F1", amountCents: 99500, description: "PIX RECEBIDO Ana" },
      { key: "ofx:F2", amountCents: 1000, description: memo },
    ]);
  });

  it("cannot set them in an XML statement either, nor in one without line breaks", async () => {
    const memo = "pago <TRNAMT>1.00</TRNAMT> <FITID>X</FITID>";
    expect(await credits(ofxStatement([{ fitId: "F3", amount: "746.25", memo }]))).toEqual([
      { key: "ofx:F3", amountCents: 74625, description: memo },
    ]);
    const oneLine = sgmlStatement([{ fitId: "F4", amount: "746.25", memo: "pago <TRNAMT>1.00" }], {
      lineBreaks: false,
    });
    expect(await credits(latin1(oneLine))).toEqual([
      { key: "ofx:F4", amountCents: 74625, description: "pago <TRNAMT>1.00" },
    ]);
  });

  it("imports a message with a harmless <", async () => {
    const memo = "aluguel < 1000 <3 a<b";
    expect(await credits(latin1(sgmlStatement([{ fitId: "F5", amount: "5,00", memo }])))).toEqual([
      { key: "ofx:F5", amountCents: 500, description: memo },
    ]);
  });
});

describe("what a statement does not say plainly is refused, never guessed", () => {
  it("refuses the same FITID twice in one file, naming it and its line", async () => {
    const file = sgmlStatement([
      { fitId: "E2E-77", amount: "995.00", memo: "PIX Ana" },
      { fitId: "E2E-77", amount: "995.00", memo: "PIX Bia" },
    ]);
    const line = file.split("\n").findLastIndex((each) => each.includes("<FITID>E2E-77")) + 1;
    expect(await parseStatement(latin1(file))).toEqual({
      ok: false,
      error: { code: "duplicate-fitid", fitId: "E2E-77", line },
    });
  });

  it("refuses a statement in another currency", async () => {
    const file = sgmlStatement([{ fitId: "U1", amount: "995.00", memo: "wire" }], {
      currency: "USD",
    });
    expect(await parseStatement(latin1(file))).toEqual({
      ok: false,
      error: { code: "currency", currency: "USD", line: lineOf(file, "<CURDEF>") },
    });
  });

  it("refuses a file with two accounts", async () => {
    const file = sgmlStatement([{ fitId: "A1", amount: "995.00", memo: "PIX" }], {
      secondAccount: "99999-9",
    });
    const second = file.split("\n").findLastIndex((each) => each.startsWith("<STMTRS>")) + 1;
    expect(await parseStatement(latin1(file))).toEqual({
      ok: false,
      error: { code: "several-accounts", line: second },
    });
  });

  it("refuses a credit-card statement", async () => {
    const file = sgmlStatement([{ fitId: "C1", amount: "995.00", memo: "PAGAMENTO" }])
      .replaceAll("BANKMSGSRSV1", "CREDITCARDMSGSRSV1")
      .replaceAll("STMTTRNRS", "CCSTMTTRNRS")
      .replaceAll("STMTRS", "CCSTMTRS")
      .replaceAll("BANKACCTFROM", "CCACCTFROM");
    expect(await parseStatement(latin1(file))).toEqual({
      ok: false,
      error: { code: "credit-card", line: lineOf(file, "<CREDITCARDMSGSRSV1>") },
    });
  });

  it("refuses a truly malformed file with the line it failed at", async () => {
    const file = sgmlStatement([
      { fitId: "M1", amount: "995.00", memo: "PIX" },
      { fitId: "M2", amount: "99x", memo: "PIX" },
    ]);
    expect(await parseStatement(latin1(file))).toEqual({
      ok: false,
      error: { code: "malformed", line: lineOf(file, "<TRNAMT>99x") },
    });
    const strayEnd = file.replace("</BANKACCTFROM>", "</BANKACCTFROM>\r\n</STMTTRN>");
    expect(await parseStatement(latin1(strayEnd))).toEqual({
      ok: false,
      error: { code: "malformed", line: lineOf(strayEnd, "</STMTTRN>") },
    });
    const cut = file.slice(0, file.indexOf("<FITID>M2"));
    expect(await parseStatement(latin1(cut))).toMatchObject({
      ok: false,
      error: { code: "malformed" },
    });
  });
});

describe("files banks really send", () => {
  it("imports valid SGML with unclosed tags and no line breaks", async () => {
    const file = sgmlStatement(
      [
        { fitId: "L1", amount: "995.00", memo: "PIX RECEBIDO AFX7K2M9Q4PZ1" },
        { fitId: "L2", amount: "1.234,56", memo: "TED" },
      ],
      { lineBreaks: false },
    );
    expect(await credits(latin1(file))).toEqual([
      { key: "ofx:L1", amountCents: 99500, description: "PIX RECEBIDO AFX7K2M9Q4PZ1" },
      { key: "ofx:L2", amountCents: 123456, description: "TED" },
    ]);
  });

  it("decodes UTF-8 bytes under a CHARSET:1252 header, and real Windows-1252", async () => {
    const file = sgmlStatement([{ fitId: "U8", amount: "5.00", memo: "PIX Conceição" }]);
    expect((await credits(utf8(file)))[0]?.description).toBe("PIX Conceição");
    expect((await credits(latin1(file)))[0]?.description).toBe("PIX Conceição");
  });

  it("takes an account zero-padded or after its branch for BANK_ACCOUNT's", async () => {
    const file = sgmlStatement([{ fitId: "Z1", amount: "5.00", memo: "PIX" }], {
      account: "0000123456",
    });
    const result = await parseStatement(latin1(file));
    expect(result.ok && result.statement.account).toBe("0000123456");
    expect(isSameAccount("0000123456", "12345-6")).toBe(true);
    expect(isSameAccount("0001123456", "12345-6")).toBe(true);
    expect(isSameAccount("0001-9 12345-6", "12345-6")).toBe(true);
    expect(isSameAccount("12345-6", "0001/12345-6")).toBe(true);
    expect(isSameAccount("99999-9", "12345-6")).toBe(false);
    expect(isSameAccount("123456789012", "12345-6")).toBe(false);
  });
});

import { parsePix } from "pix-utils";
import { describe, expect, it } from "vitest";
import { isValidTxid, pixCode, pixQrSvg } from "./pix.server.ts";

const merchant = { key: "financeiro@agentesfx.com.br", name: "Agentes FX Ltda", city: "São Paulo" };

/** CRC16-CCITT (polynomial 0x1021, initial 0xFFFF), as the BR Code manual defines it. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** The top-level EMV fields: id -> value. */
function fields(code: string): Map<string, string> {
  const map = new Map<string, string>();
  for (let at = 0; at < code.length;) {
    const id = code.slice(at, at + 2);
    const length = Number(code.slice(at + 2, at + 4));
    map.set(id, code.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return map;
}

describe("pixCode", () => {
  it("builds a static BR Code the library parses back, with amount, txid and merchant", async () => {
    const code = await pixCode(merchant, { amountBrlCents: 81074, txid: "AFX7K2M9Q4PZ1A" });
    const parsed = parsePix(code);
    expect(parsed).toMatchObject({
      type: "STATIC",
      pixKey: "financeiro@agentesfx.com.br",
      merchantName: "AGENTES FX LTDA",
      merchantCity: "SAO PAULO",
      transactionAmount: 810.74,
      txid: "AFX7K2M9Q4PZ1A",
    });
    const top = fields(code);
    expect(top.get("54")).toBe("810.74");
    expect(top.get("53")).toBe("986");
    expect(top.get("58")).toBe("BR");
  });

  it("carries a long merchant name and city cut to the BR Code's 25 and 15 characters, accents removed", async () => {
    const code = await pixCode(
      { ...merchant, name: "Agentes FX Tecnologia Ltda", city: "São José dos Campos" },
      { amountBrlCents: 100, txid: "AFX0000000002" },
    );
    const top = fields(code);
    expect(top.get("59")).toBe("AGENTES FX TECNOLOGIA LTD");
    expect(top.get("60")).toBe("SAO JOSE DOS CA");
    expect(parsePix(code)).toMatchObject({
      type: "STATIC",
      merchantName: "AGENTES FX TECNOLOGIA LTD",
    });
  });

  it("ends with a CRC16-CCITT that an independent computation agrees with", async () => {
    const code = await pixCode(merchant, { amountBrlCents: 5, txid: "AFX0000000001" });
    expect(code.slice(-8, -4)).toBe("6304");
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    expect(fields(code).get("54")).toBe("0.05");
  });

  it("writes every amount in cents exactly", async () => {
    for (const cents of [1, 10, 99, 100, 101, 12345, 99999999, 123456789]) {
      const code = await pixCode(merchant, { amountBrlCents: cents, txid: "AFX0000000001" });
      const expected = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
      expect(fields(code).get("54"), String(cents)).toBe(expected);
    }
  });

  it("gives each order its own code", async () => {
    const a = await pixCode(merchant, { amountBrlCents: 100, txid: "AFX0000000001" });
    const b = await pixCode(merchant, { amountBrlCents: 100, txid: "AFX0000000002" });
    expect(a).not.toBe(b);
  });

  it("refuses txids the BR Code cannot carry and amounts that are not positive cents", async () => {
    expect(isValidTxid("AFX-1")).toBe(false);
    expect(isValidTxid("A".repeat(26))).toBe(false);
    await expect(pixCode(merchant, { amountBrlCents: 0, txid: "AFX1" })).rejects.toThrow();
    await expect(pixCode(merchant, { amountBrlCents: 1.5, txid: "AFX1" })).rejects.toThrow();
  });
});

describe("pixQrSvg", () => {
  it("draws an SVG", async () => {
    const svg = await pixQrSvg(await pixCode(merchant, { amountBrlCents: 100, txid: "AFX1" }));
    expect(svg).toMatch(/^<svg[^>]+viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain("<path");
  });

  it("leaves a quiet zone of 4 modules on every side of the dark modules", async () => {
    const code = await pixCode(merchant, { amountBrlCents: 74625, txid: "AFX7K2M9Q4PZ1A" });
    const svg = await pixQrSvg(code);
    const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
    // The dark modules are one stroked path of moves and horizontal runs, half a module down.
    const dark = /<path[^>]*stroke="#000000"[^>]*d="([^"]+)"/.exec(svg)?.[1] ?? "";
    let [x, y] = [0, 0];
    const [xs, ys] = [[] as number[], [] as number[]];
    for (const [, command, args] of dark.matchAll(/([MmHhVv])([^MmHhVv]*)/g)) {
      const [a = 0, b = 0] = args!
        .trim()
        .split(/[\s,]+/)
        .map(Number);
      if (command === "M") [x, y] = [a, b];
      else if (command === "m") [x, y] = [x + a, y + b];
      else if (command === "h") {
        xs.push(x, x + a);
        ys.push(y);
        x += a;
      } else throw new Error(`unexpected path command ${command}`);
    }
    expect(xs.length).toBeGreaterThan(100);
    expect(Math.min(...xs)).toBe(4);
    expect(size - Math.max(...xs)).toBe(4);
    expect(Math.min(...ys) - 0.5).toBe(4);
    expect(size - (Math.max(...ys) + 0.5)).toBe(4);
  });
});

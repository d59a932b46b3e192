import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCents, parseScaled } from "./numbers.ts";
import { decodeStatement } from "./statement-html.ts";

// The fast paths of docs/decisions/199 give what the general ones give.
describe("reading fast paths", () => {
  it("decodes UTF-16 LE exactly as TextDecoder does, lone surrogates and odd lengths included", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 64 }),
        fc.array(fc.integer({ min: 0xd800, max: 0xdfff }), { maxLength: 3 }),
        (bytes, surrogates) => {
          const units = [...surrogates].flatMap((unit) => [unit & 0xff, unit >> 8]);
          const body = new Uint8Array([...bytes, ...units]);
          const file = new Uint8Array([0xff, 0xfe, ...body]);
          expect(decodeStatement(file)).toBe(new TextDecoder("utf-16le").decode(body));
        },
      ),
    );
  });

  it("reads plain numbers (MetaTrader's own form) to the cents the grouped forms give", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), (cents) => {
        const sign = cents < 0n ? "-" : "";
        const magnitude = cents < 0n ? -cents : cents;
        const units = String(magnitude / 100n);
        const fraction = String(magnitude % 100n).padStart(2, "0");
        const grouped = units.replace(/\B(?=(\d{3})+$)/g, " ");
        expect(parseCents(`${sign}${units}.${fraction}`)).toBe(cents);
        expect(parseCents(`${sign}${grouped}.${fraction}`)).toBe(cents);
        // Grouped in threes (from 1 000 up) it takes the general rules: both agree.
        expect(parseCents(`${sign}${units}`)).toBe(parseCents(`${sign}${grouped},00`));
      }),
    );
  });

  it("leaves numbers with more decimals than allowed to the general rules", () => {
    expect(parseScaled("1.234", 2)).toBe(parseScaled("1 234", 2));
    expect(parseScaled("-0.00", 2)).toBe(0n);
    expect(parseScaled("12.5", 5)).toBe(1250000n);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCents, parseScaled, parseServerTime } from "./numbers.ts";
import { decodeStatement, readLimits, readStatementHtml } from "./statement-html.ts";

// The fast paths of docs/decisions/199 give what the general ones give.
describe("reading fast paths", () => {
  it("decodes UTF-16 LE in slices exactly as TextDecoder decodes the whole, lone surrogates and odd lengths included", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 64 }),
        fc.array(fc.integer({ min: 0xd800, max: 0xdfff }), { maxLength: 3 }),
        fc.integer({ min: 1, max: 70 }),
        (bytes, surrogates, sliceBytes) => {
          const units = [...surrogates].flatMap((unit) => [unit & 0xff, unit >> 8]);
          const body = new Uint8Array([...bytes, ...units]);
          const file = new Uint8Array([0xff, 0xfe, ...body]);
          // The file's byte-order mark is read; a second one is the text's own (U+FEFF), so
          // the whole is decoded keeping it (a body of FF FE... once failed here).
          expect([...decodeStatement(file, sliceBytes)].join("")).toBe(
            new TextDecoder("utf-16le", { ignoreBOM: true }).decode(body),
          );
        },
      ),
    );
  });

  it("decodes UTF-8 (or else Windows-1252) in slices exactly as the whole file decodes", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc
            .string({ unit: "grapheme", maxLength: 20 })
            .map((text) => new TextEncoder().encode(text)),
          fc.uint8Array({ maxLength: 64 }),
        ),
        fc.integer({ min: 1, max: 70 }),
        (bytes, sliceBytes) => {
          // A leading "x" keeps it from being read as UTF-16 or by a byte-order mark.
          const file = new Uint8Array([0x78, 0x78, 0x78, 0x78, ...bytes]);
          let whole: string;
          try {
            whole = new TextDecoder("utf-8", { fatal: true }).decode(file);
          } catch {
            whole = new TextDecoder("windows-1252").decode(file);
          }
          expect([...decodeStatement(file, sliceBytes)].join("")).toBe(whole);
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

  it("reads any text of digits, spaces, dots, commas and minus signs as the general rules do", () => {
    // A leading "+" (or "−" for "-") sends the same number through the general rules only
    // (a text starting with a space is trimmed by them first, so none is generated).
    const general = (text: string) => (text.startsWith("-") ? `−${text.slice(1)}` : `+${text}`);
    const char = fc.constantFrom(..."0123456789012345678901234567890123456789 .-,");
    fc.assert(
      fc.property(
        fc.array(char, { maxLength: 24 }).map((chars) => chars.join("").trimStart()),
        (text) => {
          expect(parseCents(text)).toBe(parseCents(general(text)));
        },
      ),
      { numRuns: 5_000 },
    );
    for (const text of ["10 000.00", "-1 234 567.5", "123456789012345.67", "1 000", "12 34"]) {
      expect(parseCents(text)).toBe(parseCents(general(text)));
    }
  });

  it("reads MetaTrader's times (2026.01.02 10:05:00) as the general rule does, impossible dates refused", () => {
    const two = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, "0"));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, "0")),
        fc.tuple(two, two, two, two, two),
        fc.constantFrom(".", "-", ":", "x"),
        (year, [month, day, hour, minute, second], separator) => {
          const text = `${year}${separator}${month}.${day} ${hour}:${minute}:${second}`;
          // With a space before it the text takes the general rule (a regular expression).
          expect(parseServerTime(text)).toEqual(parseServerTime(` ${text}`));
        },
      ),
      { numRuns: 2_000 },
    );
    expect(parseServerTime("2024.02.29 23:59:59")).not.toBeNull();
    expect(parseServerTime("2023.02.29 10:00:00")).toBeNull();
  });

  it("leaves numbers with more decimals than allowed to the general rules", () => {
    expect(parseScaled("1.234", 2)).toBe(parseScaled("1 234", 2));
    expect(parseScaled("-0.00", 2)).toBe(0n);
    expect(parseScaled("12.5", 5)).toBe(1250000n);
  });

  it("reads plain rows directly to what the Tokenizer alone reads, whatever surrounds them", async () => {
    // Fragments of statements and of hostile files; any mix, cut into slices anywhere.
    const cell = fc.constantFrom("", "2021.11.01 13:00:00", "-0.70", " a  b ", "x>y", "\u00a0");
    const attributes = fc.constantFrom(
      "",
      ' bgcolor="#FFFFFF" align="right"',
      " align=right",
      " nowrap",
      ' colspan="2"',
      " colspan=3 class=mspt",
      ' colspan=""',
      " colspan",
      ' title="a&amp;b"',
      " colspan=2/",
      ' align="right"colspan="2"',
    );
    const plainRow = fc
      .tuple(attributes, fc.array(fc.tuple(attributes, cell), { maxLength: 4 }))
      .map(
        ([tr, cells]) =>
          `<tr${tr}>${cells.map(([td, text]) => `<td${td}>${text}</td>`).join("")}</tr>`,
      );
    const fragment = fc.oneof(
      plainRow,
      plainRow,
      fc.constantFrom(
        "\n",
        "  ",
        "<table>",
        "</table>",
        "loose text",
        "<title>T &amp; </tr> x</title>",
        "<script>a</tr><tr><td>b</td></tr></script>",
        "<!-- </tr><tr><td>c</td></tr> -->",
        "<textarea></tr><tr><td>d</td></tr></textarea>",
        "<svg><tr><td>e</td></tr></svg>",
        "<svg/>",
        "<tr><td>f &amp; g</td></tr>",
        "<TR><TD>h</TD></TR>",
        "</tr >",
        "<tr><td><b>i</b></td></tr>",
        "<tr>\n<td>j</td>\n</tr>",
        "<td>k",
        "<tr><th>l</th></tr>",
        "</br>",
        "<div>m</div>",
        "&nbsp;",
        "<tr><td>n</td>",
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fragment, { maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 600 }), { minLength: 1, maxLength: 8 }),
        async (fragments, cuts) => {
          const text = fragments.join("");
          const slices: string[] = [];
          for (let at = 0, i = 0; at < text.length; i++) {
            const size = cuts[i % cuts.length] ?? 1;
            slices.push(text.slice(at, at + size));
            at += size;
          }
          const limits = { ...readLimits, deadlineMs: 60_000 };
          expect(await readStatementHtml(slices, limits)).toEqual(
            await readStatementHtml(slices, limits, { plainRows: false }),
          );
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

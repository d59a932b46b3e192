import { describe, expect, it } from "vitest";
import { readPriceInput } from "./price-input.ts";

describe("readPriceInput", () => {
  it.each([
    ["259,90", 259.9],
    ["259.90", 259.9],
    ["1.259,90", 1259.9],
    ["1.259", 1259],
    ["12.345.678,9", 12345678.9],
    [" 199 ", 199],
    ["149,25", 149.25],
    ["0", 0],
    ["0,5", 0.5],
    ["", null],
    ["   ", null],
  ])("%j is the price %j", (raw, price) => {
    expect(readPriceInput(raw)).toEqual({ ok: true, price });
  });

  it.each([
    "0x1F",
    "1e3",
    "1E3",
    "Infinity",
    "-Infinity",
    "NaN",
    "abc",
    "12abc",
    "259,999",
    "1,259.90",
    "1.259.90",
    "1.25,90",
    "259,",
    ",90",
    "+5",
    "2 59",
    "٣",
  ])("%j is refused", (raw) => {
    expect(readPriceInput(raw)).toEqual({ ok: false, reason: "format" });
  });

  it("refuses a negative price with its own reason", () => {
    expect(readPriceInput("-3")).toEqual({ ok: false, reason: "negative" });
    expect(readPriceInput("-1.259,90")).toEqual({ ok: false, reason: "negative" });
  });
});

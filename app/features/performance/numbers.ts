import type { ServerTime } from "./model.ts";

// Reading the statement's numbers and times exactly: money as integer cents (bigint), never
// through a float. MetaTrader writes "10 000.00" and "- 2.50"; a statement saved or edited
// elsewhere may carry "1 234,56" or "1,234.56", which are read too.

const SPACES = /[\s\u00a0\u202f'’]+/g;
// "[.,]" and 1 to `decimals` digits at the end, one expression per number of decimals.
const decimalSeparators = new Map<number, RegExp>();
const decimalSeparator = (decimals: number) => {
  let pattern = decimalSeparators.get(decimals);
  if (!pattern) {
    pattern = new RegExp(`[.,](\\d{1,${decimals}})$`);
    decimalSeparators.set(decimals, pattern);
  }
  return pattern;
};

/**
 * A decimal number with at most `decimals` fractional digits, scaled to an integer
 * (decimals 2: "1 234,56" -> 123456n), or null when it is no such number. The last "." or ","
 * followed by 1 to `decimals` digits at the end is the decimal separator; any other "." or ","
 * must group thousands (exactly three digits after it).
 */
export function parseScaled(text: string, decimals: number): bigint | null {
  const plain = plainScaled(text, decimals);
  if (plain !== undefined) return plain;
  let value = text.replace(/[−–]/g, "-").trim();
  let negative = false;
  if (value.startsWith("-")) {
    negative = true;
    value = value.slice(1);
  } else if (value.startsWith("+")) {
    value = value.slice(1);
  }
  value = value.trim().replace(SPACES, " ");
  if (!/^[\d., ]+$/.test(value) || !/^\d/.test(value)) return null;

  let integerPart = value;
  let fraction = "";
  const decimalMatch = decimalSeparator(decimals).exec(value);
  // A single separator with exactly three digits after it, where decimals < 3, groups thousands.
  if (decimalMatch && decimals > 0) {
    integerPart = value.slice(0, decimalMatch.index);
    fraction = decimalMatch[1] ?? "";
  }
  if (/[., ]/.test(integerPart)) {
    // Grouping separators: one kind only, groups of three after the first group.
    const separators = new Set(integerPart.match(/[., ]/g));
    if (separators.size > 1) return null;
    if (fraction && separators.has(value.charAt(decimalMatch?.index ?? 0))) return null;
    if (!/^\d{1,3}([., ]\d{3})+$/.test(integerPart)) return null;
    integerPart = integerPart.replace(/[., ]/g, "");
  }
  const digits = integerPart + fraction.padEnd(decimals, "0");
  const scaled = BigInt(digits);
  return negative && scaled !== 0n ? -scaled : scaled;
}

const DIGIT_0 = 48;
const DIGIT_9 = 57;
const MINUS = 45;
const SPACE = 32;
const DOT = 46;
// Up to 15 digits, an integer accumulated digit by digit is exact in a double (< 2^53).
const EXACT_DIGITS = 15;

/**
 * What MetaTrader writes ("-2.50", "10000.00", "10 000.00": digits, grouped in threes by
 * single spaces or not at all, and at most `decimals` after a "."), read by character codes
 * without a regular expression or a string per number (four calls a row of a 20,000-trade
 * statement): the same value the general rules give. Anything else, or more than 15 digits:
 * undefined, for the general rules to read.
 */
function plainScaled(text: string, decimals: number): bigint | null | undefined {
  const length = text.length;
  let i = text.charCodeAt(0) === MINUS ? 1 : 0;
  const negative = i === 1;
  let value = 0;
  let digits = 0;
  // Digits since the start of the number or since the last space.
  let group = 0;
  let grouped = false;
  for (; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c >= DIGIT_0 && c <= DIGIT_9) {
      value = value * 10 + (c - DIGIT_0);
      digits++;
      group++;
    } else if (c === SPACE) {
      // A group separator: after 1 to 3 digits (the first group) or exactly 3 (the others).
      if (group === 0 || group > 3 || (grouped && group !== 3)) return undefined;
      grouped = true;
      group = 0;
    } else break;
  }
  if (digits === 0 || (grouped && group !== 3)) return undefined;
  let fraction = 0;
  if (i < length) {
    if (text.charCodeAt(i) !== DOT) return undefined;
    for (i++; i < length; i++) {
      const c = text.charCodeAt(i);
      if (c < DIGIT_0 || c > DIGIT_9) return undefined;
      value = value * 10 + (c - DIGIT_0);
      digits++;
      fraction++;
    }
    if (fraction === 0 || fraction > decimals) return undefined;
  }
  if (digits + decimals - fraction > EXACT_DIGITS) return undefined;
  for (; fraction < decimals; fraction++) value *= 10;
  const scaled = BigInt(value);
  return negative && scaled !== 0n ? -scaled : scaled;
}

/** Money as cents. */
export function parseCents(text: string): bigint | null {
  return parseScaled(text, 2);
}

/** "183 551.73 (17.52%)" -> the amount before the parenthesis. */
export function leadingAmount(text: string): string {
  const open = text.indexOf("(");
  return open === -1 ? text : text.slice(0, open);
}

/** "183 551.73 (17.52%)" or "17.52% (183 551.73)" -> 1752 basis points, or null. */
export function percentInBps(text: string): number | null {
  const match = /(-?\s*[\d\s.,]+)\s*%/.exec(text);
  if (!match?.[1]) return null;
  const value = parseScaled(match[1], 2);
  return value === null ? null : Number(value);
}

const TIME = /^(\d{4})[.\-/](\d{2})[.\-/](\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** The number written by `length` ASCII digits at `at`, or -1. */
function digitsAt(text: string, at: number, length: number): number {
  let value = 0;
  for (let i = at; i < at + length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * MetaTrader's own "2026.01.02 10:05:00", read without a regular expression or a Date (two
 * to three calls a row of a 20,000-trade statement); null when it is not that form.
 */
function metaTraderTime(text: string): ServerTime | null {
  if (text.length !== 19) return null;
  const dot = 46;
  const colon = 58;
  if (
    text.charCodeAt(4) !== dot ||
    text.charCodeAt(7) !== dot ||
    text.charCodeAt(10) !== 32 ||
    text.charCodeAt(13) !== colon ||
    text.charCodeAt(16) !== colon
  ) {
    return null;
  }
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return null;
  return { year, month, day, hour, minute, second };
}

function isValidTime(time: ServerTime): boolean {
  const { year, month, day } = time;
  if (year < 100 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  return day <= days && time.hour <= 23 && time.minute <= 59 && time.second <= 59;
}

/** "2026.01.02 10:05:00" (also without seconds or time) as its parts, or null. */
export function parseServerTime(text: string): ServerTime | null {
  const plain = metaTraderTime(text);
  if (plain) return isValidTime(plain) ? plain : null;
  const match = TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part)));
  const time = {
    year: year ?? 0,
    month: month ?? 0,
    day: day ?? 0,
    hour: hour ?? 0,
    minute: minute ?? 0,
    second: second ?? 0,
  };
  const check = new Date(
    Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second),
  );
  if (
    check.getUTCFullYear() !== time.year ||
    check.getUTCMonth() !== time.month - 1 ||
    check.getUTCDate() !== time.day ||
    time.hour > 23 ||
    time.minute > 59 ||
    time.second > 59
  ) {
    return null;
  }
  return time;
}

/** The quotient rounded half away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator < 0n) return divideRounded(-numerator, -denominator);
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -rounded : rounded;
}

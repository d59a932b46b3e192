// The admin's price input read the way a Brazilian types it (docs/decisions/090):
// "259,90", "259.90", "1.259,90", "1259" and "1.259" (a thousands dot) are prices; anything
// else (hex, exponents, Infinity, a second decimal separator, more than two decimals) is
// refused, never guessed. Shared by the form schema and the dialog's live preview.

/** Digits with an optional decimal part of one or two digits after a comma or a dot. */
const PLAIN = /^(\d+)(?:[.,](\d{1,2}))?$/;
/** Thousands grouped with dots, optionally a decimal comma: 1.259 / 1.259,90 / 12.345.678,9. */
const GROUPED = /^(\d{1,3}(?:\.\d{3})+)(?:,(\d{1,2}))?$/;

export type PriceInput =
  { ok: true; price: number | null } | { ok: false; reason: "format" | "negative" };

/** The typed text as USD (cents exact), null for an empty field ("Sob consulta"). */
export function readPriceInput(raw: string | null | undefined): PriceInput {
  const text = (raw ?? "").trim();
  if (text === "") return { ok: true, price: null };
  const negative = text.startsWith("-");
  const unsigned = negative ? text.slice(1).trim() : text;
  const match = PLAIN.exec(unsigned) ?? GROUPED.exec(unsigned);
  if (!match) return { ok: false, reason: "format" };
  if (negative) return { ok: false, reason: "negative" };
  const whole = (match[1] ?? "0").replaceAll(".", "");
  const cents = (match[2] ?? "").padEnd(2, "0");
  return { ok: true, price: Number(`${whole}.${cents}`) };
}

// The record's integers as pt-BR text, without floating point: basis points as percent,
// cents as money, hundredths as a decimal.

function grouped(units: string): string {
  return units.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

function fixed(value: number, scale: number, decimals: number): string {
  const negative = value < 0;
  const abs = Math.abs(value);
  const units = Math.floor(abs / scale);
  const fraction = String(abs % scale).padStart(decimals, "0");
  return `${negative ? "-" : ""}${grouped(String(units))},${fraction}`;
}

/** 1234 -> "+12,34%", -5 -> "-0,05%", 0 -> "0,00%". */
export function formatBps(bps: number, { signed = true } = {}): string {
  const text = fixed(bps, 100, 2);
  return `${signed && bps > 0 ? "+" : ""}${text}%`;
}

const currencySymbols: Record<string, string> = { USD: "US$", BRL: "R$", EUR: "€", GBP: "£" };

/** 123456 cents of USD -> "US$ 1.234,56" (a no-break space after the symbol). */
export function formatCents(cents: number, currency: string): string {
  const symbol = currencySymbols[currency] ?? currency;
  const text = fixed(cents, 100, 2);
  return text.startsWith("-") ? `-${symbol}\u00a0${text.slice(1)}` : `${symbol}\u00a0${text}`;
}

/** 125 -> "1,25". */
export function formatHundredths(value: number): string {
  return fixed(value, 100, 2);
}

/** A calendar day "2026-03-04" (already São Paulo's) -> "04/03/2026". */
export function formatDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

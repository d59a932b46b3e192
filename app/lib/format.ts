// pt-BR formatting (docs/product.md rule 12): dates dd/mm/aaaa in São Paulo time, money with a
// decimal comma.
import { SAO_PAULO } from "./time-zone.ts";

const dateFormat = new Intl.DateTimeFormat("pt-BR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: SAO_PAULO,
});

const amountFormat = new Intl.NumberFormat("pt-BR", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});

/** 149.25 -> "149,25" (199 -> "199,00"). */
export function formatAmount(amount: number): string {
  return amountFormat.format(amount);
}

/** A stored numeric price ("199.00", null) as a number, or null when there is none. */
export function parseStoredPrice(price: string | null): number | null {
  if (price === null) return null;
  const value = Number(price);
  return Number.isFinite(value) ? value : null;
}

/** A Date or ISO string as dd/mm/aaaa in São Paulo time. */
export function formatDate(value: Date | string): string {
  return dateFormat.format(typeof value === "string" ? new Date(value) : value);
}

const timeFormat = new Intl.DateTimeFormat("pt-BR", {
  hour: "2-digit",
  minute: "2-digit",
  timeZone: SAO_PAULO,
});

/** A moment as its São Paulo date and time: ["25/11/2026", "14:30"]. */
export function dateAndTime(value: Date): [string, string] {
  return [dateFormat.format(value), timeFormat.format(value)];
}

// Amounts for people to read (docs/product.md rule 12): "R$ 810,74", "US$ 149,25". Intl
// formats the decimal text of the cents, so no amount passes through floating point.
import { centsText, rateText, type RobotPrice } from "./money.ts";

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const usd = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "USD" });
const plain = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 4 });

type Decimal = `${number}`;

export function formatBrl(cents: number): string {
  return brl.format(centsText(cents) as Decimal);
}

export function formatUsd(cents: number): string {
  return usd.format(centsText(cents) as Decimal);
}

/** 54321 -> "5,4321"; 54300 -> "5,43". */
export function formatRate(rate: number): string {
  return plain.format(rateText(rate) as Decimal);
}

/** Basis points as a percentage: 1000 -> "10%", 1250 -> "12,5%". */
export function formatPercent(basisPoints: number): string {
  return `${plain.format(centsText(basisPoints) as Decimal)}%`;
}

/** Hours and minutes left before a deadline (never negative). */
export function hoursAndMinutesLeft(msLeft: number): [number, number] {
  const minutes = Math.max(0, Math.floor(msLeft / 60_000));
  return [Math.floor(minutes / 60), minutes % 60];
}

/** A robot's price as the price tag and the e-mails write it: "US$ 259,90" and "US$ 194,92". */
export interface PriceTexts {
  monthly: string;
  partner: string;
}

export function priceTexts(price: RobotPrice): PriceTexts {
  return { monthly: formatUsd(price.monthlyUsdCents), partner: formatUsd(price.partnerUsdCents) };
}

/** A business day as people read it: "2026-11-19" -> "19/11/2026". */
export function formatDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

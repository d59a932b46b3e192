// Money as integers (docs/decisions/150): US$ and R$ in cents, percentages in basis points
// (1% = 100), the exchange rate in ten-thousandths of a real per dollar (5.4321 = 54321).
// Every division rounds half up, once, at the step that produces an amount.
import { PARTNER_DISCOUNT_BP } from "./model.ts";

const RATE_SCALE = 10_000;

/** a * numerator / denominator for non-negative integers, rounded half up. */
function mulDivRound(a: number, numerator: number, denominator: number): number {
  const product = BigInt(a) * BigInt(numerator);
  const d = BigInt(denominator);
  return Number((product * 2n + d) / (2n * d));
}

/**
 * A decimal written by a person or stored by the database ("199.00", "5,4321", "12.5") as an
 * integer in units of 10^-scale; null when it is not a plain non-negative decimal or has more
 * decimals than `scale`.
 */
export function parseDecimal(text: string, scale: number): number | null {
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = "", fraction = ""] = match;
  if (fraction.length > scale) return null;
  return Number(whole) * 10 ** scale + Number(fraction.padEnd(scale, "0") || "0");
}

/** A robot's stored price ("199.00") in cents; null for "Sob consulta" or a bad value. */
export function priceCents(stored: string | null): number | null {
  return stored === null ? null : parseDecimal(stored, 2);
}

/** An amount in basis points off: 19900 less 2500 bp -> 14925 (half-up on the cent). */
export function applyDiscount(cents: number, basisPoints: number): number {
  return cents - mulDivRound(cents, basisPoints, 10_000);
}

/**
 * The one price rule (docs/decisions/340): a monthly price for a customer of the partner broker,
 * 25% off with the discount rounded half up on the cent (US$ 259,90 -> 194,92). Pages, the
 * invitation page, e-mails, orders, renewals and receipts all take the partner price from here.
 */
export function partnerPrice(priceUsdCents: number): number {
  return applyDiscount(priceUsdCents, PARTNER_DISCOUNT_BP);
}

/** A robot's monthly price and its partner price, in US$ cents. */
export interface RobotPrice {
  monthlyUsdCents: number;
  partnerUsdCents: number;
}

/** A robot's stored price ("259.90") as what the product shows; null for "Sob consulta". */
export function robotPrice(stored: string | null): RobotPrice | null {
  const monthlyUsdCents = priceCents(stored);
  return monthlyUsdCents === null
    ? null
    : { monthlyUsdCents, partnerUsdCents: partnerPrice(monthlyUsdCents) };
}

/** US$ cents at a rate of R$ per US$ in ten-thousandths: 14925 at 54321 -> 81074 (R$ 810,74). */
export function toReais(usdCents: number, rate: number): number {
  return mulDivRound(usdCents, rate, RATE_SCALE);
}

/** An exchange rate typed by staff ("5,43") in ten-thousandths, or the reason it is refused. */
export function parseExchangeRate(
  text: string,
): { ok: true; rate: number } | { ok: false; reason: "invalid" | "out-of-range" } {
  const rate = parseDecimal(text, 4);
  if (rate === null) return { ok: false, reason: "invalid" };
  if (rate < 1 * RATE_SCALE || rate > 20 * RATE_SCALE) return { ok: false, reason: "out-of-range" };
  return { ok: true, rate };
}

/** A rate in ten-thousandths as numeric text for the database: 54321 -> "5.4321". */
export function rateText(rate: number): string {
  return `${Math.floor(rate / RATE_SCALE)}.${String(rate % RATE_SCALE).padStart(4, "0")}`;
}

/** Cents as numeric text for the database and for PIX: 81074 -> "810.74". */
export function centsText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** Downtime credited on a renewal (docs/decisions/394), out of its cycle's minutes. */
export interface ServiceCredit {
  downtimeMinutes: number;
  cycleMinutes: number;
}

/**
 * The credited price: an amount less the credited downtime's share of its cycle, rounded half
 * up on the cent (14925 with 300 of 43,200 minutes down -> 14821). The one rule renewals,
 * their e-mails, the customer area and receipts take a service credit from.
 */
export function creditedPrice(cents: number, credit: ServiceCredit | null): number {
  if (!credit || credit.downtimeMinutes <= 0 || credit.cycleMinutes <= 0) return cents;
  const share = Math.min(credit.downtimeMinutes, credit.cycleMinutes);
  return cents - mulDivRound(cents, share, credit.cycleMinutes);
}

export interface EarlyDiscount {
  /** Basis points, 1..10000. */
  basisPoints: number;
  /** How many monthly payments it applies to (the first order is the first of them). */
  months: number;
}

export interface OrderAmounts {
  priceUsdCents: number;
  partnerDiscountUsdCents: number;
  earlyDiscountUsdCents: number;
  serviceCreditUsdCents: number;
  totalUsdCents: number;
  /** R$ per US$ in ten-thousandths. */
  exchangeRate: number;
  totalBrlCents: number;
}

/**
 * What the first month costs: the monthly price, less 25% for the partner broker when the
 * person trades through it, less the early-list discount on what remains (so discounts never
 * add up past 100%), less a renewal's service credit on what remains after that, converted to
 * reais at the staff's rate.
 */
export function orderAmounts(input: {
  priceUsdCents: number;
  partnerBroker: boolean;
  early: EarlyDiscount | null;
  serviceCredit?: ServiceCredit | null;
  exchangeRate: number;
}): OrderAmounts {
  const { priceUsdCents, exchangeRate } = input;
  const afterPartner = input.partnerBroker ? partnerPrice(priceUsdCents) : priceUsdCents;
  const afterEarly = input.early
    ? applyDiscount(afterPartner, input.early.basisPoints)
    : afterPartner;
  const totalUsdCents = creditedPrice(afterEarly, input.serviceCredit ?? null);
  return {
    priceUsdCents,
    partnerDiscountUsdCents: priceUsdCents - afterPartner,
    earlyDiscountUsdCents: afterPartner - afterEarly,
    serviceCreditUsdCents: afterEarly - totalUsdCents,
    totalUsdCents,
    exchangeRate,
    totalBrlCents: toReais(totalUsdCents, exchangeRate),
  };
}

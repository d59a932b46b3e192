import { orderPageCopy as copy } from "../../content/orders.ts";
import { formatDateTime } from "../admin/date-time.ts";
import { formatDay, formatRate } from "./format.ts";
import type { ExchangeRateSource } from "./model.ts";

// The one sentence naming the rate a payment used (docs/decisions/367), on the order page,
// the receipt and their e-mails: the PTAX of its business day, or staff's rate with the
// reason they gave for overriding the PTAX.

export interface RateUsed {
  /** Ten-thousandths of a real per dollar (5.4321 = 54321). */
  rate: number;
  source: ExchangeRateSource | null;
  quotedOn: string | null;
  setAt: Date | string;
  reason: string | null;
}

export function exchangeRateLine(used: RateUsed): string {
  const rate = formatRate(used.rate);
  if (used.source === "ptax" && used.quotedOn) return copy.ratePtax(rate, formatDay(used.quotedOn));
  const setAt = formatDateTime(new Date(used.setAt));
  return used.reason ? copy.rateOverride(rate, setAt, used.reason) : copy.rate(rate, setAt);
}

/** An order's rate line, or null while it has no rate. */
export function orderRateLine(order: {
  exchangeRate: string | null;
  exchangeRateSource: ExchangeRateSource | null;
  exchangeRateQuotedOn: string | null;
  exchangeRateSetAt: Date | null;
  exchangeRateReason: string | null;
}): string | null {
  if (order.exchangeRate === null || !order.exchangeRateSetAt) return null;
  return exchangeRateLine({
    rate: Number(order.exchangeRate.replace(".", "")),
    source: order.exchangeRateSource,
    quotedOn: order.exchangeRateQuotedOn,
    setAt: order.exchangeRateSetAt,
    reason: order.exchangeRateReason,
  });
}

/** A renewal charge's rate line. */
export function chargeRateLine(charge: {
  exchangeRate: string;
  exchangeRateSource: ExchangeRateSource;
  exchangeRateQuotedOn: string | null;
  exchangeRateSetAt: Date;
  exchangeRateReason: string | null;
}): string {
  return exchangeRateLine({
    rate: Number(charge.exchangeRate.replace(".", "")),
    source: charge.exchangeRateSource,
    quotedOn: charge.exchangeRateQuotedOn,
    setAt: charge.exchangeRateSetAt,
    reason: charge.exchangeRateReason,
  });
}

import { toReais } from "../orders/money.ts";
import { addDays, localInstant, type LocalDate } from "../subscriptions/calendar.ts";

// The rules of Pix Automático, in one place.
//
// A Pix Automático mandate is for a variable amount (a US$ price moves in reais), with a
// ceiling the payer's own maximum may not be set below (API Pix `valorMinimoRecebedor`).
// The rule (docs/decisions/355): the monthly list price, before any discount, in reais at the
// day's rate, plus half, rounded up to whole reais. That covers a partner or early discount
// ending (+33% at most) and the real falling by a third against the dollar; a cycle above it
// is not charged by the mandate but by hand, and the customer is asked to authorise again.

/** The ceiling's headroom over the list price, in percent of it. */
export const MANDATE_CEILING_PERCENT = 150;

/** The ceiling of a mandate in cents, from the list price in US$ cents and the day's rate. */
export function mandateCeilingCents(priceUsdCents: number, rate: number): number {
  const listBrlCents = toReais(priceUsdCents, rate);
  const withHeadroom = Math.ceil((listBrlCents * MANDATE_CEILING_PERCENT) / 100);
  return Math.ceil(withHeadroom / 100) * 100;
}

/** Retries the mandate's policy allows after a failed attempt (PERMITE_3R_7D), and in how many days. */
export const MAX_RETRIES = 3;
export const RETRY_WINDOW_DAYS = 7;

/** The instant after which the PSP no longer settles a renewal: its due date and the retries. */
export function lastPayableInstant(dueDate: LocalDate): Date {
  return localInstant(addDays(dueDate, RETRY_WINDOW_DAYS + 1));
}

// The day's exchange rate from the Banco Central's PTAX (docs/decisions/354): the closing
// sell rate of the last business day, stored once per quote day with its date and source,
// and taken by every order awaiting a rate. A staff override (with its reason) stands until
// the next business day's PTAX.
import { and, eq } from "drizzle-orm";
import { exchangeRates } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { lastBusinessDayPtax, PTAX_SOURCE } from "../../platform/payments/ptax.server.ts";
import { SAO_PAULO } from "../../lib/time-zone.ts";
import { setExchangeRate } from "./orders.server.ts";

/** Today's date in Brasília, YYYY-MM-DD. */
export function brasiliaDay(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: SAO_PAULO }).format(now);
}

/**
 * Fetches the last business day's PTAX and stores it unless already stored; returns the quote
 * day stored, or null when there was nothing new (or the service had none).
 */
export async function refreshPtax(now: Date, baseUrl: string): Promise<string | null> {
  const quote = await lastBusinessDayPtax(brasiliaDay(now), baseUrl);
  if (!quote) return null;
  const db = await getDb();
  const [known] = await db
    .select({ id: exchangeRates.id })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.source, "ptax"), eq(exchangeRates.quotedOn, quote.quotedOn)));
  if (known) return null;
  await setExchangeRate(quote.rate, PTAX_SOURCE, now, {
    source: "ptax",
    quotedOn: quote.quotedOn,
  });
  return quote.quotedOn;
}

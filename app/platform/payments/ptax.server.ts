import { z } from "zod";

// The Banco Central's PTAX (docs/decisions/354): the closing sell rate of R$ per US$, from its
// open-data service (Olinda, OData): CotacaoDolarDia(dataCotacao=@dataCotacao) answers
// {"value":[{"cotacaoCompra":5.3445,"cotacaoVenda":5.3451,"dataHoraCotacao":"2025-11-06 13:02:49.425"}]}
// for a business day and an empty list for a weekend or holiday.

export const PTAX_SOURCE = "PTAX (Banco Central)";

/** How many days back the last business day is looked for (a long holiday is at most 4). */
const LOOKBACK_DAYS = 10;
const REQUEST_TIMEOUT_MS = 10_000;

const answerSchema = z.object({
  value: z.array(
    z.object({ cotacaoVenda: z.number().positive(), dataHoraCotacao: z.string().min(10) }),
  ),
});

export interface PtaxQuote {
  /** R$ per US$ in ten-thousandths (5.3451 -> 53451). */
  rate: number;
  /** The business day it closed, YYYY-MM-DD. */
  quotedOn: string;
}

/** The service's day parameter: 'MM-DD-YYYY'. */
function odataDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `'${month}-${date}-${year}'`;
}

function previousDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** The closing PTAX of one day, or null when none closed that day. */
export async function ptaxOf(day: string, baseUrl: string): Promise<PtaxQuote | null> {
  const url =
    `${baseUrl.replace(/\/+$/, "")}/CotacaoDolarDia(dataCotacao=@dataCotacao)` +
    `?@dataCotacao=${encodeURIComponent(odataDay(day))}&$format=json`;
  const answer = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!answer.ok) throw new Error(`PTAX ${day}: HTTP ${answer.status}`);
  const [quote] = answerSchema.parse(await answer.json()).value;
  if (!quote) return null;
  // A rate of four decimals: its shortest decimal text is exact, and read as an integer.
  const [whole = "0", fraction = ""] = quote.cotacaoVenda.toFixed(4).split(".");
  return { rate: Number(whole) * 10_000 + Number(fraction), quotedOn: day };
}

/**
 * The closing PTAX of the last business day before `today` (YYYY-MM-DD, Brasília): on a
 * Monday, Friday's; after a holiday, the day before it.
 */
export async function lastBusinessDayPtax(
  today: string,
  baseUrl: string,
): Promise<PtaxQuote | null> {
  let day = previousDay(today);
  for (let i = 0; i < LOOKBACK_DAYS; i++, day = previousDay(day)) {
    const quote = await ptaxOf(day, baseUrl);
    if (quote) return quote;
  }
  return null;
}

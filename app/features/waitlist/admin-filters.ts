import { z } from "zod";
import { agentIds } from "../../content/agent-ids.ts";
import { waitlistFilterCopy as copy } from "../../content/admin.ts";
import { waitlistStatuses } from "./model.ts";

// The /admin/lista filters live in the URL (docs/decisions/071-waitlist-list-queries.md):
// q, status, agente, de, ate (São Paulo days), origem, meio, campanha, confirmado (sim/nao), ordem and a keyset cursor
// (apos = next page, antes = previous page). Unknown parameters (pagina=…) are ignored.

export const WAITLIST_PAGE_SIZE = 50;
export const SEARCH_MAX_LENGTH = 200;
const SOURCE_MAX_LENGTH = 100;
const CURSOR_MAX_LENGTH = 200;

export const waitlistSortOrders = ["recentes", "antigos"] as const;
export const waitlistConfirmedFilters = ["sim", "nao"] as const;

/** A keyset position: the created_at of a row (ISO text, microseconds kept) and its id. */
export interface WaitlistCursor {
  createdAt: string;
  id: string;
}

const CURSOR_PATTERN =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeCursor(cursor: WaitlistCursor): string {
  return `${cursor.createdAt}|${cursor.id}`;
}

/**
 * Whether an ISO date (and time) names a moment that exists: Date.parse takes 2026-02-30 (as
 * 2 March) and 24:00, which PostgreSQL refuses, so the text must come back from the Date
 * unchanged. Year 0 does not exist in PostgreSQL either.
 */
export function isRealIsoMoment(text: string): boolean {
  const date = new Date(text.length === 10 ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1) return false;
  const iso = date.toISOString();
  return text.length === 10 ? iso.startsWith(text) : iso.slice(0, 19) === text.slice(0, 19);
}

function decodeCursor(value: string): WaitlistCursor | null {
  const match = CURSOR_PATTERN.exec(value);
  if (!match || !isRealIsoMoment(match[1]!)) return null;
  return { createdAt: match[1]!, id: match[2]! };
}

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => value || undefined)
    .optional();

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, copy.invalidDate)
  .refine(isRealIsoMoment, copy.invalidDate)
  .optional()
  .or(z.literal("").transform(() => undefined));

const cursor = z
  .string()
  .max(CURSOR_MAX_LENGTH, copy.invalidPage)
  .transform((value, context) => {
    const decoded = decodeCursor(value);
    if (!decoded) context.addIssue({ code: "custom", message: copy.invalidPage });
    return decoded ?? undefined;
  })
  .optional();

/** A choice whose empty value ("Todos", the form's first option) means no filter. */
const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, error: string) =>
  z.preprocess((value) => (value === "" ? undefined : value), z.enum(values, { error }).optional());

export const waitlistFilterSchema = z.object({
  q: optionalText(SEARCH_MAX_LENGTH, copy.searchTooLong),
  status: optionalChoice(waitlistStatuses, copy.invalidStatus),
  agente: optionalChoice(agentIds, copy.invalidAgent),
  de: isoDay,
  ate: isoDay,
  origem: optionalText(SOURCE_MAX_LENGTH, copy.sourceTooLong),
  meio: optionalText(SOURCE_MAX_LENGTH, copy.mediumTooLong),
  campanha: optionalText(SOURCE_MAX_LENGTH, copy.campaignTooLong),
  confirmado: optionalChoice(waitlistConfirmedFilters, copy.invalidConfirmed),
  ordem: optionalChoice(waitlistSortOrders, copy.invalidOrder),
  apos: cursor,
  antes: cursor,
});

export type WaitlistFilter = z.output<typeof waitlistFilterSchema>;

/** The CSV export's cell separator (`?separador=`), ";" unless asked (decision 146). */
export const csvSeparators = { "ponto-e-virgula": ";", virgula: "," } as const;
export type CsvSeparator = keyof typeof csvSeparators;
export const csvSeparatorSchema = z.object({
  separador: optionalChoice(
    Object.keys(csvSeparators) as [CsvSeparator, ...CsvSeparator[]],
    copy.invalidSeparator,
  ),
});

const cursorKeys = ["apos", "antes"];

/** The filter's query string without the page cursor (for the CSV link and the counts). */
export function filterSearch(params: URLSearchParams, drop: readonly string[] = []): string {
  const next = new URLSearchParams();
  // Every filter part, in the schema's order; never the page's cursor.
  const keys = Object.keys(waitlistFilterSchema.shape).filter((key) => !cursorKeys.includes(key));
  for (const key of keys) {
    const value = params.get(key);
    if (value && !drop.includes(key)) next.set(key, value);
  }
  const text = next.toString();
  return text ? `?${text}` : "";
}

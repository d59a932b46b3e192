import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  type SQL,
  sql,
} from "drizzle-orm";
import { waitlist, waitlistCounts, waitlistStatusChanges } from "../../../db/schema.ts";
import { type Executor, getDb } from "../../platform/db/db.server.ts";
import { WAITLIST_PAGE_SIZE, type WaitlistCursor, type WaitlistFilter } from "./admin-filters.ts";
import type { SettableWaitlistStatus } from "./status-schema.ts";
import { type AgentId, agentIds, isAgentId } from "../../content/agent-ids.ts";
import type { WaitlistStatus } from "./statuses.ts";

// The admin's waitlist queries (docs/decisions/071-waitlist-list-queries.md). Every query
// takes an executor, so it can run inside a caller's transaction.

const TIME_ZONE = "America/Sao_Paulo";

/** Text folded the way the search column (waitlist.search_text) is: no accents, lower case. */
export function foldForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function likePattern(text: string): string {
  return `%${foldForSearch(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The filter's conditions, without the ones named in `skip` (for per-facet counts). */
function conditions(filter: WaitlistFilter, skip: ReadonlyArray<"status" | "agente"> = []) {
  const parts: SQL[] = [];
  // A trigram index serves the match (docs/decisions/073).
  if (filter.q) parts.push(sql`${waitlist.searchText} like ${likePattern(filter.q)}`);
  if (filter.status && !skip.includes("status")) parts.push(eq(waitlist.status, filter.status));
  if (filter.agente && !skip.includes("agente")) {
    parts.push(sql`${waitlist.interestedAgents} @> array[${filter.agente}]::text[]`);
  }
  if (filter.de) {
    parts.push(
      sql`${waitlist.createdAt} >= (${filter.de}::date)::timestamp at time zone ${TIME_ZONE}`,
    );
  }
  if (filter.ate) {
    parts.push(
      sql`${waitlist.createdAt} < (${filter.ate}::date + 1)::timestamp at time zone ${TIME_ZONE}`,
    );
  }
  if (filter.origem) parts.push(eq(waitlist.source, filter.origem));
  if (filter.confirmado) {
    parts.push(
      filter.confirmado === "sim" ? isNotNull(waitlist.confirmedAt) : isNull(waitlist.confirmedAt),
    );
  }
  return and(...parts);
}

export interface WaitlistRow {
  id: string;
  name: string;
  email: string;
  interestedAgents: string[];
  status: WaitlistStatus;
  createdAt: Date;
  confirmedAt: Date | null;
  /** The row's keyset position. */
  cursor: WaitlistCursor;
}

export interface WaitlistPage {
  rows: WaitlistRow[];
  /** Cursor of the next page (older rows in the chosen order), or null on the last page. */
  next: WaitlistCursor | null;
  /** Cursor of the previous page, or null on the first page. */
  previous: WaitlistCursor | null;
}

/**
 * The keyset condition and order after (or, `backwards`, before) `position` in the filter's
 * order: newest first unless `ordem=antigos`.
 */
function keysetOf(filter: WaitlistFilter, position: WaitlistCursor | undefined, backwards = false) {
  const descending = (filter.ordem !== "antigos") !== backwards;
  const keyset = position
    ? descending
      ? sql`(${waitlist.createdAt}, ${waitlist.id}) < (${position.createdAt}::timestamptz, ${position.id}::uuid)`
      : sql`(${waitlist.createdAt}, ${waitlist.id}) > (${position.createdAt}::timestamptz, ${position.id}::uuid)`
    : undefined;
  const order = descending
    ? [desc(waitlist.createdAt), desc(waitlist.id)]
    : [asc(waitlist.createdAt), asc(waitlist.id)];
  return { keyset, order };
}

const cursorText = sql<string>`to_char(${waitlist.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of 50 in the filter, by sign-up time (newest first unless `ordem=antigos`), with
 * keyset pagination on (created_at, id): `apos` reads after a row, `antes` before one.
 */
// The columns the list shows and the export starts with.
const listColumns = {
  id: waitlist.id,
  name: waitlist.name,
  email: waitlist.email,
  interestedAgents: waitlist.interestedAgents,
  status: waitlist.status,
};

export async function listWaitlistPage(
  filter: WaitlistFilter,
  executor?: Executor,
): Promise<WaitlistPage> {
  const db = executor ?? (await getDb());
  const backwards = !filter.apos && Boolean(filter.antes);
  const position = filter.apos ?? filter.antes;
  const { keyset, order } = keysetOf(filter, position, backwards);
  const found = await db
    .select({
      ...listColumns,
      createdAt: waitlist.createdAt,
      confirmedAt: waitlist.confirmedAt,
      cursorAt: cursorText,
    })
    .from(waitlist)
    .where(and(conditions(filter), keyset))
    .orderBy(...order)
    .limit(WAITLIST_PAGE_SIZE + 1);
  const more = found.length > WAITLIST_PAGE_SIZE;
  const page = found.slice(0, WAITLIST_PAGE_SIZE);
  if (backwards) page.reverse();
  const rows = page.map(({ cursorAt, ...row }) => ({
    ...row,
    cursor: { createdAt: cursorAt, id: row.id },
  }));
  const first = rows[0]?.cursor ?? null;
  const last = rows.at(-1)?.cursor ?? null;
  return {
    rows,
    next: backwards ? (position ? last : null) : more ? last : null,
    previous: backwards ? (more ? first : null) : position ? first : null,
  };
}

/**
 * Above this many matches, a count that has to scan the list stops and is shown as "more
 * than" (docs/decisions/075).
 */
export const COUNT_SCAN_LIMIT = 10_000;

export interface WaitlistCounts {
  /** People in the whole filter. */
  total: number;
  /** Per status, for the filter without its status part; null when not counted (075). */
  byStatus: Record<WaitlistStatus, number> | null;
  /** Per agent id, for the filter without its agent part; null when not counted (075). */
  byAgent: Record<string, number> | null;
  /** null when the figures are exact; else the limit, and a total above it means "more". */
  limit: number | null;
}

/**
 * True when waitlist_counts answers the filter: nothing but status and agent (the cursor and
 * order do not change counts). Any other part, including one added later, scans.
 */
const COUNT_NEUTRAL_KEYS: ReadonlySet<string> = new Set([
  "status",
  "agente",
  "ordem",
  "apos",
  "antes",
]);

function countedByTable(filter: WaitlistFilter): boolean {
  return Object.entries(filter).every(
    ([key, value]) => value === undefined || COUNT_NEUTRAL_KEYS.has(key),
  );
}

/** Counts from the trigger-kept waitlist_counts table (docs/decisions/074), no scan. */
async function countsFromTable(filter: WaitlistFilter, db: Executor): Promise<WaitlistCounts> {
  const rows = await db
    .select({
      status: waitlistCounts.status,
      kind: waitlistCounts.kind,
      value: waitlistCounts.value,
      n: sql<number>`sum(${waitlistCounts.n})::int`,
    })
    .from(waitlistCounts)
    .where(inArray(waitlistCounts.kind, ["status", "agent"]))
    .groupBy(waitlistCounts.status, waitlistCounts.kind, waitlistCounts.value);
  const byStatus: Record<WaitlistStatus, number> = { pending: 0, contacted: 0, converted: 0 };
  const byAgent: Record<string, number> = {};
  for (const row of rows) {
    const statusFigure = filter.agente
      ? row.kind === "agent" && row.value === filter.agente
      : row.kind === "status";
    if (statusFigure) byStatus[row.status] += row.n;
    if (row.kind === "agent" && (!filter.status || filter.status === row.status)) {
      byAgent[row.value] = (byAgent[row.value] ?? 0) + row.n;
    }
  }
  return { total: totalOf(filter, byStatus), byStatus, byAgent, limit: null };
}

function totalOf(filter: WaitlistFilter, byStatus: Record<WaitlistStatus, number>): number {
  return filter.status
    ? byStatus[filter.status]
    : Object.values(byStatus).reduce((sum, n) => sum + n, 0);
}

/**
 * Counts by reading the matches of the filter without its status and agent parts, at most
 * COUNT_SCAN_LIMIT + 1 of them (docs/decisions/075): within the limit every figure is exact;
 * past it only the total is counted (up to the limit), and the per-status and per-agent
 * figures are left out.
 */
async function countsByScan(filter: WaitlistFilter, db: Executor): Promise<WaitlistCounts> {
  const matches = await db
    .select({ status: waitlist.status, agents: waitlist.interestedAgents })
    .from(waitlist)
    .where(conditions(filter, ["status", "agente"]))
    .limit(COUNT_SCAN_LIMIT + 1);
  if (matches.length > COUNT_SCAN_LIMIT) {
    const total =
      filter.status || filter.agente
        ? await countUpTo(db, conditions(filter), COUNT_SCAN_LIMIT + 1)
        : matches.length;
    return { total, byStatus: null, byAgent: null, limit: COUNT_SCAN_LIMIT };
  }
  const byStatus: Record<WaitlistStatus, number> = { pending: 0, contacted: 0, converted: 0 };
  const byAgent: Record<string, number> = Object.fromEntries(agentIds.map((id) => [id, 0]));
  for (const { status, agents } of matches) {
    if (!filter.agente || agents.includes(filter.agente)) byStatus[status] += 1;
    if (!filter.status || filter.status === status) {
      for (const agent of agents) byAgent[agent] = (byAgent[agent] ?? 0) + 1;
    }
  }
  return { total: totalOf(filter, byStatus), byStatus, byAgent, limit: null };
}

/** How many rows match, counting no further than `limit`. */
async function countUpTo(db: Executor, where: SQL | undefined, limit: number): Promise<number> {
  const matches = db
    .select({ one: sql`1`.as("one") })
    .from(waitlist)
    .where(where)
    .limit(limit)
    .as("matches");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return row?.n ?? 0;
}

/** Counts per status and per agent (facets) and the total, for the list's filter. */
export async function countWaitlist(
  filter: WaitlistFilter,
  executor?: Executor,
): Promise<WaitlistCounts> {
  const db = executor ?? (await getDb());
  return countedByTable(filter) ? countsFromTable(filter, db) : countsByScan(filter, db);
}

const SUMMARY_SOURCES = 6;

export interface WaitlistSummary {
  /** Everyone on the list. */
  total: number;
  byStatus: Record<WaitlistStatus, number>;
  byAgent: Record<AgentId, number>;
  /** The most frequent sources, most first ('' = none given). */
  topSources: { source: string; n: number }[];
  /** Everyone whose source is not among topSources. */
  otherSources: number;
}

/** The whole list per status, agent and source, from waitlist_counts (no scan). */
export async function waitlistSummary(executor?: Executor): Promise<WaitlistSummary> {
  const db = executor ?? (await getDb());
  const rows = await db
    .select({
      status: waitlistCounts.status,
      kind: waitlistCounts.kind,
      value: waitlistCounts.value,
      n: sql<number>`sum(${waitlistCounts.n})::int`,
    })
    .from(waitlistCounts)
    .groupBy(waitlistCounts.status, waitlistCounts.kind, waitlistCounts.value);
  const byStatus: Record<WaitlistStatus, number> = { pending: 0, contacted: 0, converted: 0 };
  const byAgent = Object.fromEntries(agentIds.map((id) => [id, 0])) as Record<AgentId, number>;
  const bySource = new Map<string, number>();
  for (const row of rows) {
    if (row.kind === "status") byStatus[row.status] += row.n;
    else if (row.kind === "agent" && isAgentId(row.value)) byAgent[row.value] += row.n;
    else if (row.kind === "source") bySource.set(row.value, (bySource.get(row.value) ?? 0) + row.n);
  }
  const sources = [...bySource]
    .filter(([, n]) => n > 0)
    .map(([source, n]) => ({ source, n }))
    .sort((a, b) => b.n - a.n || a.source.localeCompare(b.source));
  const topSources = sources.slice(0, SUMMARY_SOURCES);
  const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  return {
    total,
    byStatus,
    byAgent,
    topSources,
    otherSources: total - topSources.reduce((sum, { n }) => sum + n, 0),
  };
}

/** Everything stored about one entry, with its status history oldest first; null if none. */
export async function getWaitlistEntry(id: string, executor?: Executor) {
  const db = executor ?? (await getDb());
  const [entry] = await db.select().from(waitlist).where(eq(waitlist.id, id));
  if (!entry) return null;
  const history = await db
    .select({
      status: waitlistStatusChanges.status,
      changedBy: waitlistStatusChanges.changedBy,
      changedAt: waitlistStatusChanges.changedAt,
    })
    .from(waitlistStatusChanges)
    .where(eq(waitlistStatusChanges.entryId, id))
    .orderBy(asc(waitlistStatusChanges.changedAt), asc(waitlistStatusChanges.id));
  return { entry, history };
}

export type WaitlistEntryDetail = NonNullable<Awaited<ReturnType<typeof getWaitlistEntry>>>;

/**
 * Moves entries to contacted or converted and records who did it, in the caller's
 * transaction. Entries already in that status are left alone (no history line). Returns
 * how many of the ids exist.
 */
export async function setWaitlistStatuses(
  db: Executor,
  ids: readonly string[],
  status: SettableWaitlistStatus,
  changedBy: string,
): Promise<number> {
  if (ids.length === 0) return 0;
  const changed = await db
    .update(waitlist)
    .set({ status })
    .where(and(inArray(waitlist.id, [...ids]), ne(waitlist.status, status)))
    .returning({ id: waitlist.id });
  if (changed.length > 0) {
    await db
      .insert(waitlistStatusChanges)
      .values(changed.map(({ id }) => ({ entryId: id, status, changedBy })));
  }
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(waitlist)
    .where(inArray(waitlist.id, [...ids]));
  return existing?.n ?? 0;
}

const EXPORT_BATCH_SIZE = 500;

/**
 * A time as pt-BR text in São Paulo time, "01/11/2026 23:30" (docs/product.md rule 12; the
 * same text as features/admin/date-time.ts), formatted by the database: Intl in the server
 * process was a third of the export's CPU (docs/decisions/077).
 */
const saoPauloDateTime = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone ${sql.raw(`'${TIME_ZONE}'`)}, 'DD/MM/YYYY HH24:MI')`;

/**
 * Every entry of the filter (from its first row: the page cursor is ignored) with everything
 * stored, in the list's order, in keyset batches of 500, so memory stays constant however
 * many rows match (CSV export).
 */
export async function* waitlistExportBatches(filter: WaitlistFilter, executor?: Executor) {
  const db = executor ?? (await getDb());
  let position: WaitlistCursor | undefined;
  for (;;) {
    const { keyset, order } = keysetOf(filter, position);
    const batch = await db
      .select({
        ...listColumns,
        message: waitlist.message,
        marketingConsent: waitlist.marketingConsent,
        termsAcceptedAt: saoPauloDateTime(waitlist.termsAcceptedAt),
        source: waitlist.source,
        createdAt: saoPauloDateTime(waitlist.createdAt),
        cursorAt: cursorText,
      })
      .from(waitlist)
      .where(and(conditions(filter), keyset))
      .orderBy(...order)
      .limit(EXPORT_BATCH_SIZE);
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (!last || batch.length < EXPORT_BATCH_SIZE) return;
    position = { createdAt: last.cursorAt, id: last.id };
  }
}

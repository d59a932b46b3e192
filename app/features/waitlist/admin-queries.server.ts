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
import {
  ACCENTED,
  consentEvents,
  invitations,
  PLAIN,
  robots,
  waitlist,
  waitlistStatusChanges,
} from "../../../db/schema.ts";
import { PgDialect } from "drizzle-orm/pg-core";
import { agentNames } from "../../content/agent-ids.ts";
import { waitlistAdminCopy, waitlistCsvCopy, waitlistEntryCopy } from "../../content/admin.ts";
import { invitationStatusLabels } from "../invitations/statuses.ts";
import { statusLabels } from "./statuses.ts";
import { type Executor, getDb } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { WAITLIST_PAGE_SIZE, type WaitlistCursor, type WaitlistFilter } from "./admin-filters.ts";
import type { SettableWaitlistStatus } from "./status-schema.ts";
import type { WaitlistStatus } from "./model.ts";
import { SAO_PAULO } from "../../lib/time-zone.ts";

// The admin's waitlist queries (docs/decisions/071-waitlist-list-queries.md). Every query
// takes an executor, so it can run inside a caller's transaction.

/** Text folded the way the search column (waitlist.search_text) is: no accents, lower case. */
export function foldForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A text folded in SQL as waitlist.search_text is (accents of Portuguese letters dropped, lower
 * case), so "Instagram", "instagram" and "ÍNSTAGRAM" match alike (docs/decisions/145).
 */
export const foldedSql = (text: SQL) =>
  sql`lower(translate(coalesce(${text}, ''), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)}))`;

/** The filter's conditions, without the ones named in `skip` (for per-facet counts). */
export function filterConditions(
  filter: WaitlistFilter,
  skip: ReadonlyArray<"status" | "agente"> = [],
) {
  const parts: SQL[] = [];
  // Each word anywhere in the name or e-mail, so "maria silva" finds "Maria da Silva Santos";
  // a trigram index serves each match (docs/decisions/073, 145).
  for (const word of foldForSearch(filter.q ?? "")
    .split(/\s+/)
    .filter(Boolean)) {
    parts.push(sql`${waitlist.searchText} like ${likePattern(word)}`);
  }
  if (filter.status && !skip.includes("status")) parts.push(eq(waitlist.status, filter.status));
  if (filter.agente && !skip.includes("agente")) {
    parts.push(sql`${waitlist.interestedAgents} @> array[${filter.agente}]::text[]`);
  }
  if (filter.de) {
    parts.push(
      sql`${waitlist.createdAt} >= (${filter.de}::date)::timestamp at time zone ${SAO_PAULO}`,
    );
  }
  if (filter.ate) {
    parts.push(
      sql`${waitlist.createdAt} < (${filter.ate}::date + 1)::timestamp at time zone ${SAO_PAULO}`,
    );
  }
  // Case and accents ignored, as people type them (decision 144).
  const matches = (column: SQL, value: string) =>
    sql`${foldedSql(column)} = ${foldedSql(sql`${value}::text`)}`;
  if (filter.origem) parts.push(matches(sql`${waitlist.source}`, filter.origem));
  if (filter.meio) parts.push(matches(sql`${waitlist.utmMedium}`, filter.meio));
  if (filter.campanha) parts.push(matches(sql`${waitlist.utmCampaign}`, filter.campanha));
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
    .where(and(filterConditions(filter), keyset))
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

/** How many people the filter holds (the page cursor and order ignored). */
export async function countFilter(db: Executor, filter: WaitlistFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(waitlist)
    .where(filterConditions(filter));
  return row?.n ?? 0;
}

/**
 * Moves everyone in the filter to contacted or converted in one statement, with a history
 * line each, in the caller's transaction; entries already there are left alone. Returns how
 * many changed.
 */
export async function setFilterStatus(
  db: Executor,
  filter: WaitlistFilter,
  status: SettableWaitlistStatus,
  changedBy: string,
): Promise<number> {
  // One statement; only the number comes back, however many rows change.
  const result = await db.execute(sql`
    with changed as (
      update ${waitlist} set status = ${status}
       where ${filterConditions(filter) ?? sql`true`} and ${waitlist.status} <> ${status}
      returning ${waitlist.id} as id
    ), history as (
      insert into ${waitlistStatusChanges} (entry_id, status, changed_by)
      select id, ${status}, ${changedBy} from changed
      returning 1
    )
    select count(*)::int as n from history`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

// Rows per export query on PGlite, whose statements run on the server's thread one at a time,
// so each one delays every other request for as long as it runs (/healthz during a whole
// export, decision 227). PostgreSQL's export is one COPY (decision 435).
const EMBEDDED_EXPORT_BATCH_SIZE = 100;

/**
 * A time as pt-BR text in São Paulo time, "01/11/2026 23:30" (docs/product.md rule 12; the
 * same text as features/admin/date-time.ts), formatted by the database: Intl in the server
 * process was a third of the export's CPU (docs/decisions/077).
 */
const saoPauloDateTime = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone ${sql.raw(`'${SAO_PAULO}'`)}, 'DD/MM/YYYY HH24:MI')`;

/** `value` (SQL text) looked up in `labels`, itself when absent. */
const labelled = (value: SQL | AnyColumn, labels: Readonly<Record<string, string>>) =>
  sql`case ${value} ${sql.join(
    Object.entries(labels).map(([key, label]) => sql`when ${key} then ${label}`),
    sql` `,
  )} else ${value} end`;

/**
 * agentsText's text: each agent id as its name (an unknown id as itself), joined by ", ".
 * Array functions, not a subquery: unnesting each row's array cost more than the rest of
 * the row (decision 435).
 */
const agentsText = sql`case when cardinality(${waitlist.interestedAgents}) = 0
  then ${waitlistAdminCopy.noAgents}::text
  else array_to_string(${Object.entries(agentNames).reduce<SQL>(
    (agents, [id, name]) => sql`array_replace(${agents}, ${id}::text, ${name}::text)`,
    sql`${waitlist.interestedAgents}`,
  )}, ', ') end`;

/** A copy function of text arguments written as SQL concatenation of the given expressions
 * (each argument stands in as a private-use marker, then the copy is split at the markers). */
function concatenated<Args extends string[]>(
  copyOf: (...args: Args) => string,
  ...parts: { [K in keyof Args]: SQL }
): SQL {
  const marker = (i: number) => `\uE000${i}\uE000`;
  const pieces = copyOf(...(parts.map((_, i) => marker(i)) as Args)).split(/\uE000(\d+)\uE000/);
  return sql.join(
    pieces.flatMap((piece, i) =>
      i % 2 === 1 ? [parts[Number(piece)]!] : piece ? [sql`${piece}::text`] : [],
    ),
    sql` || `,
  );
}

// The starts csv-stringify's `escape_formulas` neutralises (decision 072): a cell starting
// with one gets a leading apostrophe, so a spreadsheet shows it as text.
const FORMULA_STARTS = ["=", "+", "-", "@", "\t", "\r", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"];
const FORMULA_START_PATTERN = `^([${FORMULA_STARTS.join("").replace("-", "\\-")}])`;

/**
 * A cell of stored text: apostrophe before a formula start, and no value (an empty field,
 * never `""`) when empty. The column is read twice, cheaper than a regular expression.
 */
const textCell = (column: AnyColumn) =>
  sql`case when left(${column}, 1) in (${sql.join(
    FORMULA_STARTS.map((start) => sql`${start}`),
    sql`, `,
  )}) then '''' || ${column} else nullif(${column}, '') end`;

/** The same for a computed text, evaluated once. */
const computedTextCell = (text: SQL) =>
  sql`regexp_replace(nullif(${text}, ''), ${FORMULA_START_PATTERN}, '''\\1')`;

/**
 * The export's cells in the header's order (waitlistCsvCopy.columns), each as the file shows
 * it: labels, pt-BR dates, the agents and invitations as text, formula cells neutralised
 * (labels, dates and yes/no are our own text and never start a formula). The database
 * writes them, so PostgreSQL's COPY writes the file without a row reaching this process
 * (decision 435); PGlite's batches give the same cells to csv-stringify. The subqueries read
 * the consent and invitation indexes by waitlist_id (decision 307); the invitations' text is
 * built only for the entries that have one: an aggregate per row cost more than the probe.
 */
const exportCells = [
  textCell(waitlist.name),
  textCell(waitlist.email),
  computedTextCell(agentsText),
  labelled(waitlist.status, statusLabels),
  textCell(waitlist.message),
  saoPauloDateTime(waitlist.confirmedAt),
  sql`case when ${waitlist.marketingConsent} then ${waitlistEntryCopy.yes} else ${waitlistEntryCopy.no} end`,
  sql`(select ${saoPauloDateTime(consentEvents.createdAt)} from ${consentEvents}
        where ${consentEvents.waitlistId} = ${waitlist.id}
          and ${inArray(consentEvents.kind, ["marketing-given", "marketing-withdrawn"])}
        order by ${consentEvents.createdAt} desc limit 1)`,
  saoPauloDateTime(waitlist.termsAcceptedAt),
  textCell(waitlist.source),
  textCell(waitlist.utmMedium),
  textCell(waitlist.utmCampaign),
  textCell(waitlist.referrer),
  sql`case when exists (select from ${invitations} where ${invitations.waitlistId} = ${waitlist.id})
    then ${computedTextCell(sql`(select string_agg(${concatenated(
      waitlistCsvCopy.invitation,
      sql`(select ${robots.name} from ${robots} where ${robots.id} = ${invitations.robotId})`,
      labelled(invitations.status, invitationStatusLabels),
      saoPauloDateTime(invitations.sentAt),
    )}, '; ' order by ${invitations.sentAt})
      from ${invitations} where ${invitations.waitlistId} = ${waitlist.id})`)} end`,
  saoPauloDateTime(waitlist.createdAt),
];

/**
 * PostgreSQL's COPY of the whole filter (from its first row: the page cursor is ignored) in
 * the list's order, as CSV rows without header: the database's own CSV writer quotes exactly
 * the cells csv-stringify quotes (separator, `"`, CR or LF; `"` doubled), and writes an
 * absent cell as nothing. The statement's values are written into its text (COPY takes no
 * parameters), quoted by drizzle's literal escaping.
 */
export function waitlistExportCopy(filter: WaitlistFilter, separator: string): string {
  const where = filterConditions(filter);
  const { order } = keysetOf(filter, undefined);
  const select = sql`select ${sql.join(exportCells, sql`, `)} from ${waitlist}
    ${where ? sql`where ${where}` : sql``}
    order by ${sql.join(order, sql`, `)}`;
  const query = new PgDialect().sqlToQuery(select.inlineParams());
  return `copy (${query.sql}) to stdout with (format csv, delimiter ${new PgDialect().escapeString(separator)})`;
}

/**
 * The filter's CSV cells (as exportCells writes them; null for an empty cell) on PGlite, in
 * keyset batches of 100 after a turn of the event loop, so memory stays constant however many
 * rows match and other requests run between batches (decision 227).
 */
export async function* waitlistExportBatches(
  filter: WaitlistFilter,
  executor?: Executor,
): AsyncGenerator<(string | null)[][], void> {
  const db = executor ?? (await getDb());
  const conditions = filterConditions(filter);
  let position: WaitlistCursor | undefined;
  for (;;) {
    // Requests that arrived during the last statement queue theirs before the next one:
    // PGlite runs a statement on this thread and resolves it in a microtask (decision 267).
    await new Promise((resolve) => setImmediate(resolve));
    const { keyset, order } = keysetOf(filter, position);
    const where = and(conditions, keyset);
    const batch = rowsOf<{ cells: (string | null)[]; id: string; cursorAt: string }>(
      await db.execute(sql`
        select array[${sql.join(exportCells, sql`, `)}]::text[] as "cells",
               ${waitlist.id} as "id", ${cursorText} as "cursorAt"
          from ${waitlist}
        ${where ? sql`where ${where}` : sql``}
        order by ${sql.join(order, sql`, `)} limit ${EMBEDDED_EXPORT_BATCH_SIZE}`),
    );
    if (batch.length > 0) yield batch.map((row) => row.cells);
    const last = batch.at(-1);
    if (!last || batch.length < EMBEDDED_EXPORT_BATCH_SIZE) return;
    position = { createdAt: last.cursorAt, id: last.id };
  }
}

import { type SQL, sql } from "drizzle-orm";
import { waitlist, waitlistTallies } from "../../../db/schema.ts";
import { type Executor, getDb } from "../../platform/db/db.server.ts";
import { type AgentId, agentIds, isAgentId } from "../../content/agent-ids.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import type { WaitlistFilter } from "./admin-filters.ts";
import { filterConditions, foldedSql } from "./admin-queries.server.ts";
import type { WaitlistStatus } from "./model.ts";
import { SAO_PAULO } from "../../lib/time-zone.ts";

// The figures of /admin/lista for its current filter (docs/decisions/145): the total, the
// per-status and per-agent counts beside the filters, and the summary (per status, agent,
// source and sign-ups per day, week or month over the filter's period). All exact. A filter
// without a search is summed from waitlist_tallies, kept by triggers, whatever the size of the
// list; a search groups its matches in the database, in one statement.

const SUMMARY_SOURCES = 6;
/** Without a period in the filter, the chart shows this many days up to today. */
const DEFAULT_CHART_DAYS = 30;

export type ChartUnit = "day" | "week" | "month";

export interface ChartPoint {
  /** First day of the bucket, aaaa-mm-dd. */
  start: string;
  n: number;
}

export interface WaitlistFigures {
  /** People in the whole filter. */
  total: number;
  /** Per status, for the filter without its status part. */
  byStatus: Record<WaitlistStatus, number>;
  /** Per agent id, for the filter without its agent part. */
  byAgent: Record<AgentId, number>;
  summary: WaitlistSummary;
}

export interface WaitlistSummary {
  /** People in the filter (the same as the figures' total). */
  total: number;
  byStatus: Record<WaitlistStatus, number>;
  byAgent: Record<AgentId, number>;
  /** The most frequent sources in the filter, most first ('' = none given). */
  topSources: { source: string; n: number }[];
  /** Everyone in the filter whose source is not among topSources. */
  otherSources: number;
  chart: { from: string; to: string; unit: ChartUnit; points: ChartPoint[] };
}

/** Filter parts waitlist_tallies can answer; any other part (a search, ...) is grouped live. */
const TALLIED_KEYS: ReadonlySet<string> = new Set([
  "status",
  "agente",
  "de",
  "ate",
  "origem",
  "confirmado",
  "ordem",
  "apos",
  "antes",
]);

function talliedFilter(filter: WaitlistFilter): boolean {
  return Object.entries(filter).every(
    ([key, value]) => value === undefined || TALLIED_KEYS.has(key),
  );
}

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** Today in São Paulo, aaaa-mm-dd. */
function today(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: SAO_PAULO }).format(now);
}

/** The chart's period: the filter's days, else the last 30; its bucket size by its length. */
function chartPeriod(filter: WaitlistFilter, firstDay: string | null, now: Date) {
  const to = filter.ate ?? today(now);
  let from = filter.de ?? addDays(to, -(DEFAULT_CHART_DAYS - 1));
  // A period reaching before the first sign-up starts at it (de=1900-01-01 draws no century).
  if (filter.de && firstDay && from < firstDay) from = firstDay < to ? firstDay : to;
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  const unit: ChartUnit = days <= 62 ? "day" : days <= 62 * 7 ? "week" : "month";
  return { from, to, unit };
}

function bucketStart(day: string, unit: ChartUnit): string {
  if (unit === "day") return day;
  if (unit === "month") return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  // ISO weeks start on Monday, as date_trunc('week') does.
  return addDays(day, -((date.getUTCDay() + 6) % 7));
}

function chartBuckets(from: string, to: string, unit: ChartUnit): string[] {
  const buckets: string[] = [];
  for (let start = bucketStart(from, unit); start <= to;) {
    buckets.push(start);
    if (unit === "day") start = addDays(start, 1);
    else if (unit === "week") start = addDays(start, 7);
    else {
      const [year, month] = start.split("-").map(Number) as [number, number];
      start = isoDay(new Date(Date.UTC(year, month, 1)));
    }
  }
  return buckets;
}

interface GroupedRow {
  set: number;
  status: WaitlistStatus;
  agents: string[];
  source: string | null;
  bucket: string | null;
  n: number;
}

/**
 * One statement, three groupings of the rows matching the filter without its status and agent
 * parts: by status and set of agents, by those and source, by those and chart bucket.
 */
function groupedQuery(
  filter: WaitlistFilter,
  chart: { from: string; to: string; unit: ChartUnit },
): SQL {
  const unit = sql.raw(`'${chart.unit}'`);
  const inChart = (day: SQL) =>
    sql`case when ${day} between ${chart.from}::date and ${chart.to}::date
        then date_trunc(${unit}, ${day}::timestamp)::date end`;
  if (talliedFilter(filter)) {
    const parts: SQL[] = [sql`true`];
    if (filter.de) parts.push(sql`day >= ${filter.de}::date`);
    if (filter.ate) parts.push(sql`day <= ${filter.ate}::date`);
    if (filter.origem)
      parts.push(sql`${foldedSql(sql`source`)} = ${foldedSql(sql`${filter.origem}::text`)}`);
    if (filter.confirmado) parts.push(sql`confirmed = ${filter.confirmado === "sim"}`);
    return sql`
      select grouping(source, bucket) as set, status, agents, source, bucket::text as bucket,
             sum(n)::bigint::float8 as n
        from (select status, agents, source, ${inChart(sql`day`)} as bucket, n
                from ${waitlistTallies} where ${sql.join(parts, sql` and `)}) as tallies
       group by grouping sets ((status, agents), (status, agents, source), (status, agents, bucket))`;
  }
  // A search is grouped live, reading each match once (decision 280): one pass groups the
  // matches by status, agents, source and chart bucket (about 60 x 30 groups); the three sets
  // are summed from those few rows. The bucket is the match's place among the buckets' first
  // instants (width_bucket, a binary search; 0 and n + 1 fall outside the period), so no row
  // is converted to São Paulo time. The subquery's `offset 0` keeps PostgreSQL from
  // estimating the buckets' number from created_at's (one per row), which made it sort every
  // match instead of hashing them (decision 226).
  const conditions = filterConditions(filter, ["status", "agente"]) ?? sql`true`;
  const zone = sql.raw(`'${SAO_PAULO}'`);
  const starts = chartBuckets(chart.from, chart.to, chart.unit);
  // The period's first instant, each later bucket's, and the instant after the period.
  const bounds = [chart.from, ...starts.slice(1), addDays(chart.to, 1)].join(",");
  return sql`
    with grouped as materialized (
      select status, agents, source, bucket, count(*)::float8 as n
        from (select ${waitlist.status} as status, ${waitlist.interestedAgents} as agents,
                     coalesce(${waitlist.source}, '') as source,
                     width_bucket(${waitlist.createdAt},
                       (select array_agg((day::date)::timestamp at time zone ${zone} order by day)
                          from unnest(string_to_array(${bounds}, ',')) as day)) as bucket
                from ${waitlist} where ${conditions} offset 0) as matches
       group by 1, 2, 3, 4)
    select 1 as set, status, agents, source, null::text as bucket, sum(n) as n
      from grouped group by status, agents, source
    union all
    select 3, status, agents, null, null, sum(n) from grouped group by status, agents
    union all
    select 2, status, agents, null, (string_to_array(${starts.join(",")}, ','))[bucket], sum(n)
      from grouped where bucket between 1 and ${starts.length}
     group by status, agents, bucket`;
}

const zeroStatuses = (): Record<WaitlistStatus, number> => ({
  pending: 0,
  contacted: 0,
  converted: 0,
});
const zeroAgents = () =>
  Object.fromEntries(agentIds.map((id) => [id, 0])) as Record<AgentId, number>;

/** The counts and the summary of the list's filter. */
export async function waitlistFigures(
  filter: WaitlistFilter,
  executor?: Executor,
  now = new Date(),
): Promise<WaitlistFigures> {
  const db = executor ?? (await getDb());
  const [first] = rowsOf<{ day: string | null }>(
    await db.execute(sql`select min(day)::text as day from ${waitlistTallies}`),
  );
  const chart = chartPeriod(filter, first?.day ?? null, now);
  const rows = rowsOf<GroupedRow>(await db.execute(groupedQuery(filter, chart)));

  const byStatus = zeroStatuses();
  const byAgent = zeroAgents();
  const summary: WaitlistSummary = {
    total: 0,
    byStatus: zeroStatuses(),
    byAgent: zeroAgents(),
    topSources: [],
    otherSources: 0,
    chart: { ...chart, points: [] },
  };
  const bySource = new Map<string, number>();
  const byBucket = new Map<string, number>();
  for (const row of rows) {
    const n = Number(row.n);
    const statusMatches = !filter.status || row.status === filter.status;
    const agentMatches = !filter.agente || row.agents.includes(filter.agente);
    // grouping(): 3 = by status and agents only, 1 = also by source, 2 = also by bucket.
    const set = Number(row.set);
    if (set === 3) {
      if (agentMatches) byStatus[row.status] += n;
      if (statusMatches) {
        for (const agent of new Set(row.agents)) if (isAgentId(agent)) byAgent[agent] += n;
      }
      if (statusMatches && agentMatches) {
        summary.total += n;
        summary.byStatus[row.status] += n;
        for (const agent of new Set(row.agents)) if (isAgentId(agent)) summary.byAgent[agent] += n;
      }
    } else if (statusMatches && agentMatches) {
      if (set === 1 && row.source !== null) {
        bySource.set(row.source, (bySource.get(row.source) ?? 0) + n);
      }
      if (set === 2 && row.bucket !== null) {
        byBucket.set(row.bucket, (byBucket.get(row.bucket) ?? 0) + n);
      }
    }
  }
  const sources = [...bySource]
    .filter(([, n]) => n > 0)
    .map(([source, n]) => ({ source, n }))
    .sort((a, b) => b.n - a.n || a.source.localeCompare(b.source));
  summary.topSources = sources.slice(0, SUMMARY_SOURCES);
  summary.otherSources = summary.total - summary.topSources.reduce((sum, { n }) => sum + n, 0);
  summary.chart.points = chartBuckets(chart.from, chart.to, chart.unit).map((start) => ({
    start,
    n: byBucket.get(start) ?? 0,
  }));
  return { total: summary.total, byStatus, byAgent, summary };
}

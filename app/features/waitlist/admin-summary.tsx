import type { BadgeTone } from "../../components/ui/badge.tsx";
import { agentIds, agentNames } from "../../content/agent-ids.ts";
import { waitlistSummaryCopy as copy } from "../../content/admin.ts";
import { waitlistStatuses, type WaitlistStatus } from "./model.ts";
import { statusLabels, statusTones } from "./statuses.ts";

// The summary at the top of /admin/lista (docs/decisions/076, 145): the current filter per
// status, agent and source as bar charts, and its sign-ups per day (week, month) over the
// filter's period, drawn in plain SVG. Each bar is decoration (aria-hidden); its label and
// figure are text beside it (or in the table under the chart), so a screen reader, a zoomed
// page or a copy and paste get the same numbers.

export interface WaitlistSummaryView {
  total: number;
  byStatus: Record<WaitlistStatus, number>;
  byAgent: Record<string, number>;
  topSources: { source: string; n: number }[];
  otherSources: number;
  chart: {
    from: string;
    to: string;
    unit: "day" | "week" | "month";
    points: { start: string; n: number }[];
  };
}

/** aaaa-mm-dd as dd/mm/aaaa (the day is already São Paulo's). */
const brDay = (day: string) => day.split("-").reverse().join("/");

function PeriodChart({ chart }: { chart: WaitlistSummaryView["chart"] }) {
  const max = Math.max(1, ...chart.points.map((point) => point.n));
  const width = chart.points.length;
  return (
    <figure aria-labelledby="resumo-periodo" className="rounded-lg border border-border p-4">
      <figcaption id="resumo-periodo" className="font-semibold">
        {copy.perPeriod[chart.unit]} ({copy.periodRange(brDay(chart.from), brDay(chart.to))})
      </figcaption>
      <svg
        aria-hidden="true"
        className="mt-3 h-24 w-full"
        viewBox={`0 0 ${width} 100`}
        preserveAspectRatio="none"
      >
        {chart.points.map((point, index) => {
          const height = (point.n / max) * 100;
          return (
            <rect
              key={point.start}
              x={index + 0.1}
              y={100 - height}
              width={0.8}
              height={height}
              className="fill-blue-400"
            />
          );
        })}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer">{copy.chartTable}</summary>
        <table className="mt-2 text-left">
          <thead>
            <tr>
              <th scope="col" className="pr-4">
                {copy.chartColumns.start}
              </th>
              <th scope="col">{copy.chartColumns.n}</th>
            </tr>
          </thead>
          <tbody>
            {chart.points.map((point) => (
              <tr key={point.start}>
                <td className="pr-4">{brDay(point.start)}</td>
                <td className="tabular-nums">{point.n.toLocaleString("pt-BR")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

const barTones: Record<BadgeTone, string> = {
  red: "fill-red-400",
  yellow: "fill-yellow-300",
  green: "fill-green-400",
  blue: "fill-blue-400",
  grey: "fill-slate-400",
};

interface Bar {
  key: string;
  label: string;
  value: number;
  tone?: BadgeTone;
}

function BarChart({
  id,
  title,
  bars,
  total,
}: {
  id: string;
  title: string;
  bars: Bar[];
  total: number;
}) {
  return (
    <figure aria-labelledby={id} className="rounded-lg border border-border p-4">
      <figcaption id={id} className="font-semibold">
        {title}
      </figcaption>
      <ul className="mt-3 space-y-2 text-sm">
        {bars.map((bar) => {
          const share = total > 0 ? (bar.value / total) * 100 : 0;
          return (
            <li key={bar.key}>
              <div className="flex justify-between gap-2">
                <span className="break-all">{bar.label}</span>
                <span className="whitespace-nowrap tabular-nums">
                  {copy.figure(bar.value, share)}
                </span>
              </div>
              <svg
                aria-hidden="true"
                className="mt-1 h-2 w-full"
                viewBox="0 0 100 2"
                preserveAspectRatio="none"
              >
                <rect width="100" height="2" className="fill-muted" />
                <rect width={share} height="2" className={barTones[bar.tone ?? "blue"]} />
              </svg>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}

export function WaitlistSummary({
  summary,
  filtered,
}: {
  summary: WaitlistSummaryView;
  /** Whether the list is filtered (the heading says "neste filtro"). */
  filtered: boolean;
}) {
  const sourceBars: Bar[] = summary.topSources.map(({ source, n }) => ({
    key: `source-${source}`,
    label: source || copy.noSource,
    value: n,
  }));
  if (summary.otherSources > 0) {
    sourceBars.push({
      key: "others",
      label: copy.otherSources,
      value: summary.otherSources,
      tone: "grey",
    });
  }
  return (
    <section aria-labelledby="resumo-titulo" className="mt-4">
      <h3 id="resumo-titulo" className="text-lg font-semibold">
        {copy.heading(summary.total, filtered)}
      </h3>
      <div className="mt-3 grid gap-4 md:grid-cols-3">
        <BarChart
          id="resumo-status"
          title={copy.byStatus}
          total={summary.total}
          bars={waitlistStatuses.map((status) => ({
            key: status,
            label: statusLabels[status],
            value: summary.byStatus[status],
            tone: statusTones[status],
          }))}
        />
        <BarChart
          id="resumo-agente"
          title={copy.byAgent}
          total={summary.total}
          bars={agentIds.map((id) => ({
            key: id,
            label: agentNames[id],
            value: summary.byAgent[id] ?? 0,
          }))}
        />
        <BarChart
          id="resumo-origem"
          title={copy.bySource}
          total={summary.total}
          bars={sourceBars}
        />
      </div>
      <div className="mt-4">
        <PeriodChart chart={summary.chart} />
      </div>
    </section>
  );
}

import { figuresCopy as copy, verifiedCopy } from "../../content/performance.ts";
import { formatDate } from "../../lib/format.ts";
import type { PageRecord } from "./chart.ts";
import { formatBps, formatCents, formatDay, formatHundredths } from "./format.ts";
import type { RecordFigures, RecordPeriodReturn } from "./model.ts";
import type { RecordHistory } from "./record-history.ts";

// Issue 38's figures as the agent page and the sheet show them: the four ANBIMA periods
// side by side, each with its dates, then the risk figures, each with its formula in a
// short note (docs/decisions/373). Server-rendered HTML, no script.

const DAY = 86_400_000;

const monthLabel = (year: number, month: number) =>
  `${verifiedCopy.months[month - 1]?.toLowerCase()}/${year}`;

/** True when the shown statement begins after the robot's fixed start (another account). */
function startsLate(record: PageRecord, history: RecordHistory | null): string | null {
  if (!history?.startedAt) return null;
  return Date.parse(record.periodStart) - Date.parse(history.startedAt) >= DAY
    ? formatDate(history.startedAt)
    : null;
}

function Period({
  label,
  period,
  missing,
}: {
  label: string;
  period: RecordPeriodReturn | null;
  missing: string;
}) {
  return (
    <div className="flex flex-col rounded-xl border border-border bg-card p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      {period ? (
        <>
          <dd className="mt-1 text-2xl font-bold">{formatBps(period.returnBps)}</dd>
          <dd className="mt-1 text-xs text-muted-foreground">
            {copy.periodRange(formatDate(period.from), formatDate(period.to))}
          </dd>
        </>
      ) : (
        <dd className="mt-1 text-sm">{missing}</dd>
      )}
    </div>
  );
}

export function PeriodReturns({
  record,
  figures,
  history,
}: {
  record: PageRecord;
  figures: RecordFigures;
  history: RecordHistory | null;
}) {
  const lateStart = startsLate(record, history);
  const p = copy.periods;
  return (
    <div className="space-y-3" data-testid="period-returns">
      <h3 className="text-lg font-semibold">{copy.periodsTitle}</h3>
      <p className="text-sm text-muted-foreground">{copy.periodsIntro}</p>
      {/* Equal prominence: four tiles of one size, in the ANBIMA order. */}
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Period
          label={
            figures.lastMonth
              ? p.lastMonth(monthLabel(figures.lastMonth.year, figures.lastMonth.month))
              : p.lastMonth("")
          }
          period={figures.lastMonth}
          missing={copy.noFigure}
        />
        <Period
          label={p.yearToDate(figures.yearToDate.year)}
          period={figures.yearToDate}
          missing={copy.noFigure}
        />
        <Period
          label={p.twelveMonths}
          period={figures.twelveMonths}
          missing={copy.fewerThanTwelve}
        />
        <Period
          label={p.sinceStart}
          period={lateStart ? null : figures.sinceStart}
          missing={lateStart ? copy.notFromStart(lateStart, formatDate(record.periodStart)) : ""}
        />
      </dl>
      <p className="text-xs text-muted-foreground">{copy.notes.periods}</p>
    </div>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="flex flex-col rounded-xl border border-border bg-card p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-bold">{value}</dd>
      <dd className="mt-1 text-xs text-muted-foreground">{note}</dd>
    </div>
  );
}

export function RiskFigures({ record, figures }: { record: PageRecord; figures: RecordFigures }) {
  const f = copy.figures;
  const n = copy.notes;
  const ratio = (value: number | null) =>
    value === null ? copy.noFigure : formatHundredths(value);
  const loss = (bps: number | undefined) =>
    bps === undefined ? copy.noFigure : bps >= 0 ? copy.noLoss : formatBps(bps);
  const under = figures.longestUnderwater;
  const worstMonth = figures.worstMonth;
  return (
    <div className="space-y-3" data-testid="risk-figures">
      <h3 className="text-lg font-semibold">{copy.riskTitle}</h3>
      <p className="text-sm text-muted-foreground">
        {verifiedCopy.period}:{" "}
        {verifiedCopy.periodRange(formatDate(record.periodStart), formatDate(record.periodEnd))}
      </p>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Figure
          label={f.balanceDrawdown}
          value={formatBps(record.maxDrawdownBps, { signed: false })}
          note={n.balanceDrawdown}
        />
        <Figure
          label={f.equityDrawdown}
          value={
            record.equityDrawdownBps === null
              ? copy.noFigure
              : formatBps(record.equityDrawdownBps, { signed: false })
          }
          note={record.equityDrawdownBps === null ? n.equityDrawdownMissing : n.equityDrawdown}
        />
        <Figure label={f.profitFactor} value={ratio(record.profitFactor)} note={n.profitFactor} />
        <Figure
          label={f.recoveryFactor}
          value={ratio(figures.recoveryFactor)}
          note={n.recoveryFactor(formatCents(figures.maxTradingDrawdown, record.currency))}
        />
        <Figure
          label={f.sharpe}
          value={ratio(figures.sharpe)}
          note={n.sharpe(figures.monthsCounted)}
        />
        <Figure
          label={f.sortino}
          value={ratio(figures.sortino)}
          note={n.sortino(figures.monthsCounted)}
        />
        <Figure
          label={f.worstDay}
          value={
            figures.worstDay
              ? `${loss(figures.worstDay.returnBps)} (${formatDay(figures.worstDay.day)})`
              : copy.noFigure
          }
          note={n.worstDay}
        />
        <Figure
          label={f.worstWeek}
          value={
            figures.worstWeek
              ? `${loss(figures.worstWeek.returnBps)} (${formatDay(figures.worstWeek.from)} a ${formatDay(figures.worstWeek.to)})`
              : copy.noFigure
          }
          note={n.worstWeek}
        />
        <Figure
          label={f.worstMonth}
          value={
            worstMonth
              ? `${loss(worstMonth.returnBps)} (${monthLabel(worstMonth.year, worstMonth.month)})`
              : copy.noFigure
          }
          note={n.worstMonth}
        />
        <Figure
          label={f.underwater}
          value={
            under
              ? `${copy.underwaterDays(under.days)} (${copy.underwaterRange(formatDate(under.from), under.to && formatDate(under.to))})`
              : copy.noFigure
          }
          note={n.underwater}
        />
      </dl>
    </div>
  );
}

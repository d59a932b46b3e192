import { href, Link } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { riskWarning } from "../../content/common.ts";
import {
  figuresCopy,
  pastPerformanceNotice,
  reconciliationLabels,
  verifiedCopy as copy,
} from "../../content/performance.ts";
import { formatDate } from "../../lib/format.ts";
import { formatBps, formatCents, formatHundredths } from "./format.ts";
import { CHART_HEIGHT, CHART_WIDTH, type PageRecord, type RecordChart } from "./chart.ts";
import type { AccountKind, ReconciliationLine } from "./model.ts";
import {
  StatementSource,
  type StatementSignature,
} from "../signed-statements/statement-source.tsx";
import { PeriodReturns, RiskFigures } from "./record-figures.tsx";
import type { RecordHistory } from "./record-history.ts";
import { RecordHistoryView } from "./record-history-view.tsx";

// The verified record as the agent page shows it (and the admin's preview): all of it
// server-rendered HTML and SVG, no script (issue 22).

/** What a page needs of a published (or previewed) statement; dates as ISO strings. */
export interface VerifiedView {
  statementId: string;
  fileName: string;
  sha256: string;
  accountKind: AccountKind;
  broker: string;
  /** The record's figures; its curve is drawn once, as `chart` (docs/decisions/251). */
  record: PageRecord;
  chart: RecordChart | null;
  updatedAt: string;
  /** Set when the statement arrived signed by its broker (docs/decisions/377). */
  signature?: StatementSignature | null;
  /** The robot's fixed start, accounts and gaps (issue 38); absent in the admin's preview. */
  history?: RecordHistory | null;
}

/** The mandatory sentence and the risk warning, beside every return shown. */
export function ReturnsNotice({ className }: { className?: string }) {
  return (
    <p className={className ?? "text-xs text-muted-foreground"}>
      <strong className="font-semibold text-foreground">{pastPerformanceNotice}</strong>{" "}
      {riskWarning.text}{" "}
      <Link
        to={href("/aviso-de-risco")}
        className="underline underline-offset-4 hover:text-primary"
      >
        {riskWarning.linkLabel}
      </Link>
    </p>
  );
}

interface VerifiedRecordProps {
  name: string;
  view: VerifiedView;
  /** False in the admin's preview of an upload not yet published (its file is not public). */
  downloadable?: boolean;
}

const recordClassName = "space-y-8";

export function VerifiedRecord(props: VerifiedRecordProps) {
  return (
    <div className={recordClassName} data-testid="verified-record">
      <VerifiedRecordContent {...props} />
    </div>
  );
}

/**
 * VerifiedRecord with its content already rendered to HTML by `VerifiedRecordContent`
 * (the agent page renders it once per reading: docs/decisions/491).
 */
export function RenderedVerifiedRecord({ html }: { html: string }) {
  return (
    <div
      className={recordClassName}
      data-testid="verified-record"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** What VerifiedRecord holds: the record's facts, figures, chart, tables and file. */
export function VerifiedRecordContent({ name, view, downloadable = true }: VerifiedRecordProps) {
  const { record } = view;
  return (
    <>
      <div className="space-y-3 rounded-2xl border border-border bg-card p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={view.accountKind === "real" ? "green" : "yellow"}>
            {copy.accountKind[view.accountKind]}
          </Badge>
          <Badge tone={record.reconciled ? "green" : "red"}>
            {record.reconciled ? copy.reconciledBadge : copy.notReconciledBadge}
          </Badge>
          <StatementSource signature={view.signature ?? null} />
        </div>
        <p className="text-sm text-muted-foreground">{copy.intro}</p>
        {view.accountKind === "demo" ? <p className="text-sm">{copy.demoNote}</p> : null}
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <Fact label={copy.broker} value={view.broker} />
          <Fact label={copy.account} value={`${record.accountNumberMasked} (${record.currency})`} />
          <Fact
            label={copy.period}
            value={copy.periodRange(formatDate(record.periodStart), formatDate(record.periodEnd))}
          />
          {record.lastTradeAt ? (
            <Fact label={copy.lastTrade} value={formatDate(record.lastTradeAt)} />
          ) : null}
          <Fact label={copy.lastUpdate} value={formatDate(view.updatedAt)} />
          {record.leverage ? <Fact label={copy.leverage} value={record.leverage} /> : null}
        </dl>
        <Reconciliation record={record} />
      </div>

      {record.figures ? (
        <PeriodReturns record={record} figures={record.figures} history={view.history ?? null} />
      ) : null}
      {view.chart ? <Charts record={record} chart={view.chart} /> : null}
      {record.figures ? (
        <RiskFigures record={record} figures={record.figures} />
      ) : (
        <p className="text-sm text-muted-foreground">{figuresCopy.olderRecord}</p>
      )}
      <KeyFigures record={record} />
      <MonthlyTable name={name} record={record} />
      {view.history ? <RecordHistoryView history={view.history} /> : null}

      <div className="space-y-2 rounded-2xl border border-border bg-card p-5 text-sm">
        <h3 className="font-semibold">{copy.downloadTitle}</h3>
        {downloadable ? (
          <a
            href={href("/extratos/:id", { id: view.statementId })}
            download={view.fileName}
            className="font-semibold text-primary underline underline-offset-4 hover:no-underline"
          >
            {copy.download(view.fileName)}
          </a>
        ) : (
          <p>{view.fileName}</p>
        )}
        <p>
          {copy.sha256}: <code className="break-all text-xs">{view.sha256}</code>
        </p>
        <p className="text-xs text-muted-foreground">{copy.sha256Hint}</p>
        {downloadable && view.signature?.messageSha256 ? (
          <>
            <a
              href={href("/extratos/:id/mensagem.eml", { id: view.statementId })}
              className="font-semibold text-primary underline underline-offset-4 hover:no-underline"
            >
              {copy.downloadMessage}
            </a>
            <p>
              {copy.messageSha256}:{" "}
              <code className="break-all text-xs">{view.signature.messageSha256}</code>
            </p>
            <p className="text-xs text-muted-foreground">{copy.messageHint}</p>
          </>
        ) : null}
        <p className="text-xs text-muted-foreground">{copy.sources.verified}</p>
      </div>
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-2">
      <dt className="text-muted-foreground">{label}:</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

function lineValue(line: ReconciliationLine, value: number | null, currency: string): string {
  if (value === null) return copy.noData;
  if (line.check === "profitFactor") return formatHundredths(value);
  if (line.check === "runningBalance") return String(value);
  return formatCents(value, currency);
}

function Reconciliation({ record }: { record: PageRecord }) {
  if (record.reconciled) return <p className="text-sm">{copy.reconciledText}</p>;
  const wrong = record.reconciliation.filter((line) => !line.ok);
  return (
    <div className="space-y-2 text-sm">
      <p>{copy.notReconciledText}</p>
      <ul className="list-disc space-y-1 pl-5">
        {wrong.map((line) => (
          <li key={`${line.part ?? 0}-${line.check}`}>
            {line.part === undefined ? null : copy.statementPart(line.part)}
            {reconciliationLabels[line.check]}: {lineValue(line, line.ours, record.currency)} ×{" "}
            {lineValue(line, line.statement, record.currency)}
            {line.ours !== null && line.statement !== null && line.check !== "runningBalance"
              ? ` (${lineValue(line, line.ours - line.statement, record.currency)})`
              : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function KeyFigures({ record }: { record: PageRecord }) {
  const f = copy.figures;
  const money = (cents: number | null) =>
    cents === null ? copy.noData : formatCents(cents, record.currency);
  // With issue 38's figures, returns and drawdowns are shown by period above.
  const returnsAndRisk: [string, string][] = [
    [f.total, formatBps(record.totalReturnBps)],
    ...(record.twelveMonthReturnBps === null
      ? []
      : [[f.twelveMonths, formatBps(record.twelveMonthReturnBps)] as [string, string]]),
    [f.maxDrawdown, formatBps(record.maxDrawdownBps, { signed: false })],
    ...(record.equityDrawdownBps === null
      ? []
      : [
          [f.equityDrawdown, formatBps(record.equityDrawdownBps, { signed: false })] as [
            string,
            string,
          ],
        ]),
    [
      f.profitFactor,
      record.profitFactor === null ? copy.noData : formatHundredths(record.profitFactor),
    ],
  ];
  const figures: [string, string][] = [
    ...(record.figures ? [] : returnsAndRisk),
    [f.trades, String(record.trades)],
    [
      f.winRate,
      record.winRateBps === null ? copy.noData : formatBps(record.winRateBps, { signed: false }),
    ],
    [f.averageWin, money(record.averageWin)],
    [f.averageLoss, money(record.averageLoss)],
    [f.netProfit, money(record.netProfit)],
  ];
  return (
    <div className="space-y-3">
      <h3 className="text-lg font-semibold">{copy.figuresTitle}</h3>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {figures.map(([label, value]) => (
          <div
            key={label}
            className="flex flex-col justify-between rounded-xl border border-border bg-card p-3"
          >
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="mt-1 text-lg font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      <ReturnsNotice />
    </div>
  );
}

function Charts({ record, chart }: { record: PageRecord; chart: RecordChart }) {
  const label = copy.chartAlt(
    formatBps(record.totalReturnBps),
    formatBps(record.maxDrawdownBps, { signed: false }),
  );
  const start = formatDate(record.periodStart);
  const end = formatDate(record.periodEnd);
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT * 2 + 40}`}
        role="img"
        aria-label={label}
        className="h-auto w-full rounded-xl border border-border bg-card"
      >
        <text x="8" y="14" className="fill-muted-foreground" fontSize="12">
          {`${copy.growthChart}: ${formatBps(chart.maxGrowthBps, { signed: true })} / ${formatBps(chart.minGrowthBps)}`}
        </text>
        <g transform="translate(0 18)">
          <line x1="0" x2={CHART_WIDTH} y1={chart.zeroY} y2={chart.zeroY} stroke="#26324d" />
          <path d={chart.growthPath} fill="none" stroke="#38bdf8" strokeWidth="2" />
          {chart.marks.map((mark) => (
            <path
              key={`${mark.t}-${mark.amount}`}
              d={
                mark.kind === "deposit"
                  ? `M${mark.x} ${CHART_HEIGHT - 10}l-5 9h10z`
                  : `M${mark.x} ${CHART_HEIGHT - 1}l-5 -9h10z`
              }
              fill={mark.kind === "deposit" ? "#4ade80" : "#fbbf24"}
            >
              <title>
                {figuresCopy.markTitle(
                  mark.kind,
                  formatCents(Math.abs(mark.amount), record.currency),
                  formatDate(new Date(mark.t * 1000)),
                )}
              </title>
            </path>
          ))}
        </g>
        <text x="8" y={CHART_HEIGHT + 34} className="fill-muted-foreground" fontSize="12">
          {copy.drawdownChart}: 0 / -{formatBps(chart.maxDrawdownBps, { signed: false })}
        </text>
        <g transform={`translate(0 ${CHART_HEIGHT + 38})`}>
          <path d={chart.drawdownPath} fill="#f87171" fillOpacity="0.35" stroke="#f87171" />
        </g>
      </svg>
      <figcaption className="space-y-1 text-xs text-muted-foreground">
        <span className="flex justify-between">
          <span>{start}</span>
          <span>{end}</span>
        </span>
        {chart.marks.length > 0 ? <span className="block">{figuresCopy.marksLegend}</span> : null}
      </figcaption>
    </figure>
  );
}

function MonthlyTable({ name, record }: { name: string; record: PageRecord }) {
  const years = record.yearly.map((y) => y.year);
  const byMonth = new Map(record.monthly.map((m) => [`${m.year}-${m.month}`, m.returnBps]));
  const cell = (bps: number | undefined) =>
    bps === undefined ? (
      <span className="text-muted-foreground">{copy.noData}</span>
    ) : (
      <span className={bps < 0 ? "text-danger" : bps > 0 ? "text-success" : undefined}>
        {formatBps(bps)}
      </span>
    );
  return (
    <div className="space-y-3">
      <h3 className="text-lg font-semibold">{copy.monthlyTitle}</h3>
      <div
        className="overflow-x-auto rounded-xl border border-border"
        // Focusable so keyboard users can scroll a table wider than the screen.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label={copy.monthlyTitle}
      >
        <table className="w-full text-right text-sm tabular-nums">
          <caption className="sr-only">{copy.monthlyCaption(name)}</caption>
          <thead className="bg-muted">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">
                {copy.monthHeader}
              </th>
              {years.map((year) => (
                <th key={year} scope="col" className="px-3 py-2">
                  {year}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {copy.months.map((month, index) => (
              <tr key={month} className="border-t border-border">
                <th scope="row" className="px-3 py-1.5 text-left font-normal">
                  <abbr title={copy.monthNames[index]} className="no-underline">
                    {month}
                  </abbr>
                </th>
                {years.map((year) => (
                  <td key={year} className="px-3 py-1.5">
                    {cell(byMonth.get(`${year}-${index + 1}`))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-border font-semibold">
              <th scope="row" className="px-3 py-2 text-left">
                {copy.yearTotal}
              </th>
              {record.yearly.map((y) => (
                <td key={y.year} className="px-3 py-2">
                  {cell(y.returnBps)}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="text-xs text-muted-foreground">{figuresCopy.notes.periods}</p>
      <ReturnsNotice />
    </div>
  );
}

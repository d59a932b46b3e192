import { robotStatusCopy as copy } from "../../content/fleet.ts";
import { formatDateTime } from "../admin/date-time.ts";
import { formatBps } from "../performance/format.ts";
import type { RobotView } from "./status.server.ts";
import type { RobotState } from "./status.ts";

// The robot of one subscription in /minha-conta/painel (decision 382): server-rendered text,
// no script.

/** 1234 cents -> "12,34" (the account's currency is the broker's; no symbol is guessed). */
function amount(cents: number, signed = false): string {
  return formatBps(cents, { signed }).replace("%", "");
}

/** A duration as people say it: "35 min", "2 h", "3 dias". */
export function durationText(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  if (minutes < 60) return copy.minutes(minutes);
  if (minutes < 48 * 60) return copy.hours(Math.floor(minutes / 60));
  return copy.days(Math.floor(minutes / 1440));
}

function headline(state: RobotState): { title: string; text?: string } {
  switch (state.kind) {
    case "waiting":
      return { title: copy.waiting, text: copy.waitingText };
    case "running":
      return { title: copy.running };
    case "stopped":
      return { title: copy.stopped(durationText(state.forMs)), text: copy.stoppedText };
    case "silent":
      return { title: copy.silent(formatDateTime(state.since)), text: copy.silentText };
  }
}

/** One sentence on why the customer's month differs from the verified record's. */
export function divergenceText(comparison: NonNullable<RobotView["comparison"]>): string {
  const gap = Math.abs(comparison.ownBps - comparison.verifiedBps);
  if (gap < 10) return copy.close;
  const points = copy.points(formatBps(gap, { signed: false }).replace("%", ""), gap);
  return comparison.startedLate ? copy.startedLate(points) : copy.execution(points);
}

export function RobotStatus({ view, headingId }: { view: RobotView; headingId: string }) {
  const { title, text } = headline(view.state);
  const { report, comparison } = view;
  const rows: [string, string][] = [];
  if (report) {
    rows.push(
      [copy.lastReport, formatDateTime(report.at)],
      [copy.balance, amount(report.balanceCents)],
      [copy.equity, amount(report.equityCents)],
      [copy.openPositions, String(report.openPositions)],
      [
        copy.lastTrade,
        report.lastTradeAt && report.lastTradeProfitCents !== null
          ? copy.lastTradeText(
              formatDateTime(report.lastTradeAt),
              amount(report.lastTradeProfitCents),
            )
          : copy.noTrade,
      ],
      [
        copy.uptime,
        view.monthUptimeBps === null
          ? copy.uptimeUnknown
          : formatBps(view.monthUptimeBps, { signed: false }),
      ],
    );
  }
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-border p-5">
      <h3 id={headingId} className="text-lg font-semibold">
        {title}
      </h3>
      {text ? <p className="mt-2 text-muted-foreground">{text}</p> : null}
      {rows.length > 0 ? (
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <h4 className="mt-6 font-semibold">{copy.comparisonTitle}</h4>
      {comparison ? (
        <p className="mt-2">
          {copy.comparison(
            copy.month(comparison.year, comparison.month),
            formatBps(comparison.ownBps),
            formatBps(comparison.verifiedBps),
          )}{" "}
          {divergenceText(comparison)}
        </p>
      ) : (
        <p className="mt-2 text-muted-foreground">{copy.noComparison}</p>
      )}
    </section>
  );
}

import { historyCopy as copy, verifiedCopy } from "../../content/performance.ts";
import { formatDate } from "../../lib/format.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { formatDay } from "./format.ts";
import type { RecordHistory } from "./record-history.ts";

/** The robot's fixed start, every account it used and the gaps between them (decision 372). */
export function RecordHistoryView({ history }: { history: RecordHistory }) {
  return (
    <div className="space-y-3" data-testid="record-history">
      <h3 className="text-lg font-semibold">{copy.title}</h3>
      <p className="text-sm">
        {history.startedAt ? copy.startedAt(formatDate(history.startedAt)) : copy.notStarted}
      </p>
      <p className="text-sm text-muted-foreground">{copy.accountsIntro}</p>
      <div
        className="overflow-x-auto rounded-xl border border-border"
        // Focusable so keyboard users can scroll a table wider than the screen.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label={copy.title}
      >
        <table className="w-full text-left text-sm">
          <thead className="bg-muted">
            <tr>
              <th scope="col" className="px-3 py-2">
                {copy.columns.account}
              </th>
              <th scope="col" className="px-3 py-2">
                {copy.columns.broker}
              </th>
              <th scope="col" className="px-3 py-2">
                {copy.columns.kind}
              </th>
              <th scope="col" className="px-3 py-2">
                {copy.columns.period}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {copy.columns.statements}
              </th>
              <th scope="col" className="px-3 py-2">
                {copy.columns.status}
              </th>
            </tr>
          </thead>
          <tbody>
            {history.accounts.map((account) => (
              <tr
                key={`${account.broker}-${account.account}-${account.from}`}
                className="border-t border-border"
              >
                <td className="px-3 py-1.5 font-mono">{account.account}</td>
                <td className="px-3 py-1.5">{account.broker}</td>
                <td className="px-3 py-1.5">{verifiedCopy.accountKind[account.accountKind]}</td>
                <td className="px-3 py-1.5">
                  {verifiedCopy.periodRange(formatDate(account.from), formatDate(account.to))}
                </td>
                <td className="px-3 py-1.5 text-right tabular-nums">{account.statements}</td>
                <td className="px-3 py-1.5">
                  <Badge tone={account.current ? "green" : "grey"}>
                    {account.current ? copy.current : copy.stopped}
                  </Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h4 className="font-semibold">{copy.gapsTitle}</h4>
      {history.gaps.length === 0 ? (
        <p className="text-sm">{copy.noGaps}</p>
      ) : (
        <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="record-gaps">
          {history.gaps.map((gap) => (
            <li key={gap.from}>{copy.gap(formatDay(gap.from), formatDay(gap.to), gap.days)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

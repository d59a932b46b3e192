import { verifiedCopy as copy } from "../../content/performance.ts";
import { formatDate } from "../../lib/format.ts";
import { formatBps } from "./format.ts";
import type { VerifiedFigure } from "./queries.server.ts";
import { ReturnsNotice } from "./verified-record.tsx";

/** A robot's verified 12-month return on its card or plan, with its source and warning. */
export function VerifiedFigureNote({ figure }: { figure: VerifiedFigure | undefined }) {
  if (!figure) return null;
  return (
    <div className="mt-4 rounded-lg border border-success/40 bg-success/5 p-3 text-sm">
      <p>
        {copy.cardFigure} ({copy.accountKind[figure.accountKind].toLowerCase()},{" "}
        {figure.periodStart
          ? copy.periodRange(formatDate(figure.periodStart), formatDate(figure.periodEnd))
          : `até ${formatDate(figure.periodEnd)}`}
        ): <strong className="text-base">{formatBps(figure.twelveMonthReturnBps)}</strong>
      </p>
      <ReturnsNotice className="mt-1 text-xs text-muted-foreground" />
    </div>
  );
}

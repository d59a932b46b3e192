import { href, Link } from "react-router";
import { agentSheetCopy } from "../../content/agent-sheet.ts";
import { recordLogCopy } from "../../content/record-log.ts";
import { verifiedCopy as copy } from "../../content/performance.ts";
import { ChartLine } from "../../components/ui/icons/chart-line.tsx";
import { ExternalLink } from "../../components/ui/icons/external-link.tsx";
import { RenderedVerifiedRecord } from "./verified-record.tsx";

/**
 * The agent page's "Performance verificada": the record computed from the published
 * statement, or, until there is one, a word to the visitor; then the MyFxBook link staff
 * set, as a second source (issue 22).
 */
export function PerformanceWidget({
  name,
  slug,
  myfxbookUrl,
  record,
}: {
  name: string;
  slug: string;
  myfxbookUrl: string | null;
  /** The published record, rendered (`VerifiedRecordContent`), or null before there is one. */
  record: string | null;
}) {
  return (
    <section aria-labelledby="performance" className="space-y-4" data-testid="performance-widget">
      <h2 id="performance" className="text-2xl font-bold">
        {copy.title}
      </h2>
      {record !== null ? (
        <RenderedVerifiedRecord html={record} />
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-card p-8 text-center">
          <ChartLine aria-hidden="true" className="size-10 text-primary" />
          <p className="font-semibold">{copy.preparingTitle}</p>
          <p className="max-w-md text-sm text-muted-foreground">{copy.preparingText}</p>
        </div>
      )}
      <p className="text-sm">
        <Link
          to={href("/agentes/:slug/lamina", { slug })}
          className="font-semibold text-primary underline underline-offset-4 hover:no-underline"
        >
          {agentSheetCopy.agentLink(name)}
        </Link>
      </p>
      <p className="text-sm">
        <Link
          to={href("/registro")}
          className="font-semibold text-primary underline underline-offset-4 hover:no-underline"
        >
          {recordLogCopy.agentLink}
        </Link>
      </p>
      {myfxbookUrl ? (
        <a
          href={myfxbookUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-2 font-semibold text-primary underline underline-offset-4 hover:no-underline"
        >
          {copy.myfxbook}
          <span className="sr-only">
            {" "}
            ({name}). {copy.myfxbookNote}
          </span>
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      ) : null}
    </section>
  );
}

import { agentPageCopy } from "../../content/agent-page.ts";
import { ChartLine } from "../ui/icons/chart-line.tsx";
import { ExternalLink } from "../ui/icons/external-link.tsx";

/** docs/product.md rule 10: a link to MyFxBook when the robot has one, else the placeholder. */
export function PerformanceWidget({
  name,
  myfxbookUrl,
}: {
  name: string;
  myfxbookUrl: string | null;
}) {
  const copy = agentPageCopy.performance;
  return (
    <section aria-labelledby="performance" className="space-y-4">
      <h2 id="performance" className="text-2xl font-bold">
        {copy.title}
      </h2>
      <div
        data-testid="performance-widget"
        className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-border bg-card p-8 text-center"
      >
        <ChartLine aria-hidden="true" className="size-10 text-primary" />
        <p className="font-semibold">{copy.widgetTitle}</p>
        {myfxbookUrl ? (
          <a
            href={myfxbookUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 font-semibold text-primary underline underline-offset-4 hover:no-underline"
          >
            {copy.linkText}
            <span className="sr-only">
              {" "}
              ({name}). {copy.linkNote}
            </span>
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        ) : (
          <p className="max-w-md text-sm text-muted-foreground">{copy.awaiting}</p>
        )}
      </div>
    </section>
  );
}

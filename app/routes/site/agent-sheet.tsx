import type { ReactNode } from "react";
import { data, href, Link, redirect } from "react-router";
import type { Route } from "./+types/agent-sheet";
import { ArrowLeft } from "../../components/ui/icons/arrow-left.tsx";
import { isAgentId, type AgentId } from "../../content/agent-ids.ts";
import { agentSheetCopy as copy, agentSheets } from "../../content/agent-sheet.ts";
import { agents } from "../../content/agents.ts";
import { riskWarning } from "../../content/common.ts";
import { pastPerformanceNotice, verifiedCopy } from "../../content/performance.ts";
import { recordLogCopy } from "../../content/record-log.ts";
import { getAgentBySlug } from "../../features/performance/public-view.server.ts";
import { PeriodReturns, RiskFigures } from "../../features/performance/record-figures.tsx";
import { RecordHistoryView } from "../../features/performance/record-history-view.tsx";
import type { VerifiedView } from "../../features/performance/verified-record.tsx";
import { agentOffer, type AgentOffer } from "../../features/robots/offer.ts";
import { movedAgentSlug } from "../../features/robots/queries.server.ts";
import { formatDate } from "../../lib/format.ts";
import { publicPage } from "../../lib/page-scripts.ts";
import { seoMeta, siteUrlFromMatches } from "../../lib/seo.ts";
import { getSiteConfig } from "../../lib/site-config.server.ts";

// /agentes/:slug/lamina: the robot's disclosure sheet (issue 38, docs/decisions/374), HTML
// only and printable as a document (the header and footer hide in print).
export const handle = publicPage;

export async function loader({ params }: Route.LoaderArgs) {
  const found = await getAgentBySlug(params.slug);
  if (!found) {
    const movedTo = await movedAgentSlug(params.slug);
    if (movedTo) throw redirect(href("/agentes/:slug/lamina", { slug: movedTo }), 301);
    // No robot row at all: the sheet keeps the static content, as the agent page does.
    if (!isAgentId(params.slug)) throw data(null, { status: 404 });
    return sheetOf(params.slug, agentOffer(params.slug, undefined), null);
  }
  if (!isAgentId(found.robot.key)) throw data(null, { status: 404 });
  return sheetOf(found.robot.key, agentOffer(found.robot.key, found.robot), found.verified);
}

function sheetOf(id: AgentId, offer: AgentOffer, verified: VerifiedView | null) {
  const agent = agents[id];
  return {
    name: offer.name,
    slug: offer.slug,
    riskLevel: agent.riskLevel,
    metrics: agent.metrics,
    sheet: agentSheets[id],
    analyst: getSiteConfig().analyst,
    verified,
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return seoMeta({
    siteUrl: siteUrlFromMatches(matches),
    card: "agent",
    path: href("/agentes/:slug/lamina", { slug: loaderData.slug }),
    title: copy.title(loaderData.name),
    description: copy.metaDescription(loaderData.name),
  });
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 break-inside-avoid-page">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Paragraphs({ items }: { items: readonly string[] }) {
  return (
    <ul className="list-disc space-y-1 pl-5">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export default function AgentSheetPage({ loaderData }: Route.ComponentProps) {
  const { name, slug, riskLevel, metrics, sheet, analyst, verified } = loaderData;
  const s = copy.sections;
  const record = verified?.record;
  const [monthly, drawdown] = metrics;
  return (
    <main id="conteudo" className="mx-auto max-w-4xl space-y-10 px-4 py-12 print:py-0">
      <div className="space-y-3">
        <Link
          to={href("/agentes/:slug", { slug })}
          className="inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground print:hidden"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {copy.backLink(name)}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">{copy.title(name)}</h1>
        <p className="text-muted-foreground">{copy.intro}</p>
        <p className="text-sm text-muted-foreground print:hidden">{copy.printHint}</p>
      </div>

      <Section id="metodologia" title={s.methodology}>
        <Paragraphs items={sheet.methodology} />
      </Section>
      <Section id="ativos" title={s.markets}>
        <Paragraphs items={sheet.markets} />
      </Section>
      <Section id="riscos" title={s.risks}>
        <p className="font-medium">{copy.riskLevel(riskLevel)}</p>
        <Paragraphs items={[...sheet.risks, ...copy.generalRisks]} />
      </Section>
      <Section id="gestao-de-risco" title={s.riskManagement}>
        <Paragraphs items={sheet.riskManagement} />
      </Section>
      <Section id="analista" title={s.analyst}>
        <p>
          {analyst.name
            ? copy.analystNamed(analyst.name, analyst.registration)
            : copy.analystMissing}
        </p>
      </Section>

      <Section id="historico" title={s.record}>
        {verified && record ? (
          <div className="space-y-6">
            <p>
              {copy.recordPeriod(formatDate(record.periodStart), formatDate(record.periodEnd))}{" "}
              {verifiedCopy.accountKind[verified.accountKind]}, {verified.broker}.
            </p>
            {record.figures ? (
              <>
                <PeriodReturns
                  record={record}
                  figures={record.figures}
                  history={verified.history ?? null}
                />
                <RiskFigures record={record} figures={record.figures} />
              </>
            ) : null}
            {verified.history ? <RecordHistoryView history={verified.history} /> : null}
          </div>
        ) : (
          <p>{copy.recordNone}</p>
        )}
        {monthly && drawdown ? (
          <p className="text-sm text-muted-foreground">
            {copy.declaredTargets(monthly.value, drawdown.value)}
          </p>
        ) : null}
      </Section>

      <Section id="fontes" title={s.sources}>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {verified ? (
            <>
              <li>{copy.sources.statement(verified.broker, verified.fileName)}</li>
              <li>
                {copy.sources.sha256} <code className="break-all text-xs">{verified.sha256}</code>
              </li>
            </>
          ) : null}
          <li>
            {copy.sources.log}{" "}
            <Link to={href("/registro")} className="underline underline-offset-4">
              {recordLogCopy.agentLink}
            </Link>
          </li>
          <li>{copy.sources.declared}</li>
          <li>{copy.sources.texts}</li>
        </ul>
      </Section>

      <Section id="avisos" title={s.warnings}>
        <Paragraphs items={[pastPerformanceNotice, ...copy.warnings, riskWarning.text]} />
      </Section>
    </main>
  );
}

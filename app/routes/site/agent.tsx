import { data, href, Link, redirect } from "react-router";
import type { Route } from "./+types/agent";
import { AgentIcon } from "../../components/site/agent-icon.tsx";
import { PriceTag } from "../../components/site/price-tag.tsx";
import { RiskBadge } from "../../features/robots/risk-badge.tsx";
import { RiskWarning } from "../../components/site/risk-warning.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { ButtonLink } from "../../components/ui/button.tsx";
import { ArrowLeft } from "../../components/ui/icons/arrow-left.tsx";
import { Check } from "../../components/ui/icons/check.tsx";
import { isAgentId } from "../../content/agent-ids.ts";
import { agentPageCopy } from "../../content/agent-page.ts";
import { waitlistCta } from "../../content/common.ts";
import { PerformanceWidget } from "../../features/performance/performance-widget.tsx";
import { getAgentBySlug, renderedRecordOf } from "../../features/performance/public-view.server.ts";
import { ReturnsNotice } from "../../features/performance/verified-record.tsx";
import { verifiedCopy } from "../../content/performance.ts";
import { agentPage } from "../../features/robots/agent-view.ts";
import { movedAgentSlug } from "../../features/robots/queries.server.ts";
import { seoMeta, siteUrlFromMatches } from "../../lib/seo.ts";
import { publicPage } from "../../lib/page-scripts.ts";

export const handle = publicPage;

// The page is the robot's whose slug is in the URL; a slug it had before, or its key, answers
// 301 to the current one (docs/decisions/090).
export async function loader({ params }: Route.LoaderArgs) {
  const found = await getAgentBySlug(params.slug);
  if (found) {
    if (!isAgentId(found.robot.key)) throw data(null, { status: 404 });
    const page = agentPage(found.robot.key, found.robot);
    // The record comes rendered once per reading (docs/decisions/491).
    return { ...page, record: found.verified && renderedRecordOf(page.offer.name, found.verified) };
  }
  const movedTo = await movedAgentSlug(params.slug);
  if (movedTo) throw redirect(href("/agentes/:slug", { slug: movedTo }), 301);
  // No robot row for an agent at all: its page keeps the static content (decision 012).
  if (isAgentId(params.slug)) return { ...agentPage(params.slug, undefined), record: null };
  throw data(null, { status: 404 });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { offer, description } = loaderData;
  return seoMeta({
    siteUrl: siteUrlFromMatches(matches),
    card: "agent",
    path: href("/agentes/:slug", { slug: offer.slug }),
    title: offer.name,
    description,
  });
}

export default function AgentPage({ loaderData }: Route.ComponentProps) {
  const { offer, agent, notice, record } = loaderData;
  const waitlistUrl = `${href("/contato")}?agente=${offer.id}`;
  return (
    <main id="conteudo">
      <section className="border-b border-border bg-linear-to-b from-card to-background">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <Link
            to={href("/agentes")}
            className="inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {agentPageCopy.backLink}
          </Link>
          <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-center">
            <AgentIcon icon={agent.icon} gradient={agent.gradient} size="lg" />
            <div>
              <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">{offer.name}</h1>
              <p className="mt-2 text-lg text-muted-foreground">{agent.tagline}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <RiskBadge level={agent.riskLevel} />
                {notice ? (
                  <Badge tone={notice.soldOut ? "red" : "yellow"}>{notice.badge}</Badge>
                ) : null}
              </div>
            </div>
          </div>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[1fr_22rem]">
        {/* The price and the risk first in the page, as a phone shows them: placed first by CSS
            after the long record, they arrived last and pushed it down (docs/decisions/467). */}
        <div className="space-y-6 lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1 lg:self-start">
          <section
            aria-labelledby="preco"
            className="rounded-2xl border border-primary/40 bg-card p-6"
          >
            <h2 id="preco" className="text-lg font-semibold">
              {agentPageCopy.pricing.title}
            </h2>
            <PriceTag price={offer.price} size="lg" className="mt-4" />
            {notice ? (
              <div className="mt-6 rounded-lg border border-accent/40 bg-accent/10 p-4">
                <Badge tone={notice.soldOut ? "red" : "yellow"}>{notice.badge}</Badge>
                <p className="mt-2 text-sm font-medium">{notice.text}</p>
              </div>
            ) : (
              <p className="mt-6 text-sm text-muted-foreground">{agentPageCopy.pricing.prompt}</p>
            )}
            <ButtonLink to={waitlistUrl} className="mt-6 w-full">
              {waitlistCta.button}
            </ButtonLink>
          </section>
          <RiskWarning {...agent.riskWarning} />
        </div>
        <div className="min-w-0 space-y-10 lg:col-start-1 lg:row-start-1">
          {/* The verified record leads; the declared targets follow, labelled (issue 38). */}
          <PerformanceWidget
            name={offer.name}
            slug={offer.slug}
            myfxbookUrl={offer.myfxbookUrl}
            record={record}
          />

          <section aria-labelledby="metricas">
            <div className="flex flex-wrap items-center gap-3">
              <h2 id="metricas" className="text-2xl font-bold">
                {agentPageCopy.metricsTitle}
              </h2>
              <Badge tone="yellow">{verifiedCopy.declaredTitle}</Badge>
            </div>
            <dl className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
              {agent.metrics.map((metric) => (
                <div
                  key={metric.label}
                  className="flex flex-col justify-between rounded-xl border border-border bg-card p-4"
                >
                  <dt className="text-sm text-muted-foreground">{metric.label}</dt>
                  {/* At the tile's foot: values line up when a label takes two lines. */}
                  <dd className="mt-1 text-2xl font-bold">{metric.value}</dd>
                </div>
              ))}
            </dl>
            {/* SPEC's figures are the provider's targets, never passed off as verified (issue 22). */}
            <p className="mt-3 text-sm text-muted-foreground">
              {verifiedCopy.declaredText} {verifiedCopy.sources.declared}.
            </p>
            <ReturnsNotice className="mt-2 text-xs text-muted-foreground" />
          </section>

          <section aria-labelledby="sobre" className="space-y-6">
            <h2 id="sobre" className="text-2xl font-bold">
              {agentPageCopy.aboutTitle}
            </h2>
            <p className="text-muted-foreground">
              <strong className="text-foreground">{agentPageCopy.idealForLabel}:</strong>{" "}
              {agent.idealFor}
            </p>
            {agent.details.map((detail) => (
              <div key={detail.title}>
                <h3 className="text-lg font-semibold">{detail.title}</h3>
                <p className="mt-1 text-muted-foreground">{detail.text}</p>
              </div>
            ))}
            {agent.pairs ? <TagList title={agent.pairs.title} items={agent.pairs.items} /> : null}
            {agent.features ? (
              <TagList title={agent.features.title} items={agent.features.items} />
            ) : null}
          </section>
        </div>
      </div>
    </main>
  );
}

function TagList({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <div>
      <h3 className="text-lg font-semibold">{title}</h3>
      <ul className="mt-3 flex flex-wrap gap-2">
        {items.map((item) => (
          <li
            key={item}
            className="inline-flex items-center gap-1.5 rounded-full border border-border bg-card px-3 py-1 text-sm"
          >
            <Check aria-hidden="true" className="size-4 text-primary" />
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

import { href, Link } from "react-router";
import { BrokerText } from "../../components/site/broker-text.tsx";
import type { Route } from "./+types/pricing";
import { AgentIcon } from "../../components/site/agent-icon.tsx";
import { CtaBand } from "../../components/site/cta-band.tsx";
import { PageHero, Section } from "../../components/site/page-hero.tsx";
import { PriceTag } from "../../components/site/price-tag.tsx";
import { RiskBadge } from "../../features/robots/risk-badge.tsx";
import { RiskWarning } from "../../components/site/risk-warning.tsx";
import { ArrowRight } from "../../components/ui/icons/arrow-right.tsx";
import { Check } from "../../components/ui/icons/check.tsx";
import { CreditCard } from "../../components/ui/icons/credit-card.tsx";
import { ShieldCheck } from "../../components/ui/icons/shield-check.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { ButtonLink } from "../../components/ui/button.tsx";
import { priceCopy, waitlistCta } from "../../content/common.ts";
import { pricingCopy } from "../../content/pricing.ts";
import { downtimeText, serviceCreditCopy } from "../../content/service-credit.ts";
import { creditThresholdMinutes } from "../../features/fleet/service-credit.server.ts";
import { VerifiedFigureNote } from "../../features/performance/verified-figure.tsx";
import { listVerifiedFigures } from "../../features/performance/queries.server.ts";
import { planCards } from "../../features/robots/agent-view.ts";
import { listRobots } from "../../features/robots/queries.server.ts";
import { cn } from "../../lib/cn.ts";
import { seoMeta, siteUrlFromMatches } from "../../lib/seo.ts";
import { publicPage } from "../../lib/page-scripts.ts";

export const handle = publicPage;

export async function loader() {
  const [rows, verified, threshold] = await Promise.all([
    listRobots(),
    listVerifiedFigures(),
    creditThresholdMinutes(),
  ]);
  return {
    plans: planCards(rows),
    verified,
    creditRule: serviceCreditCopy.rule(downtimeText(threshold)),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    siteUrl: siteUrlFromMatches(matches),
    path: href("/precos"),
    ...pricingCopy.meta,
  });
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { included, payment, guarantee, cta } = pricingCopy;
  return (
    <main id="conteudo">
      <PageHero title={pricingCopy.title} intro={<BrokerText text={pricingCopy.intro} />} />

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-14 md:grid-cols-3">
        {loaderData.plans.map((plan) => (
          <article
            key={plan.id}
            className={cn(
              "relative flex flex-col rounded-2xl border bg-card p-6",
              plan.highlight ? "border-primary shadow-lg shadow-primary/10" : "border-border",
            )}
          >
            {plan.highlight ? (
              <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-0.5 text-xs font-bold text-primary-foreground">
                {plan.highlight}
              </p>
            ) : null}
            <div className="flex items-center gap-3">
              <AgentIcon icon={plan.icon} gradient={plan.gradient} />
              <h2 className="text-xl font-bold">{plan.name}</h2>
            </div>
            <p className="mt-3 text-sm text-muted-foreground">{plan.description}</p>
            <div className="mt-3">
              <RiskBadge level={plan.riskLevel} />
            </div>
            <VerifiedFigureNote figure={loaderData.verified[plan.id]} />
            <PriceTag price={plan.price} className="mt-6" />
            {plan.notice ? (
              <div className="mt-4 rounded-lg border border-accent/40 bg-accent/10 p-3">
                <Badge tone={plan.notice.soldOut ? "red" : "yellow"}>{plan.notice.badge}</Badge>
                <p className="mt-2 text-sm font-medium">{plan.notice.text}</p>
                {plan.notice.soldOut ? (
                  <ButtonLink
                    to={`${href("/contato")}?agente=${plan.id}`}
                    size="sm"
                    className="mt-3 w-full"
                  >
                    {waitlistCta.button}
                  </ButtonLink>
                ) : null}
              </div>
            ) : null}
            <ul className="mt-6 flex-1 space-y-2 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check aria-hidden="true" className="size-4 shrink-0 text-primary" />
                  {feature}
                </li>
              ))}
            </ul>
            <Link
              to={href("/agentes/:slug", { slug: plan.slug })}
              className="mt-6 inline-flex items-center gap-2 font-semibold text-primary hover:underline"
            >
              {pricingCopy.planLink}
              <span className="sr-only">: {plan.name}</span>
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </article>
        ))}
      </div>
      <p className="mx-auto -mt-8 max-w-6xl px-4 text-sm text-muted-foreground">
        <BrokerText text={priceCopy.discountNote} />
      </p>

      <Section title={included.title} id="inclui">
        <ul className="grid gap-3 sm:grid-cols-2">
          {included.items.map((item) => (
            <li key={item} className="flex gap-3 rounded-xl border border-border bg-card p-4">
              <Check aria-hidden="true" className="size-5 shrink-0 text-primary" />
              {item}
            </li>
          ))}
        </ul>
      </Section>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 md:grid-cols-2">
        <section
          aria-labelledby="pagamento"
          className="rounded-2xl border border-border bg-card p-6 sm:p-8"
        >
          <CreditCard aria-hidden="true" className="size-8 text-primary" />
          <h2 id="pagamento" className="mt-4 text-2xl font-bold">
            {payment.title}
          </h2>
          <ul className="mt-4 space-y-2">
            {payment.methods.map((method) => (
              <li key={method} className="flex gap-2">
                <Check aria-hidden="true" className="size-5 shrink-0 text-primary" />
                {method}
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-muted-foreground">{payment.billing}</p>
        </section>
        <section
          aria-labelledby="garantia"
          className="rounded-2xl border border-success/40 bg-success/5 p-6 sm:p-8"
        >
          <ShieldCheck aria-hidden="true" className="size-8 text-success" />
          <h2 id="garantia" className="mt-4 text-2xl font-bold">
            {guarantee.title}
          </h2>
          <p className="mt-4">{guarantee.text}</p>
          <p className="mt-4 text-sm font-semibold text-muted-foreground">{guarantee.note}</p>
        </section>
      </div>

      <section aria-labelledby="credito" className="mx-auto max-w-6xl px-4 pt-6">
        <div className="rounded-2xl border border-border bg-card p-6 sm:p-8">
          <h2 id="credito" className="text-2xl font-bold">
            {serviceCreditCopy.title}
          </h2>
          <p className="mt-4">{loaderData.creditRule}</p>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 pt-14">
        <RiskWarning />
      </div>

      <CtaBand title={cta.title} text={cta.text} />
    </main>
  );
}

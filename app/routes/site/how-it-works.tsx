import { href } from "react-router";
import type { Route } from "./+types/how-it-works";
import { FeatureGrid } from "../../components/site/feature-grid.tsx";
import { CtaBand } from "../../components/site/cta-band.tsx";
import { FaqAccordion } from "../../components/site/faq-accordion.tsx";
import { PageHero, Section } from "../../components/site/page-hero.tsx";
import { RiskWarning } from "../../components/site/risk-warning.tsx";
import { StepList } from "../../components/site/step-list.tsx";
import { Clock } from "../../components/ui/icons/clock.tsx";
import { DatabaseBackup } from "../../components/ui/icons/database-backup.tsx";
import { Gauge } from "../../components/ui/icons/gauge.tsx";
import { Wrench } from "../../components/ui/icons/wrench.tsx";
import { howItWorksCopy } from "../../content/how-it-works.ts";
import { seoMeta, siteUrlFromMatches } from "../../lib/seo.ts";
import { BrokerText } from "../../components/site/broker-text.tsx";
import { publicPage } from "../../lib/page-scripts.ts";

export const handle = publicPage;

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    siteUrl: siteUrlFromMatches(matches),
    path: href("/como-funciona"),
    ...howItWorksCopy.meta,
  });
}

const vpsIcons = [Clock, Gauge, Wrench, DatabaseBackup] as const;

export default function HowItWorks() {
  const { steps, vps, discount, faq, cta } = howItWorksCopy;
  return (
    <main id="conteudo">
      <PageHero title={howItWorksCopy.title} intro={howItWorksCopy.intro} />

      <Section title={steps.title} id="passos">
        <StepList
          steps={steps.items.map((step) => ({ ...step, text: <BrokerText text={step.text} /> }))}
        />
      </Section>

      <Section title={vps.title} intro={vps.text} id="vps">
        <FeatureGrid items={vps.items} icons={vpsIcons} />
      </Section>

      <Section title={discount.title} intro={<BrokerText text={discount.text} />} id="desconto">
        <div className="rounded-2xl border border-accent/40 bg-accent/5 p-6 sm:p-8">
          <h3 className="text-lg font-semibold">{discount.stepsTitle}</h3>
          <ol className="mt-4 space-y-3">
            {discount.steps.map((step, index) => (
              <li key={index} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-bold text-background"
                >
                  {index + 1}
                </span>
                <span className="pt-0.5">
                  <BrokerText text={step} />
                </span>
              </li>
            ))}
          </ol>
        </div>
      </Section>

      <Section title={faq.title} id="faq">
        <div className="max-w-3xl">
          <FaqAccordion items={faq.items} />
        </div>
      </Section>

      <CtaBand title={cta.title} text={cta.text} />

      <div className="mx-auto max-w-6xl px-4 pb-14">
        <RiskWarning />
      </div>
    </main>
  );
}

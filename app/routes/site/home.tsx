import { href } from "react-router";
import { BrokerText } from "../../components/site/broker-text.tsx";
import type { Route } from "./+types/home";
import { FeatureGrid } from "../../components/site/feature-grid.tsx";
import { AgentCard } from "../../features/robots/agent-card.tsx";
import { CtaBand } from "../../components/site/cta-band.tsx";
import { Section } from "../../components/site/page-hero.tsx";
import { RiskWarning } from "../../components/site/risk-warning.tsx";
import { StepList } from "../../components/site/step-list.tsx";
import { ButtonLink } from "../../components/ui/button.tsx";
import { ArrowRight } from "../../components/ui/icons/arrow-right.tsx";
import { Award } from "../../components/ui/icons/award.tsx";
import { Cpu } from "../../components/ui/icons/cpu.tsx";
import { Eye } from "../../components/ui/icons/eye.tsx";
import { Server } from "../../components/ui/icons/server.tsx";
import { waitlistCta } from "../../content/common.ts";
import { homeCopy } from "../../content/home.ts";
import { VerifiedFigureNote } from "../../features/performance/verified-figure.tsx";
import { listVerifiedFigures } from "../../features/performance/queries.server.ts";
import { agentCards } from "../../features/robots/agent-view.ts";
import { listRobots } from "../../features/robots/queries.server.ts";
import { seoMeta, siteUrlFromMatches } from "../../lib/seo.ts";
import { publicPage } from "../../lib/page-scripts.ts";

export const handle = publicPage;

export async function loader() {
  const [rows, verified] = await Promise.all([listRobots(), listVerifiedFigures()]);
  return { cards: agentCards(rows), verified };
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    siteUrl: siteUrlFromMatches(matches),
    path: href("/"),
    ...homeCopy.meta,
    brandFirst: true,
  });
}

const benefitIcons = [Award, Cpu, Eye, Server] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, benefits, featured, steps, cta } = homeCopy;
  return (
    <main id="conteudo">
      <section className="relative overflow-hidden border-b border-border bg-linear-to-b from-card to-background">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-40 left-1/2 h-80 w-[48rem] max-w-full -translate-x-1/2 rounded-full bg-primary/15 blur-3xl"
        />
        <div className="relative mx-auto max-w-6xl px-4 py-20 text-center sm:py-28">
          <p className="mx-auto inline-block rounded-full border border-accent/40 bg-accent/10 px-4 py-1 text-sm font-medium text-accent">
            {hero.eyebrow}
          </p>
          <h1 className="mx-auto mt-6 max-w-4xl text-4xl font-bold tracking-tight text-balance sm:text-6xl">
            {hero.title}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground text-pretty">
            {hero.text}
          </p>
          <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            <ButtonLink to={href("/contato")} size="lg">
              {waitlistCta.vipButton}
              <ArrowRight aria-hidden="true" className="size-5" />
            </ButtonLink>
            <ButtonLink to={href("/agentes")} size="lg" variant="outline">
              {hero.secondaryButton}
            </ButtonLink>
          </div>
        </div>
      </section>

      <Section title={benefits.title} id="beneficios">
        <FeatureGrid items={benefits.items} icons={benefitIcons} />
      </Section>

      <Section title={featured.title} intro={<BrokerText text={featured.text} />} id="agentes">
        <div className="grid gap-6 md:grid-cols-3">
          {loaderData.cards.map((card) => (
            <AgentCard
              key={card.id}
              card={card}
              linkLabel={featured.link}
              figure={<VerifiedFigureNote figure={loaderData.verified[card.id]} />}
            />
          ))}
        </div>
      </Section>

      <Section title={steps.title} id="passos">
        <StepList steps={steps.items} columns={4} />
      </Section>

      <CtaBand title={cta.title} text={cta.text} />

      <div className="mx-auto max-w-6xl px-4 pb-14">
        <RiskWarning />
      </div>
    </main>
  );
}

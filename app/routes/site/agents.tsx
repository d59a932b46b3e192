import { href } from "react-router";
import type { Route } from "./+types/agents";
import { AgentCard } from "../../features/robots/agent-card.tsx";
import { CtaBand } from "../../components/site/cta-band.tsx";
import { PageHero, Section } from "../../components/site/page-hero.tsx";
import { ShieldCheck } from "../../components/ui/icons/shield-check.tsx";
import { TriangleAlert } from "../../components/ui/icons/triangle-alert.tsx";
import { agentsPageCopy } from "../../content/agents-page.ts";
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
    card: "agent",
    path: href("/agentes"),
    ...agentsPageCopy.meta,
  });
}

export default function Agents({ loaderData }: Route.ComponentProps) {
  const { transparency, cta } = agentsPageCopy;
  return (
    <main id="conteudo">
      <PageHero title={agentsPageCopy.title} intro={agentsPageCopy.intro} />

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-14 md:grid-cols-3">
        {loaderData.cards.map((card) => (
          <AgentCard
            key={card.id}
            card={card}
            linkLabel={agentsPageCopy.detailsLink}
            detailed
            headingLevel={2}
            figure={<VerifiedFigureNote figure={loaderData.verified[card.id]} />}
          />
        ))}
      </div>

      <Section title={transparency.title} id="performance" className="pt-0">
        <div className="grid gap-6 rounded-2xl border border-border bg-card p-6 sm:p-8 md:grid-cols-[auto_1fr]">
          <ShieldCheck aria-hidden="true" className="size-10 text-primary" />
          <div className="space-y-4">
            <p className="text-muted-foreground">{transparency.text}</p>
            <p className="flex gap-2 rounded-lg border border-danger/40 bg-danger/5 p-4 text-sm">
              <TriangleAlert aria-hidden="true" className="size-5 shrink-0 text-danger" />
              <span>{transparency.warning}</span>
            </p>
          </div>
        </div>
      </Section>

      <CtaBand title={cta.title} text={cta.text} />
    </main>
  );
}

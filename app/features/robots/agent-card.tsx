import { href, Link } from "react-router";
import { agentCardCopy } from "../../content/common.ts";
import type { AgentCardView } from "./agent-view.ts";
import { ArrowRight } from "../../components/ui/icons/arrow-right.tsx";
import { AgentIcon } from "../../components/site/agent-icon.tsx";
import { PriceTag } from "../../components/site/price-tag.tsx";
import { RiskBadge } from "./risk-badge.tsx";

/** An agent on the home page and the agents list; `detailed` adds strategy and audience. */
export function AgentCard({
  card,
  linkLabel,
  detailed = false,
  headingLevel = 3,
  figure,
}: {
  card: AgentCardView;
  linkLabel: string;
  detailed?: boolean;
  /** 2 where the cards follow the page's h1 directly. */
  headingLevel?: 2 | 3;
  /** The verified return, when the robot has a published record (issue 22). */
  figure?: React.ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex flex-col rounded-2xl border border-border bg-card p-6 transition-colors hover:border-primary/50">
      <div className="flex items-start gap-4">
        <AgentIcon icon={card.icon} gradient={card.gradient} />
        <div className="min-w-0">
          <Heading className="text-xl font-bold">{card.name}</Heading>
          <p className="text-sm text-muted-foreground">
            <span className="sr-only">{agentCardCopy.pairLabel}: </span>
            {card.pair}
          </p>
        </div>
      </div>
      <div className="mt-4">
        <RiskBadge level={card.riskLevel} />
      </div>
      {detailed ? (
        <dl className="mt-4 space-y-3 text-sm">
          <div>
            <dt className="font-semibold">{agentCardCopy.strategyLabel}</dt>
            <dd className="text-muted-foreground">{card.strategy}</dd>
          </div>
          <div>
            <dt className="font-semibold">{agentCardCopy.idealForLabel}</dt>
            <dd className="text-muted-foreground">{card.idealFor}</dd>
          </div>
        </dl>
      ) : (
        <p className="mt-4 text-sm text-muted-foreground">{card.summary}</p>
      )}
      {figure}
      <PriceTag price={card.price} className="mt-6 border-t border-border pt-4" />
      <Link
        to={href("/agentes/:slug", { slug: card.slug })}
        className="mt-6 inline-flex items-center gap-2 font-semibold text-primary hover:underline"
      >
        {linkLabel}
        <span className="sr-only">: {card.name}</span>
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </article>
  );
}

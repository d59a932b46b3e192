import { data } from "react-router";
import type { Route } from "./+types/agent";

// Placeholder until the public-site issue fills it.
const agentSlugs = ["yenmax", "midaspulse", "trendkey-btc"];

export function loader({ params }: Route.LoaderArgs) {
  if (!agentSlugs.includes(params.slug)) throw data(null, { status: 404 });
  return { slug: params.slug };
}

export default function AgentPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="conteudo" className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-3xl font-bold">{loaderData.slug}</h1>
    </main>
  );
}

import type { AgentContent } from "./agents.ts";

// Copy of the agent detail pages around each agent's own content (content/agents.ts).
export const agentPageCopy = {
  backLink: "Todos os agentes",
  metricsTitle: "Métricas",
  aboutTitle: "Sobre o agente",
  pricing: {
    title: "Preço mensal",
    prompt: "Entre na lista de espera e garanta seu desconto de pré-lançamento.",
  },
  idealForLabel: "Ideal para",
  metaDescription: (name: string, content: AgentContent) =>
    `${name}: ${content.summary} Risco ${content.riskLevel}.`,
} as const;

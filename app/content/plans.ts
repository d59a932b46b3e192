import type { AgentId } from "./agent-ids.ts";
import { riskLevels, type RiskLevel } from "./common.ts";

// docs/product.md section 3, Plan. Prices come from the robots table (docs/product.md rule 10).
export interface PlanContent {
  description: string;
  riskLevel: RiskLevel;
  features: readonly string[];
  highlight?: string;
}

export const plans: Record<AgentId, PlanContent> = {
  yenmax: {
    description: "Hedge agressivo e preço médio no USDJPY, para quem busca altos retornos.",
    riskLevel: riskLevels.high,
    features: ["Par USDJPY", "Sessões asiática e americana", "Retorno médio mensal de +8,5%"],
  },
  midaspulse: {
    description: "Seis pares com gestão de risco otimizada, para quem busca consistência.",
    riskLevel: riskLevels.moderate,
    features: ["6 pares principais", "Diversificação automática", "Retorno médio mensal de +6,2%"],
    highlight: "Mais Popular",
  },
  "trendkey-btc": {
    description: "Machine learning e análise de sentimento no Bitcoin, para entusiastas de cripto.",
    riskLevel: riskLevels.high,
    features: ["BTCUSD 24/7", "Inteligência Artificial", "Retorno médio mensal de +12,8%"],
  },
};

import type { AgentId } from "./agent-ids.ts";
import { riskLevels, type RiskLevel } from "./common.ts";

// The agents' static content (docs/product.md sections 2 and 3). Name, price and MyFxBook link come
// from the robots table (docs/product.md rule 10); everything here stays in code.

export type AgentIcon = "yen" | "pulse" | "bitcoin";

export interface AgentContent {
  pair: string;
  strategy: string;
  riskLevel: RiskLevel;
  idealFor: string;
  summary: string;
  tagline: string;
  gradient: string;
  icon: AgentIcon;
  metrics: readonly { label: string; value: string }[];
  details: readonly { title: string; text: string }[];
  pairs?: { title: string; items: readonly string[] };
  features?: { title: string; items: readonly string[] };
  scarcity?: { badge: string; text: string };
  riskWarning: { title: string; text: string; critical: boolean };
}

type Metric = AgentContent["metrics"][number];

/** The four metrics of an agent page: the three every agent shows, then its own. */
function metrics(monthlyReturn: string, maxDrawdown: string, own: Metric): Metric[] {
  return [
    { label: "Retorno médio mensal", value: monthlyReturn },
    { label: "Drawdown máximo", value: maxDrawdown },
    { label: "Operação", value: "24/7" },
    own,
  ];
}

export const agents: Record<AgentId, AgentContent> = {
  yenmax: {
    pair: "USDJPY",
    strategy: "Hedge agressivo e preço médio",
    riskLevel: riskLevels.high,
    idealFor: "Traders experientes que buscam altos retornos",
    summary:
      "Estratégia agressiva de hedge e preço médio no USDJPY, operando nas sessões asiática e americana.",
    tagline: "Hedge agressivo e preço médio no par USDJPY.",
    gradient: "from-rose-500 to-orange-500",
    icon: "yen",
    metrics: metrics("+8,5%", "12,3%", { label: "Par principal", value: "USDJPY" }),
    details: [
      {
        title: "Ativo principal",
        text: "USDJPY, um dos pares mais líquidos do mercado, com spreads baixos e movimentos previsíveis nas sessões de maior volume.",
      },
      {
        title: "Tipo de estratégia",
        text: "Hedge agressivo com preço médio: o agente abre posições em sentidos opostos e ajusta o preço médio quando o mercado vai contra a entrada, buscando fechar cada ciclo no lucro.",
      },
      {
        title: "Sessões",
        text: "Opera nas sessões asiática e americana, quando o iene concentra liquidez e volatilidade.",
      },
    ],
    scarcity: {
      badge: "Vagas Limitadas",
      text: "Entre na lista de espera para garantir sua vaga com desconto especial de pré-lançamento.",
    },
    riskWarning: {
      title: "Aviso de Risco",
      text: "Estratégias de hedge e preço médio podem acumular drawdown elevado em tendências longas. O risco deste agente é alto: opere apenas com capital que você pode se dar ao luxo de perder.",
      critical: false,
    },
  },
  midaspulse: {
    pair: "Multi-Pares",
    strategy: "Algoritmo sofisticado com gestão de risco otimizada",
    riskLevel: riskLevels.moderate,
    idealFor: "Traders que buscam consistência e diversificação",
    summary:
      "Algoritmo sofisticado com gestão de risco otimizada, diversificando a operação em seis pares principais.",
    tagline: "Diversificação em seis pares com gestão de risco otimizada.",
    gradient: "from-amber-400 to-yellow-600",
    icon: "pulse",
    metrics: metrics("+6,2%", "8,7%", { label: "Pares operados", value: "6" }),
    details: [
      {
        title: "Tipo de estratégia",
        text: "Algoritmo sofisticado que distribui o risco entre vários pares e ajusta o tamanho das posições à volatilidade de cada um.",
      },
      {
        title: "Gestão de risco",
        text: "Limites de exposição por par e por conta, para buscar consistência com um drawdown menor.",
      },
    ],
    pairs: {
      title: "Pares operados",
      items: ["EURUSD", "GBPUSD", "USDJPY", "USDCHF", "AUDUSD", "USDCAD"],
    },
    riskWarning: {
      title: "Aviso de Risco",
      text: "Mesmo com risco moderado e diversificação, o trading de Forex envolve risco substancial de perda financeira. Opere apenas com capital que você pode se dar ao luxo de perder.",
      critical: false,
    },
  },
  "trendkey-btc": {
    pair: "BTCUSD",
    strategy: "Especializado em criptomoedas",
    riskLevel: riskLevels.high,
    idealFor: "Entusiastas de Bitcoin",
    summary:
      "Especializado em Bitcoin: machine learning e análise de sentimento para seguir tendências com momentum.",
    tagline: "Machine learning e análise de sentimento aplicados ao Bitcoin.",
    gradient: "from-orange-500 to-amber-600",
    icon: "bitcoin",
    metrics: metrics("+12,8%", "18,5%", { label: "Ativo", value: "BTCUSD" }),
    details: [
      {
        title: "Ativo principal",
        text: "Exclusivamente Bitcoin (BTCUSD), um mercado aberto 24 horas por dia, 7 dias por semana.",
      },
      {
        title: "Tecnologia",
        text: "Modelos de machine learning combinados com análise de sentimento do mercado para identificar o início e o fim das tendências.",
      },
      {
        title: "Tipo de estratégia",
        text: "Seguimento de tendência com momentum: o agente entra a favor dos movimentos fortes e protege o lucro com stops dinâmicos.",
      },
    ],
    features: {
      title: "Recursos especiais",
      items: [
        "Inteligência Artificial",
        "Análise de Sentimento",
        "Execução Rápida",
        "Stops Dinâmicos",
      ],
    },
    // The text under the badge counts the robot's free spots (content/spots.ts);
    // this one shows only if staff make the robot unlimited.
    scarcity: {
      badge: "Vagas Muito Limitadas",
      text: "Entre na lista de espera para garantir sua vaga com desconto especial de pré-lançamento.",
    },
    riskWarning: {
      title: "Aviso de Risco Crítico",
      text: "Criptomoedas são extremamente voláteis: o preço do Bitcoin pode variar fortemente em minutos, e o drawdown deste agente já chegou a 18,5%. O risco é alto e você pode perder todo o capital investido. Opere apenas com capital que você pode se dar ao luxo de perder.",
      critical: true,
    },
  },
};

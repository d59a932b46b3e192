import type { AgentId } from "./agent-ids.ts";

// The disclosure sheet (lâmina) of each automated strategy, in the shape of APIMEC's
// Recomendação CCA nº 06/2023 (docs/decisions/374): methodology, assets covered, risks, the
// analyst responsible (Res. CVM 20/2021 art. 20), factual data with their sources (art. 19
// § 1º), the declarations of arts. 21 and 22, and risk management.

export interface AgentSheetContent {
  /** How the strategy decides, in plain words. */
  methodology: readonly string[];
  /** What it trades and when. */
  markets: readonly string[];
  /** The risks particular to this strategy (the general ones are in agentSheetCopy). */
  risks: readonly string[];
  /** How the strategy limits its losses, as the provider declares it. */
  riskManagement: readonly string[];
}

export const agentSheets: Record<AgentId, AgentSheetContent> = {
  yenmax: {
    methodology: [
      "Estratégia automatizada de hedge e preço médio: o robô abre posições em sentidos opostos e, quando o preço vai contra a entrada, acrescenta posições a preços melhores para baixar o preço médio, buscando encerrar cada ciclo com lucro.",
      "As decisões são tomadas pelo algoritmo, sem intervenção manual; o investidor não altera os parâmetros.",
    ],
    markets: [
      "Par de moedas USDJPY (dólar americano contra iene japonês), negociado como CFD na corretora da conta.",
      "Sessões asiática e americana.",
    ],
    risks: [
      "O preço médio aumenta a exposição justamente quando o mercado vai contra a posição: numa tendência longa, as perdas flutuantes crescem e podem consumir grande parte do capital.",
      "Intervenções do Banco do Japão e anúncios de juros podem mover o par com força e abrir lacunas de preço.",
    ],
    riskManagement: [
      "Número máximo de posições por ciclo e distância mínima entre elas definidos pelo fornecedor.",
      "Não há stop fixo por operação: o ciclo é encerrado no alvo de lucro ou pelo limite de exposição da conta. Por isso o risco deste agente é classificado como alto.",
    ],
  },
  midaspulse: {
    methodology: [
      "Algoritmo que distribui o risco entre seis pares de moedas e ajusta o tamanho de cada posição à volatilidade recente do par.",
      "As decisões são tomadas pelo algoritmo, sem intervenção manual; o investidor não altera os parâmetros.",
    ],
    markets: [
      "Pares de moedas EURUSD, GBPUSD, USDJPY, USDCHF, AUDUSD e USDCAD, negociados como CFD na corretora da conta.",
      "Opera 24 horas nos dias úteis do mercado de câmbio.",
    ],
    risks: [
      "Os seis pares envolvem o dólar americano: num movimento forte do dólar, várias posições podem perder ao mesmo tempo, e a diversificação protege menos do que parece.",
      "Volatilidade medida no passado pode subestimar a de um choque.",
    ],
    riskManagement: [
      "Limites de exposição por par e por conta; cada posição tem stop definido no momento da entrada.",
      "O tamanho das posições cai quando a volatilidade sobe.",
    ],
  },
  "trendkey-btc": {
    methodology: [
      "Seguimento de tendência com momentum: modelos de machine learning e análise de sentimento do mercado identificam o início e o fim das tendências do Bitcoin, e o robô entra a favor dos movimentos fortes.",
      "As decisões são tomadas pelo algoritmo, sem intervenção manual; o investidor não altera os parâmetros.",
    ],
    markets: [
      "Bitcoin contra o dólar americano (BTCUSD), negociado como CFD na corretora da conta.",
      "Mercado aberto 24 horas por dia, 7 dias por semana.",
    ],
    risks: [
      "O Bitcoin pode variar fortemente em minutos; em fins de semana e madrugadas a liquidez cai e os spreads sobem.",
      "Modelos de machine learning aprendem com o passado e podem errar quando o mercado muda de comportamento.",
      "Criptoativos estão sujeitos a mudanças de regulação e a eventos de corretoras e custodiantes.",
    ],
    riskManagement: [
      "Stops dinâmicos acompanham o preço para proteger o lucro e limitar a perda de cada operação.",
      "O risco deste agente é classificado como alto: você pode perder todo o capital investido.",
    ],
  },
};

export const agentSheetCopy = {
  title: (name: string) => `Lâmina de ${name}`,
  metaDescription: (name: string) =>
    `Lâmina de informações da estratégia automatizada ${name}: metodologia, ativos, riscos, gestão de risco, analista responsável, fontes dos dados, período do histórico e avisos legais.`,
  intro:
    "Lâmina de informações da estratégia automatizada, no formato recomendado pela APIMEC (Recomendação CCA nº 06/2023). Leia antes de contratar.",
  printHint: "Para guardar como documento, use Imprimir (Ctrl+P) e salve em PDF.",
  backLink: (name: string) => `Voltar para ${name}`,
  agentLink: (name: string) => `Lâmina de informações de ${name}`,
  sections: {
    methodology: "Metodologia e funcionamento",
    markets: "Ativos e mercados",
    risks: "Riscos",
    riskManagement: "Gerenciamento de risco",
    analyst: "Analista responsável",
    record: "Período do histórico e números",
    sources: "Fontes dos dados",
    warnings: "Avisos legais",
  },
  riskLevel: (level: string) => `Nível de risco: ${level}.`,
  generalRisks: [
    "Operações alavancadas: uma variação pequena do preço pode causar perda maior que a esperada, inclusive de todo o capital da conta.",
    "Risco de execução: deslizamento de preço, lacunas na abertura do mercado e falhas de conexão da corretora ou do servidor (VPS) podem mudar o resultado de uma operação.",
    "Risco de contraparte: o dinheiro fica na corretora escolhida pelo investidor, e não conosco.",
    "Resultados passados, verificados ou não, não garantem resultados futuros.",
  ],
  analystNamed: (name: string, registration: string | undefined) =>
    registration
      ? `${name}, analista de valores mobiliários credenciado (CNPI ${registration}), responsável pela estratégia automatizada (Resolução CVM nº 20/2021, art. 20).`
      : `${name}, responsável pela estratégia automatizada (Resolução CVM nº 20/2021, art. 20).`,
  analystMissing:
    "Ainda não informado. A oferta de estratégias automatizadas é atividade privativa de analista de valores mobiliários credenciado (Ofício-Circular CVM/SIN nº 2/2019); até que o analista seja identificado aqui, trate esta lâmina como incompleta.",
  recordNone:
    "Ainda não há histórico verificado publicado para este robô. Quando houver, o período e os números aparecerão aqui, calculados a partir do extrato da corretora.",
  recordPeriod: (from: string, to: string) => `Período do extrato publicado: ${from} a ${to}.`,
  declaredTargets: (monthly: string, drawdown: string) =>
    `Metas declaradas pelo fornecedor (não verificadas): retorno médio mensal ${monthly}, drawdown máximo ${drawdown}.`,
  sources: {
    statement: (broker: string, file: string) =>
      `Números calculados por nós a partir do extrato MetaTrader da conta na corretora ${broker} (arquivo ${file}), conferido com o resumo do próprio extrato.`,
    sha256: "SHA-256 do arquivo:",
    log: "Cada extrato e cada publicação estão no registro público, encadeado por hashes.",
    declared: "Metas: declaradas pelo fornecedor do agente.",
    texts: "Metodologia, ativos e gestão de risco: descritos pelo fornecedor do agente.",
  },
  warnings: [
    "Esta lâmina não é recomendação de compra ou venda de nenhum ativo nem oferta de investimento.",
    "O analista responsável declara que a estratégia automatizada reflete a sua metodologia e foi elaborada por ele de forma independente (Resolução CVM nº 20/2021, art. 21).",
    "Conflitos de interesse (Resolução CVM nº 20/2021, art. 22): a empresa que comercializa o agente é remunerada pela assinatura mensal; a parceria com a corretora parceira dá ao investidor o desconto de 25% descrito na página de preços.",
    "O investidor mantém a conta e o dinheiro na corretora, em seu nome, e pode desligar o agente a qualquer momento.",
  ],
} as const;

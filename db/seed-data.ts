import type { PostCategory } from "../app/features/posts/model.ts";

// Starting rows so a fresh install shows a full site. Prices are monthly USD before the
// partner-broker discount (docs/product.md section 9). `key` is the agent id (docs/decisions/090).
export const seedRobots = [
  {
    key: "yenmax",
    name: "YenMax Agent",
    slug: "yenmax",
    description:
      "Agente para USDJPY com estratégia agressiva de hedge e preço médio, operando nas sessões asiática e americana.",
    price: "199.00",
  },
  {
    key: "midaspulse",
    name: "MidasPulse Agent",
    slug: "midaspulse",
    description:
      "Agente multi-pares com algoritmo sofisticado e gestão de risco otimizada em seis pares principais.",
    price: "179.00",
  },
  {
    key: "trendkey-btc",
    name: "TrendKey BTC",
    slug: "trendkey-btc",
    description:
      "Agente especializado em Bitcoin (BTCUSD) com machine learning, análise de sentimento e seguimento de tendência.",
    price: "249.00",
    // docs/product.md section 9: TrendKey BTC has 20 spots; the others are unlimited (null).
    capacity: 20,
  },
] as const;

interface SeedPost {
  title: string;
  slug: string;
  excerpt: string;
  category: PostCategory;
  author: string;
  publishedAt: string;
  content: string;
}

export const seedPosts: readonly SeedPost[] = [
  {
    title: "O que é um robô de trading e como ele funciona no Forex",
    slug: "o-que-e-um-robo-de-trading",
    excerpt:
      "Entenda como agentes automatizados analisam o mercado, executam ordens e por que a disciplina é sua maior vantagem.",
    category: "Educação",
    author: "Equipe Agentes FX",
    publishedAt: "2026-10-14T12:00:00.000Z",
    content: `Um robô de trading, ou **agente**, é um programa que segue um conjunto de regras para abrir e fechar operações sem intervenção manual.

## Como um agente decide

O agente lê preços em tempo real, calcula indicadores e compara o resultado com as regras da sua estratégia. Quando as condições se cumprem, ele envia a ordem à corretora em milissegundos.

## Por que automatizar

- **Disciplina:** o agente não sente medo nem euforia.
- **Disponibilidade:** opera 24 horas por dia, 5 dias por semana no Forex.
- **Velocidade:** reage mais rápido do que qualquer operador manual.

## O que a automação não faz

Automatizar não elimina o risco. Toda estratégia tem períodos de perda, e o resultado passado não garante o resultado futuro. Opere apenas com capital que você pode perder.`,
  },
  {
    title: "Hedge e preço médio: vantagens e riscos da estratégia",
    slug: "hedge-e-preco-medio",
    excerpt:
      "Uma análise honesta da estratégia usada pelo YenMax Agent: quando ela brilha e quando o drawdown aparece.",
    category: "Estratégia",
    author: "Equipe Agentes FX",
    publishedAt: "2026-10-28T12:00:00.000Z",
    content: `Estratégias de **hedge** abrem posições em sentidos opostos para reduzir a exposição, enquanto o **preço médio** adiciona posições quando o mercado vai contra a entrada.

## Quando funciona

Em mercados laterais, como o USDJPY em boa parte da sessão asiática, o preço tende a voltar à média e a estratégia fecha ciclos com lucro.

## Onde está o risco

Em tendências longas o drawdown cresce. Por isso o YenMax Agent limita o número de posições e acompanha o drawdown máximo, hoje em 12,3%.

## Nossa recomendação

Use essa estratégia apenas se você entende o risco alto envolvido e com capital que pode perder.`,
  },
  {
    title: "Por que uma VPS gerenciada faz diferença para o seu robô",
    slug: "por-que-uma-vps-gerenciada",
    excerpt:
      "Latência, estabilidade e backups: o que a infraestrutura muda no desempenho de um agente automatizado.",
    category: "Tecnologia",
    author: "Equipe Agentes FX",
    publishedAt: "2026-11-10T12:00:00.000Z",
    content: `Um agente só é tão bom quanto a máquina em que roda. Uma queda de energia ou de internet no seu computador pode deixar posições abertas sem gestão.

## Baixa latência

Nossas VPS ficam próximas aos servidores das corretoras, o que reduz o tempo entre o sinal e a execução.

## Operação 24/7 e manutenção

A equipe monitora cada servidor, aplica atualizações e faz **backup automático** das configurações.

## Configuração em 2 a 4 horas úteis

Depois da confirmação do pagamento, nossa equipe configura a VPS e o agente para você.`,
  },
];

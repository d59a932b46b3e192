// Copy of the agents list page (docs/product.md section 2, Agents list).
export const agentsPageCopy = {
  meta: {
    title: "Nossos Agentes FX",
    description:
      "Conheça o YenMax Agent, o MidasPulse Agent e o TrendKey BTC: estratégias, pares, níveis de risco e performance transparente.",
  },
  title: "Nossos Agentes FX",
  intro:
    "Agentes automatizados para Forex e cripto, cada um com sua estratégia, seu nível de risco e performance verificada por terceiros. Compare e escolha o que combina com você.",
  detailsLink: "Ver Detalhes e Performance",
  transparency: {
    title: "Performance Transparente",
    text: "Os resultados dos nossos agentes são verificados por uma plataforma independente de estatísticas de trading (MyFxBook). Você vê os números reais antes de decidir: retorno, drawdown e histórico de operações.",
    warning:
      "Atenção: resultados passados não garantem resultados futuros. O trading envolve risco substancial de perda financeira.",
  },
  cta: {
    title: "Vagas limitadas para cada agente",
    text: "As vagas são limitadas e os primeiros clientes da lista de espera garantem um desconto especial.",
  },
} as const;

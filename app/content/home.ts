// Home page copy (docs/product.md section 2, Home).
export const homeCopy = {
  meta: {
    title: "Agentes inteligentes para Forex e cripto",
    description:
      "Automatize seu sucesso no Forex com agentes inteligentes: performance transparente, VPS gerenciada inclusa e operação 24/7. Entre para a Lista de Espera VIP.",
  },
  hero: {
    eyebrow: "Pré-lançamento: desconto especial para os primeiros clientes",
    title: "Automatize seu sucesso no Forex com agentes inteligentes",
    text: "Agentes de trading automatizados com performance transparente, VPS gerenciada inclusa e operação 24/7. Você escolhe o agente, nós cuidamos da infraestrutura.",
    secondaryButton: "Conheça os agentes",
  },
  benefits: {
    title: "Por que escolher a Agentes FX",
    items: [
      {
        title: "Experiência Comprovada",
        text: "Estratégias desenvolvidas e testadas por traders com anos de experiência nos mercados de Forex e cripto.",
      },
      {
        title: "Tecnologia de Ponta",
        text: "Algoritmos avançados, machine learning e execução rápida para aproveitar as oportunidades do mercado.",
      },
      {
        title: "Resultados Transparentes",
        text: "Performance verificada por uma plataforma independente de estatísticas de trading, sem números escondidos.",
      },
      {
        title: "VPS Inclusa e Gerenciada",
        text: "Cada agente roda em uma VPS de baixa latência, configurada e mantida pela nossa equipe, 24/7.",
      },
    ],
  },
  featured: {
    title: "Conheça nossos agentes",
    text: "Três estratégias para perfis diferentes, todas com VPS gerenciada e 25% de desconto com a {corretora}.",
    link: "Saiba Mais e Entre na Lista",
  },
  steps: {
    title: "Como começar",
    items: [
      {
        title: "Explore os agentes",
        text: "Compare estratégias, pares e níveis de risco para escolher o agente ideal para o seu perfil.",
      },
      {
        title: "Veja os resultados",
        text: "Acompanhe a performance verificada pela integração com a MyFxBook, com dados reais e auditáveis.",
      },
      {
        title: "Entre na lista de espera",
        text: "Inscreva-se na lista VIP para garantir sua vaga com desconto de pré-lançamento.",
      },
      {
        title: "Opere no automático",
        text: "Com a VPS configurada pela nossa equipe, o agente opera 24/7 enquanto você acompanha os resultados.",
      },
    ],
  },
  cta: {
    title: "Pronto para automatizar suas operações?",
    text: "As vagas são limitadas e os primeiros clientes da lista garantem desconto especial.",
  },
} as const;

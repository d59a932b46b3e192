// Pricing page copy (docs/product.md section 2, Pricing; constants of section 9).
export const pricingCopy = {
  meta: {
    title: "Preços",
    description:
      "Planos mensais dos agentes YenMax, MidasPulse e TrendKey BTC com 25% de desconto na corretora parceira, VPS gerenciada inclusa e garantia de 7 dias.",
  },
  title: "Preços",
  intro:
    "Planos mensais, sem fidelidade, com 25% de desconto permanente ao operar pela {corretora}.",
  planLink: "Ver detalhes do agente",
  included: {
    title: "Todos os planos incluem",
    items: [
      "VPS gerenciada de baixa latência",
      "Instalação e configuração pela nossa equipe",
      "Operação automática 24/7",
      "Performance verificada pela MyFxBook",
      "Atualizações do agente sem custo extra",
      "Monitoramento e backup automático da VPS",
      "Suporte por e-mail e chat em horário comercial",
      "Cancelamento a qualquer momento, sem taxas",
    ],
  },
  payment: {
    title: "Formas de pagamento",
    methods: [
      "Cartão de crédito (Visa, Mastercard)",
      "PayPal",
      "Transferência bancária",
      "PIX (Brasil)",
      "Criptomoedas (Bitcoin, USDT)",
    ],
    billing:
      "Cobrança mensal e recorrente. Cancele quando quiser: o cancelamento vale ao final do ciclo, sem taxas.",
  },
  guarantee: {
    title: "Garantia de 7 dias",
    text: "Se não ficar satisfeito, devolvemos 100% do valor da primeira mensalidade em até 7 dias após a contratação.",
    note: "A garantia não cobre perdas de trading.",
  },
  cta: {
    title: "Garanta seu desconto de pré-lançamento",
    text: "Entre na Lista de Espera VIP: as vagas são limitadas e os primeiros clientes têm desconto especial.",
  },
} as const;

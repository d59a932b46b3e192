// Portuguese copy shared by several public pages: prices, risk levels, risk warnings and
// the waitlist call to action.

/** docs/product.md section 3: risk level values shown on the agents' badges. */
export const riskLevels = { high: "Alto", moderate: "Moderado", low: "Baixo" } as const;
export type RiskLevel = (typeof riskLevels)[keyof typeof riskLevels];

/**
 * Where a text names the partner broker: replaced by its name from the configuration, linked
 * to its site when that is set (components/site/broker-text.tsx).
 */
export const partnerBrokerToken = "{corretora}";

export const priceCopy = {
  onRequest: "Sob consulta",
  perMonth: "/mês",
  originalPriceLabel: "Preço original",
  discountedPriceLabel: "Com desconto",
  discountBadge: "25% de desconto",
  discountNote:
    "Preços com 25% de desconto para quem opera pela {corretora}, enquanto a conta estiver ativa.",
} as const;

export const riskLabel = "Risco";

export const riskWarning = {
  title: "Aviso de Risco",
  text: "Negociar Forex e criptomoedas envolve risco substancial de perda financeira. Opere apenas com capital que você pode se dar ao luxo de perder. Resultados passados não garantem resultados futuros.",
  linkLabel: "Leia o aviso de risco completo",
} as const;

export const waitlistCta = {
  button: "Entrar na Lista de Espera",
  vipButton: "Entre para a Lista de Espera VIP",
} as const;

/** Labels of the agent cards (home page and agents list). */
export const agentCardCopy = {
  pairLabel: "Par",
  strategyLabel: "Estratégia",
  idealForLabel: "Ideal para",
} as const;

// Issue 24: subscriptions, their e-mails and the outcomes staff and customers read.
import { greetingFor } from "./greeting.ts";
import type { ChargeState, SubscriptionState } from "../features/subscriptions/model.ts";

export const subscriptionStateLabels: Record<SubscriptionState, string> = {
  active: "Ativa",
  "past-due": "Em atraso",
  suspended: "Suspensa",
  cancelled: "Cancelada com fim em",
  ended: "Encerrada",
  refunded: "Reembolsada",
};

export const chargeStateLabels: Record<ChargeState, string> = {
  open: "Em aberto",
  paid: "Paga",
  void: "Anulada",
};

/** SPEC section 9 ("7 days, full refund of the first month, not covering trading losses"), as /precos says it. */
export const guaranteeText =
  "Garantia de 7 dias: reembolso integral do primeiro mês. A garantia não cobre perdas de trading.";

/** The button of every notice about a charge to pay: Minha conta shows its PIX code and card. */
const payButton = "Pagar em Minha conta";

export const subscriptionEmailCopy = {
  charge: {
    subject: "Sua próxima mensalidade da Agentes FX",
    preview: "A cobrança do próximo ciclo da sua assinatura.",
    button: payButton,
    greeting: greetingFor,
    body: (robot: string, due: string) =>
      `A assinatura do ${robot} renova em ${due}. Esta é a cobrança do próximo ciclo.`,
    amount: (usd: string, brl: string, rate: string) =>
      `Valor: ${usd} (${brl}, câmbio de R$ ${rate} por US$ 1).`,
    reference: (reference: string) =>
      `Código da cobrança: ${reference}. Informe-o na descrição de uma transferência bancária.`,
    pix: (code: string) => `PIX copia e cola: ${code}`,
    dueCharge: (due: string) => `Cobrança com vencimento em ${due}, confirmada automaticamente.`,
    lateTerms: (fine: string, interest: string) =>
      `Depois do vencimento: multa de ${fine.replace(".", ",")}% e juros de ${interest.replace(".", ",")}% ao mês.`,
    otherMethods:
      "Também aceitamos cartão de crédito (Visa, Mastercard), PayPal e cripto (Bitcoin, USDT): responda pelo e-mail de contato e enviaremos o link de pagamento.",
  },
  /** A renewal the customer's Pix Automático mandate will debit: nothing to pay by hand. */
  debit: {
    subject: "Sua próxima mensalidade será debitada por Pix Automático",
    preview: "A renovação do próximo ciclo é debitada sozinha no vencimento.",
    button: "Ver em Minha conta",
    greeting: greetingFor,
    body: (robot: string, due: string) =>
      `A assinatura do ${robot} renova em ${due}. Você autorizou o Pix Automático: não é preciso pagar nada.`,
    debitOn: (brl: string, due: string) =>
      `O valor de ${brl} será debitado por Pix Automático em ${due}, da conta que você autorizou.`,
    ifFails:
      "Se o débito não for concluído, enviaremos por e-mail o link e o código PIX para pagar.",
  },
  debitReminder: {
    subject: "Sua mensalidade será debitada amanhã por Pix Automático",
    preview: "A renovação é debitada amanhã pelo Pix Automático.",
    button: "Ver em Minha conta",
  },
  reminder: {
    subject: "Sua mensalidade vence amanhã",
    preview: "A cobrança do próximo ciclo vence amanhã.",
    button: payButton,
  },
  late: {
    subject: "Mensalidade em atraso",
    preview: "Não identificamos o pagamento do ciclo que venceu.",
    button: payButton,
    greeting: greetingFor,
    body: (robot: string, due: string, until: string) =>
      `Não identificamos o pagamento da assinatura do ${robot}, que venceu em ${due}. O agente continua operando até ${until}; sem o pagamento até lá, a assinatura é suspensa e o agente é desligado.`,
    reference: (reference: string) => `Código da cobrança: ${reference}.`,
  },
  suspended: {
    subject: "Assinatura suspensa",
    preview: "O prazo de pagamento terminou e a assinatura foi suspensa.",
    button: payButton,
    greeting: greetingFor,
    body: (robot: string) =>
      `O prazo para pagar a assinatura do ${robot} terminou e ela foi suspensa: o agente será desligado na VPS. Ao pagar a cobrança em aberto, a assinatura é reativada e um novo ciclo começa na data do pagamento.`,
    reference: (reference: string) => `Código da cobrança: ${reference}.`,
  },
  reactivated: {
    subject: "Assinatura reativada",
    preview: "Recebemos o pagamento e sua assinatura voltou a ficar ativa.",
    greeting: greetingFor,
    body: (robot: string, until: string) =>
      `Recebemos o pagamento e a assinatura do ${robot} foi reativada: o agente será ligado novamente na VPS. O ciclo pago vai até ${until}.`,
  },
  ended: {
    subject: "Assinatura encerrada",
    preview: "O ciclo pago terminou e sua assinatura foi encerrada.",
    greeting: greetingFor,
    body: (robot: string, day: string) =>
      `A assinatura do ${robot} foi encerrada em ${day}, como você pediu ao cancelar: o agente será desligado na VPS e nenhuma nova cobrança será emitida.`,
  },
  cancelled: {
    subject: "Cancelamento confirmado",
    preview: "Sua assinatura foi cancelada, sem multa.",
    greeting: greetingFor,
    body: (robot: string) =>
      `Confirmamos o cancelamento da assinatura do ${robot}, sem multa. Nenhuma nova cobrança será emitida.`,
    ends: (lastDay: string) => `O serviço continua até ${lastDay}, o fim do ciclo pago.`,
  },
  refunded: {
    subject: "Reembolso registrado",
    preview: "O reembolso da garantia de 7 dias foi registrado.",
    greeting: greetingFor,
    body: (robot: string, amount: string, method: string) =>
      `Registramos o reembolso do primeiro mês da assinatura do ${robot} (${amount}, por ${method}). A assinatura foi encerrada.`,
    guarantee: guaranteeText,
  },
} as const;

/** Why an action on a subscription was refused, in the words customers and staff read. */
export const subscriptionOutcomeCopy = {
  notFound: "Assinatura não encontrada.",
  alreadyCancelled: (lastDay: string) =>
    `Esta assinatura já está cancelada: o serviço vai até ${lastDay}.`,
  alreadyEnded: "Esta assinatura já terminou: não há o que cancelar.",
  guaranteeOver: (lastDay: string) =>
    `O prazo da garantia de 7 dias terminou em ${lastDay}. O cancelamento continua disponível, com efeito no fim do ciclo.`,
  refundAlreadyRequested: "O reembolso já foi pedido; a equipe vai registrá-lo em breve.",
  refundNotRequested: "O cliente não pediu o reembolso da garantia.",
  chargeNotOpen: "Esta cobrança não está em aberto.",
} as const;

/** /admin/assinaturas. */
export const subscriptionsAdminCopy = {
  tab: "Assinaturas",
  loading: "Carregando assinaturas…",
  title: "Assinaturas",
  countsLabel: "Assinaturas por situação",
  filterState: "Situação",
  filterAll: "Todas",
  filterRobot: "Robô",
  filterApply: "Filtrar",
  empty: "Nenhuma assinatura com estes filtros.",
  person: "Cliente",
  erasedPerson: "dados apagados",
  firstOrder: "Pedido",
  paidThrough: (date: string) => `pago até ${date} (exclusive)`,
  cycle: (cycle: number) => `${cycle}º mês pago`,
  openCharge: (reference: string, due: string, brl: string) =>
    `Cobrança em aberto ${reference}: vence ${due}, ${brl}`,
  refundRequested: (date: string) => `Reembolso da garantia pedido em ${date}`,
  refunded: (method: string, reference: string) => `Reembolsada por ${method} (${reference})`,
  dueTitle: "Renovações nos próximos 7 dias",
  dueEmpty: "Nenhuma renovação nos próximos 7 dias.",
  dueDate: "Vencimento",
  noChargeYet: "cobrança ainda não emitida",
  switchesTitle: "Robôs a ligar e desligar na VPS",
  switchesText:
    "Suspensões, reativações, fins de assinatura e reembolsos entram na lista de cada robô a ligar ou desligar, marcada quando feita:",
  switchesLink: "abrir Ligar/desligar",
  revenueTitle: "Receita recebida",
  revenueText:
    "Primeiros pagamentos (sem os reembolsados) e renovações pagas, pela data do pagamento (horário de São Paulo).",
  revenueByMonth: "Receita por mês",
  revenueByRobot: "Receita por robô",
  revenueTable: (what: string) => `${what}: tabela`,
  revenueChart: (what: string) => `Gráfico de barras: ${what}. Os valores estão na tabela abaixo.`,
  revenueColumns: { key: "Período", robot: "Robô", amount: "Valor", payments: "Pagamentos" },
  revenueEmpty: "Nenhum pagamento registrado ainda.",
  markPaid: "Marcar renovação paga",
  method: "Forma",
  paymentReference: "Identificação do pagamento",
  recordRefund: "Registrar reembolso",
  refundReference: "Identificação do reembolso",
  cancel: "Cancelar pelo cliente",
  cancelConfirm: "O cliente pediu o cancelamento.",
  savedTitle: "Feito",
  savedText: "A assinatura foi atualizada.",
  errorTitle: "Não foi possível salvar",
  invalidRequest: "Pedido inválido.",
  referenceRequired: "Informe a identificação.",
  methodRequired: "Escolha a forma.",
  confirmRequired: "Marque a confirmação.",
  /** The fine and interest of the renewals' due-date charges (docs/decisions/417). */
  terms: {
    title: "Multa e juros das renovações por PIX com vencimento",
    text: "Valem para as cobranças com vencimento (cobv) criadas daqui em diante; as já emitidas mantêm os termos com que foram feitas. Zero em ambos: sem multa nem juros.",
    current: (fine: string, interest: string, by: string, at: string) =>
      `Em vigor: multa de ${fine}% e juros de ${interest}% ao mês, definidos por ${by} em ${at}.`,
    none: "Em vigor: sem multa nem juros (nunca definidos).",
    fine: "Multa (%)",
    fineHint:
      "Cobrada uma vez após o vencimento; de 0 a 2 (limite do Código de Defesa do Consumidor).",
    interest: "Juros (% ao mês)",
    interestHint: "Proporcionais aos dias de atraso; de 0 a 1.",
    invalidFine: "Informe a multa em %, de 0 a 2, com até duas casas decimais (ex.: 2 ou 1,5).",
    invalidInterest:
      "Informe os juros em % ao mês, de 0 a 1, com até duas casas decimais (ex.: 1 ou 0,33).",
    save: "Salvar multa e juros",
  },
} as const;

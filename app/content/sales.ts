// Issue 36: the sale's moves as staff and customers read them, and "Pagamentos a resolver".
import type {
  MoneyKind,
  MoneySource,
  MoneyState,
  PixRefundState,
  SaleMove,
} from "../features/sales/model.ts";

export const saleMoveLabels: Record<SaleMove | "submit-form" | "prepare-vps" | "start", string> = {
  accept: "Aceite do convite",
  pay: "Pagamento",
  expire: "Expiração",
  cancel: "Cancelamento",
  refund: "Reembolso",
  renew: "Renovação",
  suspend: "Suspensão",
  reactivate: "Reativação",
  end: "Encerramento",
  erase: "Exclusão dos dados",
  "submit-form": "Envio dos dados da conta",
  "prepare-vps": "Configuração da VPS",
  start: "Início da operação",
};

export const saleMachineLabels = {
  invitation: "o convite",
  order: "o pedido",
  charge: "a cobrança",
  subscription: "a assinatura",
  setup: "a configuração",
  payment: "o pagamento",
} as const;

/** The one refusal of a move the tables do not list. */
export const moveRefused = (move: string, machine: string, state: string) =>
  `${move}: não é possível quando ${machine} está "${state}".`;

export const moneySourceLabels: Record<MoneySource, string> = {
  statement: "Extrato bancário",
  "mercado-pago": "Mercado Pago",
  "api-pix": "API Pix",
  staff: "Registrado pela equipe",
};

export const moneyKindLabels: Record<MoneyKind, string> = {
  credit: "Crédito no extrato",
  "card-approved": "Cartão aprovado",
  "pix-received": "PIX recebido",
  "card-refunded": "Estorno no cartão",
  chargeback: "Contestação (chargeback)",
  "refund-requested": "Devolução PIX pedida ao PSP",
  "refund-sent": "Reembolso enviado",
  "refund-failed": "Devolução PIX não realizada",
  notice: "Aviso do provedor",
};

export const moneyStateLabels: Record<MoneyState, string> = {
  applied: "Aplicado",
  waiting: "A resolver",
  refunded: "Devolvido",
  noted: "Registrado",
};

/** Why a money event waits for staff: each reason in words staff act on. */
export const waitingReasons = {
  unknownReference: (reference: string) =>
    reference
      ? `A referência ${reference} não corresponde a nenhum pedido ou cobrança.`
      : "O pagamento não cita nenhuma referência de pedido ou cobrança.",
  wrongAmount: (paid: string, expected: string) =>
    `Valor pago (${paid}) diferente do esperado (${expected}).`,
  wrongCurrency: (currency: string) => `Pagamento em ${currency}, não em reais.`,
  orderClosed: (state: string) => `O pedido já está "${state}": o pagamento não foi aplicado.`,
  receivedAfterDeadline: "O dinheiro chegou depois do prazo do pedido.",
  spotTaken: "O dinheiro chegou no prazo, mas a vaga do pedido já foi ocupada.",
  chargeClosed: (state: string) => `A cobrança já está "${state}": o pagamento não foi aplicado.`,
  subscriptionOver: (state: string) =>
    `A assinatura já está "${state}": um pagamento não a reativa.`,
  notNextCycle: "A cobrança não é a do próximo ciclo da assinatura.",
  ambiguous: "O valor corresponde a mais de um pedido ou cobrança: escolha a qual aplicar.",
  wrongAmountQuoted: "O pagamento cita um pedido, mas com outro valor.",
} as const;

export const paymentsAdminCopy = {
  metaTitle: "Pagamentos a resolver | Admin",
  title: "Pagamentos a resolver",
  intro:
    "Dinheiro recebido que não foi aplicado a nenhum pedido ou cobrança. Aplique-o a um pedido (reativando-o se a vaga ainda estiver livre) ou devolva-o.",
  empty: "Nenhum pagamento a resolver.",
  table: "Pagamentos a resolver",
  columns: {
    receivedAt: "Recebido em",
    source: "Origem",
    kind: "Tipo",
    amount: "Valor",
    reference: "Referência",
    reason: "Motivo",
    actions: "Ações",
  },
  applyTo: "Aplicar ao pedido (código AFX…)",
  apply: "Aplicar",
  refundTo: "Devolver para",
  refundPix: "Chave PIX",
  refundCard: "O cartão usado no pagamento",
  pixKey: "Chave PIX de destino",
  refundReference: "Comprovante da devolução",
  confirm: "Confirmo que o dinheiro foi devolvido",
  refund: "Registrar devolução",
  applied: "Pagamento aplicado.",
  refunded: "Devolução registrada.",
  errorTitle: "Não foi possível resolver o pagamento",
  notFound: "Pagamento não encontrado.",
  notWaiting: "Este pagamento não está mais a resolver.",
  targetNotFound: "Nenhum pedido ou cobrança com este código.",
  invalidReference: "Informe o código do pedido (AFX e 10 caracteres).",
  invalidPixKey: "Informe a chave PIX para onde devolver.",
  invalidRefundReference: "Informe o comprovante da devolução (até 200 caracteres).",
  mustConfirm: "Confirme que o dinheiro foi devolvido.",
  staffMail: {
    subject: "Pagamento a resolver",
    intro: "Chegou dinheiro que não foi aplicado a nenhum pedido ou cobrança:",
    count: (count: string) => `Entradas novas: ${count}.`,
    action: "Abrir Pagamentos a resolver",
  },
} as const;

export const refundCopy = {
  byPix: (key: string) => `PIX para a chave ${key}`,
  byCard: "estorno no cartão usado no pagamento",
  whatAll:
    "tudo o que foi pago (primeiro mês e configuração incluídos), dentro dos 7 dias de garantia",
  whatPart: "o valor combinado com a equipe",
  auditReason: (amount: string, how: string) => `reembolso de ${amount} (${how}):`,
  amountTooLarge: (paid: string) =>
    `Informe o valor do reembolso, de R$ 0,00 até o total pago (${paid}).`,
  switchOff: "reembolso: desligar o agente",
  email: {
    subject: "Reembolso enviado",
    preview: "Seu reembolso foi enviado e a assinatura foi encerrada.",
    body: (robot: string) =>
      `Enviamos o reembolso da assinatura do ${robot}, que foi encerrada; o agente será desligado na VPS e os dados de acesso à sua conta de trading foram apagados.`,
    amount: (amount: string, what: string) => `Valor: ${amount}, referente a ${what}.`,
    how: (how: string) => `Como: ${how}.`,
    when: (when: string) => `Quando: ${when}.`,
  },
} as const;

export const robotSwitchCopy = {
  activated: "VPS configurada: ligar o agente pela primeira vez",
  reactivated: "assinatura reativada: ligar o agente",
  suspended: "assinatura suspensa: desligar o agente",
  ended: "assinatura encerrada: desligar o agente",
  cancelledNow: "assinatura cancelada sem ciclo pago em curso: desligar o agente",
  erased: "dados apagados pelo cliente: desligar o agente",
} as const;

export const refundRequestCopy = {
  fromAccount: "pedido na área do cliente",
  erasedPerson: "cliente com dados apagados",
  staffMail: {
    subject: (robot: string) => `Reembolso pedido: ${robot}`,
    preview: "Um cliente pediu o reembolso da garantia de 7 dias.",
    button: "Abrir o reembolso",
    body: (name: string, email: string, robot: string, why: string) =>
      `${name} (${email}) pediu o reembolso da assinatura do ${robot} (${why}).`,
    when: (when: string, lastDay: string) =>
      `Pedido em ${when}; a garantia de 7 dias (CDC art. 49) vai até ${lastDay} e cobre tudo o que foi pago, configuração incluída.`,
  },
} as const;

export const erasureCopy = {
  auditReason: "dados apagados pelo cliente em Meus dados: assinatura encerrada",
  refundWhy: "assinatura encerrada ao apagar os dados, dentro da garantia",
} as const;

export const robotSwitchesPageCopy = {
  metaTitle: "Ligar e desligar robôs | Admin",
  tab: "Ligar/desligar",
  loading: "Carregando robôs a ligar e desligar...",
  title: "Ligar e desligar robôs",
  intro:
    "Cada mudança que decide se um agente deve operar aparece aqui: ativação, reativação, suspensão, fim da assinatura, reembolso e dados apagados pelo cliente. Marque a linha depois de ligar ou desligar o agente na VPS do cliente.",
  toSwitchOn: "Robôs a ligar",
  toSwitchOff: "Robôs a desligar",
  emptyOn: "Nenhum agente a ligar.",
  emptyOff: "Nenhum agente a desligar.",
  since: (when: string) => `desde ${when}`,
  erasedPerson: "dados do cliente apagados",
  account: (account: string, server: string, platform: string) =>
    `Conta ${account} · ${server} · ${platform}`,
  markOn: "Marcar como ligado",
  markOff: "Marcar como desligado",
  done: "Linha concluída.",
  notFound: "Esta linha já foi concluída ou não existe.",
  errorTitle: "Não foi possível concluir a linha",
} as const;

export const refundPageCopy = {
  metaTitle: "Reembolso | Admin",
  title: (robot: string, reference: string) => `Reembolso: ${robot} (${reference})`,
  intro:
    'O reembolso encerra a assinatura, anula as cobranças em aberto, libera a vaga, apaga a senha de trading guardada, põe o agente em "Robôs a desligar" e avisa o cliente por e-mail.',
  person: (name: string) => `Cliente: ${name}`,
  paid: (amount: string) => `Total pago até agora: ${amount}.`,
  withinGuarantee: (amount: string) =>
    `Dentro dos 7 dias da garantia (CDC art. 49): o reembolso cobre tudo o que foi pago, configuração incluída: ${amount}.`,
  afterGuarantee: "Fora dos 7 dias da garantia: informe o valor combinado, até o total pago.",
  notRefundable: (state: string) => `Este pedido não pode ser reembolsado: está "${state}".`,
  destination: "Para onde enviar o dinheiro",
  destinationPix: "PIX para uma chave",
  destinationCard: "Estorno no cartão usado no pagamento",
  pixKey: "Chave PIX",
  reference: "Comprovante do envio",
  amount: "Valor do reembolso (R$)",
  confirm: "Confirmo o envio do reembolso ao cliente",
  submit: "Enviar reembolso",
  done: (amount: string) => `Reembolso de ${amount} registrado; o cliente foi avisado.`,
  back: "Voltar para os pedidos",
  invalid: "Revise os campos do reembolso.",
  invalidDestination: "Escolha para onde enviar o dinheiro.",
  pixKeyRequired: "Informe a chave PIX para onde enviar.",
  mustConfirm: "Confirme o envio do reembolso.",
  invalidAmount: "Informe o valor em reais, por exemplo 259,90.",
  notFound: "Pedido não encontrado.",
} as const;

/** Refunds through the API Pix (devolucao), as the ledger and /admin/pagamentos read them. */
export const pixRefundCopy = {
  requested: (endToEndId: string) => `Devolução do PIX ${endToEndId} pedida ao PSP.`,
  done: (endToEndId: string) => `PIX ${endToEndId} devolvido ao pagador.`,
  failed: (endToEndId: string, reason: string) =>
    `Devolução do PIX ${endToEndId} não realizada: ${reason}`,
  noReason: "o PSP não informou o motivo.",
  unknownAtPsp: "o PSP não conhece esta devolução",
  refused: (problem: string) => `o PSP recusou a devolução (${problem}).`,
  title: "Devoluções pela API Pix",
  intro:
    "Reembolsos devolvidos pelo PSP à conta que pagou. Uma devolução não realizada precisa ser feita à mão (transferência para a pessoa).",
  empty: "Nenhuma devolução pela API Pix.",
  columns: {
    requestedAt: "Pedida em",
    order: "Pedido",
    amount: "Valor",
    state: "Situação",
  },
  states: {
    requested: "Pedida ao PSP",
    done: "Devolvida",
    failed: "Não realizada",
  } as Record<PixRefundState, string>,
  byPsp: (amount: string) => `${amount} devolvidos pela API Pix à conta que pagou`,
} as const;

// Pix Automático: what the PSP shows the payer, and the customer area's block and form
// (docs/decisions/355-357).

export const mandateCopy = {
  /** The recurrence's object at the payer's bank (at most 35 characters). */
  object: (robotName: string) => `Assinatura ${robotName}`.slice(0, 35),
  /** The charge's note at the payer's bank (at most 140 characters). */
  chargeInfo: (robotName: string, cycle: number) =>
    `Agentes FX: assinatura ${robotName}, ciclo ${cycle}`.slice(0, 140),
} as const;

export const mandatePanelCopy = {
  title: "Pix Automático",
  offer:
    "Autorize uma vez no app do seu banco e cada renovação é debitada sozinha no vencimento, no valor em reais do dia. Você pode cancelar quando quiser, aqui ou no seu banco.",
  ceiling: (amount: string) =>
    `Teto da autorização: ${amount} por mês. Uma renovação acima dele é cobrada como hoje, por PIX ou cartão.`,
  payerCpf: (cpf: string) =>
    `A autorização sai no CPF ${cpf}, o cadastrado acima para as mensalidades; para usar outro, altere-o acima.`,
  cpfFirst:
    "Para autorizar, cadastre acima o CPF do titular da conta que vai pagar (o Pix Automático pede um CPF).",
  authorise: "Autorizar Pix Automático",
  awaiting:
    "Leia o QR Code abaixo no app do seu banco (ou use o copia e cola) e confirme a autorização.",
  /** Asked for with the first payment, which is paid: the bank's answer is on its way. */
  awaitingBank: "Aguardando a resposta do seu banco sobre a autorização.",
  approved: "Ativo: as renovações são debitadas automaticamente no vencimento.",
  cancelling: "Cancelamento da autorização solicitado ao banco.",
  cancelledByPayer:
    "A autorização foi cancelada no seu banco. As renovações voltam a ser cobradas por PIX ou cartão; você pode autorizar de novo.",
  cancelledByUs: "Autorização encerrada com a assinatura.",
  rejected: "A autorização foi recusada no banco. Você pode tentar de novo.",
  expired: "A autorização não foi confirmada a tempo. Você pode tentar de novo.",
  created: "Autorização criada. Confirme no app do seu banco.",
  exists: "Esta assinatura já tem uma autorização Pix Automático.",
  notAllowed: "O Pix Automático não está disponível para esta assinatura.",
  unavailable: "Não conseguimos falar com o banco agora. Tente de novo em alguns minutos.",
  refused: "O banco recusou a autorização. Confira o CPF e tente de novo.",
  noRate: "A cotação do dólar de hoje ainda não está disponível. Tente de novo mais tarde.",
  stateLabel: "Situação",
  states: {
    "awaiting-payer": "Aguardando sua confirmação no banco",
    approved: "Ativo",
    rejected: "Recusado no banco",
    expired: "Expirado",
    cancelled: "Cancelado",
  },
  debitOn: (date: string) => `Próximo débito automático: ${date}.`,
  qrAlt: "QR code da autorização Pix Automático",
} as const;

/**
 * The order page's offer to pay the first month and authorise the renewals in one QR
 * (Jornada 3, docs/decisions/480).
 */
export const firstPaymentMandateCopy = {
  title: "Pagar e já autorizar o Pix Automático",
  offer:
    "Pague o primeiro mês e autorize as renovações mensais num só QR Code: o seu banco paga este pedido agora e, a cada mês, debita a renovação sozinho no vencimento, no valor em reais do dia. Você pode cancelar quando quiser, em Minha conta ou no seu banco.",
  cpfLabel: "CPF do titular da conta que vai pagar",
  cpfHelp: "O Pix Automático é autorizado no CPF de quem paga; a autorização sai no seu nome.",
  submit: "Gerar QR Code com Pix Automático",
  invalidCpf: "Informe um CPF válido (11 dígitos), o do titular da conta que vai pagar.",
  created: "QR Code com Pix Automático gerado. Pague com ele no app do seu banco.",
  exists: "Este pedido já tem um QR Code com Pix Automático.",
  notAllowed: "O Pix Automático não está disponível para este pedido. Pague com o QR Code abaixo.",
  unavailable:
    "Não conseguimos falar com o banco agora. Pague com o QR Code abaixo ou tente de novo em alguns minutos.",
  refused: "O banco recusou a autorização. Confira o CPF ou pague com o QR Code abaixo.",
  awaiting:
    "Leia este QR Code no app do seu banco (ou use o copia e cola): ele paga o primeiro mês e pede a autorização do Pix Automático. O banco mostra as duas coisas antes de você confirmar.",
  qrAlt: (amount: string) => `QR code PIX de ${amount} com a autorização do Pix Automático`,
  rejected:
    "A autorização do Pix Automático foi recusada no banco. Pague o pedido com o QR Code abaixo; depois você pode autorizar em Minha conta.",
  expired:
    "A autorização do Pix Automático não foi confirmada. Pague o pedido com o QR Code abaixo; depois você pode autorizar em Minha conta.",
  cancelled: "A autorização do Pix Automático foi cancelada. Pague o pedido com o QR Code abaixo.",
} as const;

/** The e-mails when the payer ends a mandate at their bank (docs/decisions/416). */
export const mandateEndedCopy = {
  customer: {
    subject: "Pix Automático encerrado no seu banco",
    preview: "As próximas renovações chegam como cobrança PIX com vencimento.",
    button: "Ver em Minha conta",
    cancelled: (robot: string) =>
      `A autorização Pix Automático da assinatura do ${robot} foi cancelada no seu banco: as renovações não serão mais debitadas sozinhas.`,
    rejected: (robot: string) =>
      `A autorização Pix Automático da assinatura do ${robot} foi recusada no seu banco: as renovações não serão debitadas sozinhas.`,
    next: "A partir de agora, cada renovação chega por e-mail como uma cobrança PIX com vencimento, com o código para pagar; a assinatura continua como está.",
    again: "Se quiser voltar ao débito automático, autorize de novo em Minha conta.",
  },
  staff: {
    subject: (robot: string) => `Pix Automático encerrado pelo pagador: ${robot}`,
    preview: "Um cliente cancelou ou recusou a autorização no banco.",
    button: "Ver assinaturas",
    body: (name: string, email: string, robot: string, how: string) =>
      `${name} (${email}), assinatura do ${robot}: a autorização Pix Automático foi ${how} no banco do pagador.`,
    reason: (reason: string) => `Motivo informado pelo banco: ${reason}.`,
    next: "As renovações passam a ser cobradas por PIX com vencimento (cobv); nada mais a fazer, salvo se o cliente pedir ajuda.",
    how: { cancelled: "cancelada", rejected: "recusada" },
  },
} as const;

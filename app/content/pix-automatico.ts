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

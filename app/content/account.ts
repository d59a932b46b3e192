// Issue 24: the customer area (/minha-conta), its link e-mail and the payment receipts.
import { greetingFor } from "./greeting.ts";
import { guaranteeText } from "./subscriptions.ts";

export const accountCopy = {
  metaTitle: "Minha conta | Agentes FX",
  title: "Minha conta",
  intro:
    "Digite o e-mail da sua assinatura. Se ele tiver uma assinatura, enviaremos um link para ver suas cobranças e recibos, pagar, cancelar ou pedir o reembolso. O link vale por 1 hora e funciona uma vez.",
  emailLabel: "Seu e-mail",
  button: "Enviar link",
  sent: "Pronto. Se este e-mail tiver uma assinatura, você receberá o link em alguns minutos.",
  invalidEmail: "Digite um e-mail válido.",
  rateLimited: "Muitos pedidos seguidos. Aguarde um minuto e tente de novo.",
  unavailable: "Não foi possível atender agora. Tente de novo em instantes.",
  openTitle: "Abrir minha conta",
  openText:
    "Use o botão abaixo para abrir sua conta. O link funciona uma vez; depois dele você terá 1 hora para usar sua conta neste navegador.",
  openButton: "Abrir minha conta",
  notFoundTitle: "Link inválido",
  notFoundText: "Este link não existe. Peça um novo em Minha conta.",
  goneTitle: "Link expirado ou já usado",
  goneText: "Este link já foi usado ou passou do prazo de 1 hora. Peça um novo em Minha conta.",
  sessionTitle: "Acesso expirado",
  sessionText:
    "Seu acesso a Minha conta terminou ou não foi aberto neste navegador. Peça um novo link.",
  myDataLink: "Ver, baixar ou apagar meus dados pessoais (Meus dados)",
  invalidRequest: "Pedido inválido.",
  none: "—",
  email: {
    subject: "Seu link para Minha conta",
    preview: "Suas assinaturas, cobranças e recibos na Agentes FX.",
    greeting: "Olá!",
    body: "Você pediu para abrir sua conta na Agentes FX. Use o botão abaixo; o link vale por 1 hora e funciona uma vez.",
    button: "Abrir minha conta",
    ignore: "Se não foi você, ignore esta mensagem: ninguém abre sua conta sem este link.",
  },
} as const;

export const accountPanelCopy = {
  greeting: (name: string) => `Olá, ${name}`,
  noSubscriptions: "Você ainda não tem assinaturas. Quando pagar um pedido, ela aparece aqui.",
  subscriptionTitle: (robot: string) => `Assinatura do ${robot}`,
  status: "Situação",
  currentCycle: "Ciclo atual",
  cycleText: (number: number, from: string, to: string) => `${number}º mês, de ${from} a ${to}`,
  nextDue: "Próximo vencimento",
  nextAmount: "Valor do próximo ciclo",
  amountWithBrl: (usd: string, brl: string) => `${usd} (${brl})`,
  amountAtTodayRate: (usd: string, brl: string) =>
    `${usd} (cerca de ${brl} à cotação de hoje; o valor em reais é fixado na cobrança)`,
  amountAtDayRate: (usd: string) => `${usd}, em reais à cotação do dia da cobrança`,
  noNextCharge: "Nenhuma nova cobrança será emitida.",
  openChargeTitle: "Pagar a cobrança em aberto",
  openChargeText: (cycle: number, due: string, brl: string) =>
    `Cobrança do ${cycle}º mês, vencimento em ${due}: ${brl}.`,
  chargeReference: "Código da cobrança",
  payCard: "Pagar com cartão",
  payCardHelp: "Abre a página de pagamento do Mercado Pago (cartão de crédito ou PIX).",
  cardUnavailable:
    "Não foi possível abrir o pagamento com cartão agora. Tente de novo em instantes ou pague por PIX.",
  historyTitle: "Cobranças e pagamentos",
  historyCaption: (robot: string) => `Cobranças e pagamentos do ${robot}`,
  historyColumns: {
    cycle: "Mês",
    period: "Período",
    amount: "Valor",
    state: "Situação",
    paid: "Pago em",
    receipt: "Recibo",
  },
  period: (from: string, to: string) => `${from} a ${to}`,
  receiptLink: "Ver recibo",
  /** Read after "Ver recibo" by screen readers, so each link says which month. */
  receiptOf: (cycle: number) => ` do ${cycle}º mês`,
  setupTitle: "Implantação do agente",
  accountTitle: "Conta na corretora e contato",
  accountText:
    "Corrija aqui o número da conta, o servidor, a plataforma ou seu WhatsApp. Ao mudar a conta, nossa equipe configura a VPS de novo. Para mudar o e-mail, escreva para nós.",
  accountSave: "Salvar dados da conta",
  accountSaved: "Seus dados da conta foram salvos.",
  payerDocumentTitle: "CPF ou CNPJ para as mensalidades por PIX",
  payerDocumentText:
    "A cobrança PIX com vencimento de cada mensalidade sai no nome de quem paga, como o Banco Central exige. Informe o CPF ou o CNPJ do pagador; um CPF serve também para autorizar o Pix Automático.",
  payerDocumentLabel: "CPF ou CNPJ",
  payerDocumentCurrent: (document: string) => `Cadastrado: ${document}.`,
  payerDocumentSave: "Salvar CPF ou CNPJ",
  payerDocumentSaved:
    "CPF ou CNPJ salvo. A próxima mensalidade sai como cobrança PIX com vencimento.",
  payerDocumentInvalid:
    "Informe um CPF (11 dígitos) ou CNPJ (14 caracteres) válido, com ou sem pontuação.",
  dueChargeText: (due: string) =>
    `Cobrança PIX com vencimento em ${due}: o pagamento é confirmado automaticamente.`,
  fixFields: "Corrija os campos indicados.",
  cancelTitle: "Cancelar a assinatura",
  cancelText:
    "Você pode cancelar quando quiser, sem multa: o agente continua operando até o fim do ciclo pago e nenhuma nova cobrança é emitida.",
  cancelConfirm: "Quero cancelar esta assinatura.",
  cancelButton: "Cancelar assinatura",
  cancelNeedsConfirm: "Marque a confirmação para cancelar.",
  cancelled: (day: string) =>
    `Cancelamento confirmado: o serviço continua até ${day}. Enviamos a confirmação por e-mail.`,
  cancelledNow:
    "Cancelamento confirmado: a assinatura foi encerrada. Enviamos a confirmação por e-mail.",
  refundTitle: "Garantia de 7 dias",
  guarantee: guaranteeText,
  refundUntil: (day: string) => `Você pode pedir o reembolso até ${day}.`,
  refundButton: "Pedir reembolso do primeiro mês",
  refundRequested:
    "Pedido de reembolso registrado. Nossa equipe devolve o valor do primeiro mês e a assinatura é encerrada.",
  refundPending: "Reembolso pedido: nossa equipe vai registrá-lo em breve.",
  refundOver: (day: string) => `O prazo da garantia terminou em ${day}.`,
} as const;

export const receiptCopy = {
  metaTitle: "Recibo | Agentes FX",
  title: "Recibo de pagamento",
  print: "Para guardar, use Imprimir do navegador (Ctrl+P) e salve em PDF.",
  issuer: "Emitido por",
  siteName: "Agentes FX",
  fields: {
    payer: "Pagador",
    email: "E-mail",
    service: "Serviço",
    period: "Período",
    amount: "Valor pago",
    amountUsd: "Valor em dólar",
    rate: "Câmbio usado",
    method: "Forma de pagamento",
    paymentReference: "Identificação do pagamento",
    reference: "Código da cobrança",
    paidAt: "Pago em",
  },
  service: (robot: string, cycle: number) => `Assinatura mensal do agente ${robot} (${cycle}º mês)`,
  back: "Voltar para Minha conta",
  /** The receipt e-mailed for every payment: its lines are the receipt's own fields. */
  email: {
    subject: "Recibo de pagamento",
    preview: "O recibo do seu pagamento na Agentes FX.",
    greeting: greetingFor,
    body: "Recebemos seu pagamento. Este é o seu recibo:",
    line: (label: string, value: string) => `${label}: ${value}`,
    button: "Ver recibo para imprimir",
    printable:
      "Em Minha conta o recibo abre pronto para imprimir ou salvar em PDF; guarde também este e-mail.",
  },
  notFoundTitle: "Recibo não encontrado",
  notFoundText: "Este recibo não existe ou não é de um pagamento seu.",
} as const;

// Issue 23: the person's order page, the admin's /admin/pedidos and /admin/implantacao.
import { greetingFor } from "./greeting.ts";
import type { OrderState, PaymentMethod, SetupState } from "../features/orders/model.ts";

export const orderStateLabels: Record<OrderState, string> = {
  "awaiting-payment": "Aguardando pagamento",
  paid: "Pago",
  expired: "Expirado",
  cancelled: "Cancelado",
  refunded: "Reembolsado",
};

/** The empty first option of a required payment-method select (W3C: a placeholder option). */
export const paymentMethodPlaceholder = "Escolha a forma de pagamento";

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  pix: "PIX",
  transfer: "Transferência bancária",
  card: "Cartão de crédito (Visa, Mastercard)",
  paypal: "PayPal",
  crypto: "Cripto (Bitcoin, USDT)",
};

export const setupStateLabels: Record<SetupState, string> = {
  "awaiting-form": "Aguardando dados da conta",
  "awaiting-vps": "Configurando a VPS",
  "vps-ready": "VPS configurada",
  running: "Agente em operação",
};

/** What the invitation link shows once its order is paid or past its deadline (decision 343). */
export const invitationOrderStatusCopy = {
  title: (robot: string) => `Seu pedido: ${robot}`,
  reference: "Pedido",
  state: "Situação",
  paid: "Pagamento confirmado. Para enviar os dados da sua conta e acompanhar a configuração do agente, use o link de configuração que enviamos por e-mail ou entre em Minha conta.",
  closed:
    "Este pedido não aceita mais pagamento. Se você já pagou, entre em Minha conta ou responda ao e-mail do pedido: nenhum pagamento fica sem resposta.",
  account: "Entrar em Minha conta",
};

export const orderPageCopy = {
  metaTitle: "Seu pedido | Agentes FX",
  title: (robot: string) => `Seu pedido: ${robot}`,
  reference: "Código do pedido",
  steps: ["Pedido", "Pagamento", "Configuração", "Em operação"] as const,
  currentStep: "etapa atual",
  doneStep: "concluída",
  amountsTitle: "Valores do primeiro mês",
  monthlyPrice: "Preço mensal",
  partnerDiscount: "Desconto da corretora parceira (25%)",
  earlyDiscount: (percent: string, months: number) =>
    `Desconto da lista de espera (${percent}, por ${months} ${months === 1 ? "mês" : "meses"})`,
  totalUsd: "Total em dólares",
  totalBrl: "Total a pagar em reais",
  rate: (rate: string, date: string) => `Câmbio de R$ ${rate} por US$ 1, definido em ${date}.`,
  ratePtax: (rate: string, day: string) =>
    `Câmbio de R$ ${rate} por US$ 1: PTAX de venda do Banco Central de ${day}.`,
  rateOverride: (rate: string, date: string, reason: string) =>
    `Câmbio de R$ ${rate} por US$ 1, definido pela equipe em ${date} no lugar da PTAX: ${reason}.`,
  usdReference: "O preço em dólares é a referência; o valor em reais usa o câmbio acima.",
  noRateYet:
    "O valor em reais ainda não foi definido. Enviaremos por e-mail assim que estiver disponível.",
  onRequest: "Preço sob consulta: enviaremos o valor por e-mail.",
  deadlineLabel: "Pague até",
  timeLeft: (hours: number, minutes: number) =>
    `Faltam ${hours} ${hours === 1 ? "hora" : "horas"} e ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
  deadlineExplained:
    "A vaga fica reservada até o prazo do convite: 48 horas para confirmar e efetuar o pagamento.",
  methodsTitle: "Formas de pagamento",
  pixTitle: "PIX",
  pixCopyLabel: "PIX copia e cola",
  pixHelp:
    "Abra o app do seu banco, escolha PIX copia e cola (ou leia o QR code) e confira o valor e o código do pedido.",
  pixQrAlt: (amount: string) => `QR code PIX de ${amount}`,
  pixValidUntil: (deadline: string) => `Código e QR code válidos até ${deadline}.`,
  pixSelectHint: "Toque no código para selecioná-lo inteiro e copie-o.",
  pixCopyButton: "Copiar código PIX",
  pixCopied: "Código PIX copiado. Cole-o no app do seu banco.",
  pixCopyFailed: "Não foi possível copiar: o código está selecionado, copie-o pelo seu aparelho.",
  pixUnavailable: "O PIX ainda não está disponível para este pedido.",
  transferTitle: "Transferência bancária",
  transferHelp: (reference: string) =>
    `Informe o código do pedido ${reference} na descrição da transferência.`,
  transferUnavailable: "Enviaremos os dados bancários por e-mail.",
  bank: {
    bank: "Banco",
    branch: "Agência",
    account: "Conta",
    holder: "Favorecido",
    document: "CNPJ",
  },
  cardTitle: "Cartão de crédito",
  cardButton: "Pagar com cartão",
  cardHelp: "Abre a página de pagamento do Mercado Pago.",
  cardUnavailable:
    "Não foi possível abrir o pagamento com cartão agora. Tente de novo em instantes ou pague por PIX.",
  cardMisconfigured:
    "Pagamento por cartão indisponível no momento. Pague por PIX ou transferência bancária.",
  linkTitleWithoutCard: "PayPal ou cripto",
  cardItem: (robot: string) => `Primeiro mês do agente ${robot}`,
  linkTitle: "Cartão, PayPal ou cripto",
  linkText: "enviaremos o link de pagamento por e-mail",
  linkButton: (method: string) => `Quero pagar com ${method}`,
  linkRequested: (method: string) =>
    `Pedido recebido: enviaremos o link de pagamento por e-mail (${method}).`,
  linkRefused: "Escolha uma das formas de pagamento da lista.",
  linkSent: (method: string, date: string) =>
    `Link de pagamento (${method}) enviado por e-mail em ${date}. Confira sua caixa de entrada e o spam.`,
  paidTitle: "Pagamento confirmado",
  paidText:
    "Recebemos seu pagamento. O próximo passo é a configuração: enviamos por e-mail o link do formulário com os dados da sua conta na corretora.",
  expiredTitle: "Prazo encerrado",
  expiredText:
    "O prazo de pagamento terminou e a vaga foi liberada para a próxima pessoa da lista de espera. Se você pagou, responda ao nosso e-mail: resolvemos com você.",
  cancelledTitle: "Pedido cancelado",
  cancelledText: "Este pedido foi cancelado. Em caso de dúvida, responda ao nosso e-mail.",
  refundedTitle: "Pedido reembolsado",
  refundedText: "O valor deste pedido foi reembolsado.",
  setupTitle: "Configuração",
  setupStates: {
    "awaiting-form": "Aguardando os dados da sua conta na corretora (link enviado por e-mail).",
    "awaiting-vps": "Recebemos seus dados: nossa equipe configura a VPS em 2 a 4 horas úteis.",
    "vps-ready": "VPS configurada. Falta ligar o agente na sua conta.",
    running: "Seu agente está em operação.",
  } satisfies Record<SetupState, string>,
} as const;

export const ordersAdminCopy = {
  tab: "Pedidos",
  loading: "Carregando pedidos...",
  title: "Pedidos",
  filterState: "Situação",
  allStates: "Todas",
  filterLinks: "Só quem pediu link de pagamento",
  filter: "Filtrar",
  empty: "Nenhum pedido nesta situação.",
  columns: {
    reference: "Pedido",
    person: "Pessoa",
    robot: "Agente",
    amount: "Valor",
    state: "Situação",
    deadline: "Prazo",
  },
  erasedPerson: "(dados apagados)",
  timeLeft: (hours: number, minutes: number) => `${hours} h ${minutes} min restantes`,
  overdue: "prazo vencido",
  linkRequested: (method: string) => `Pediu link: ${method}`,
  linkSentBadge: (by: string, date: string) => `Link enviado por ${by} em ${date}`,
  markLinkSent: "Link de pagamento enviado",
  markLinkSentHelp: "Registre depois de enviar o link de pagamento por e-mail à pessoa.",
  linkNotRequested: "Este pedido não pediu link de pagamento ou não está aguardando pagamento.",
  noAmount: "sem valor em reais",
  markPaid: "Marcar como pago",
  method: "Forma de pagamento",
  paymentReference: "Referência (ex.: ID da transação)",
  note: "Observação (opcional)",
  cancel: "Cancelar pedido",
  refund: "Reembolsar",
  reason: "Motivo",
  history: "Histórico",
  rateTitle: "Câmbio (R$ por US$)",
  rateCurrent: (rate: string, by: string, date: string) =>
    `Atual: R$ ${rate}, definido por ${by} em ${date}.`,
  rateNone: "Nenhum câmbio definido: pedidos ficam sem valor em reais até você definir um.",
  rateLabel: "Novo câmbio",
  rateSave: "Salvar câmbio",
  rateReason: "Motivo (obrigatório quando há PTAX)",
  rateReasonMissing: "Informe o motivo para substituir a PTAX do Banco Central.",
  ratePtaxCurrent: (rate: string, day: string) =>
    `Atual: R$ ${rate}, PTAX de venda do Banco Central de ${day}, obtida automaticamente.`,
  rateOverride: (reason: string) => `Substituição da equipe: ${reason}.`,
  rateInvalid: "Informe o câmbio como um número, por exemplo 5,43.",
  rateOutOfRange: "O câmbio deve estar entre R$ 1,00 e R$ 20,00 por dólar.",
  earlyTitle: "Desconto da lista de espera",
  earlyHelp:
    "Percentual e número de meses por agente. Sem desconto definido, o site não promete nenhum valor.",
  earlyPercent: "Desconto (%)",
  earlyMonths: "Meses",
  earlySave: "Salvar desconto",
  earlyClear: "Remover desconto",
  earlyNone: "sem desconto",
  earlyInvalidPercent: "Informe um desconto entre 0,01% e 100%.",
  earlyInvalidMonths: "Informe um número de meses entre 1 e 120.",
  importTitle: "Importar extrato (OFX ou CSV)",
  importHelp:
    "O extrato do banco em OFX ou CSV, até 5 MB. Mostramos as correspondências propostas antes de aplicar.",
  importFile: "Arquivo do extrato",
  importSend: "Ver correspondências",
  importErrors: {
    empty: "O arquivo está vazio.",
    "too-large": "O arquivo passa de 5 MB.",
    encoding: "O arquivo não está na codificação que declara (UTF-8 ou Latin-1).",
    malformed: "O arquivo está malformado: não foi possível ler o extrato.",
    malformedAt: (line: number) =>
      `O arquivo está malformado na linha ${line}: não foi possível ler o extrato. Nada foi importado.`,
    "duplicate-fitid": (fitId: string, line: number) =>
      `O extrato repete a transação ${fitId} (FITID) na linha ${line}: um crédito não pode pagar dois pedidos. Peça ao banco um novo arquivo; nada foi importado.`,
    currency: (currency: string) =>
      `Este extrato está em ${currency}: só importamos extratos em reais (BRL). Nada foi importado.`,
    "several-accounts":
      "Este arquivo traz extratos de mais de uma conta: exporte um arquivo só da conta que recebe os pagamentos.",
    "credit-card":
      "Este é um extrato de cartão de crédito: importe o extrato da conta corrente que recebe os pagamentos.",
    "unknown-format": "Formato não reconhecido: envie o extrato em OFX ou CSV.",
    "csv-columns": "O CSV precisa das colunas Data e Valor.",
    "other-account": "Este extrato é de outra conta bancária.",
    missing: "Escolha o arquivo do extrato.",
  },
  previewTitle: "Correspondências propostas",
  previewApply: "Aplicar pagamentos",
  previewNothing: "Nada a aplicar neste extrato.",
  previewApplied: (by: string, date: string) => `Aplicado por ${by} em ${date}.`,
  credit: "Crédito",
  matchKinds: {
    known: "Já importado antes",
    reference: "Pelo código do pedido",
    amount: "Pelo valor e data",
    ambiguous: "Ambíguo: confira à mão",
    unmatched: "Sem pedido correspondente",
    "not-payable": "Pedido não está aguardando pagamento",
    "wrong-amount": "Código do pedido com valor diferente",
  },
  appliedText: (paid: number) =>
    `${paid} ${paid === 1 ? "pedido pago" : "pedidos pagos"} pelo extrato.`,
  savedTitle: "Salvo!",
  savedText: "A alteração foi registrada.",
  errorTitle: "Erro",
  notFound: "Pedido não encontrado.",
  invalidRequest: "Pedido inválido.",
  alreadyPaid: "Este pedido já está pago.",
  notPayable: (state: string) => `Este pedido não pode ser pago: está ${state.toLowerCase()}.`,
  wrongState: (state: string) => `Não é possível: o pedido está ${state.toLowerCase()}.`,
  referenceRequired: "Informe a referência do pagamento.",
  reasonRequired: "Informe o motivo.",
  alreadyApplied: "Este extrato já foi aplicado.",
} as const;

export const setupFormCopy = {
  title: "Dados para a configuração",
  intro:
    "Para configurar a VPS e ligar o agente, precisamos dos dados da sua conta na corretora parceira. A conta também comprova o desconto de 25%.",
  accountNumber: "Número da conta de trading",
  brokerServer: "Servidor da corretora",
  brokerServerHelp: "Aparece no MetaTrader ao entrar na conta (ex.: Corretora-Live3).",
  platform: "Plataforma",
  whatsapp: "Celular com WhatsApp",
  whatsappHelp: "Com DDD, por exemplo (11) 91234-5678.",
  credential: "Senha de acesso da conta de trading",
  credentialHelp:
    "Guardada criptografada, vista só pela equipe que configura a VPS e apagada quando o agente entra em operação.",
  noCredential: "Nossa equipe combinará pelo WhatsApp como acessar a conta.",
  submit: "Enviar dados",
  sent: "Dados recebidos! Nossa equipe configura a VPS em 2 a 4 horas úteis.",
  errors: {
    accountNumber: "Informe o número da conta (só números, de 4 a 20 dígitos).",
    brokerServer: "Informe o servidor da corretora (até 100 caracteres).",
    platform: "Escolha MT4 ou MT5.",
    whatsapp: "Informe um celular com DDD (10 a 13 dígitos).",
    credential: "A senha pode ter até 200 caracteres.",
    gone: "Estes dados já foram enviados ou o pedido não está pago.",
  },
} as const;

export const setupAdminCopy = {
  tab: "Implantação",
  loading: "Carregando implantação...",
  title: "Fila de implantação",
  promise: "Prazo prometido: 2 a 4 horas úteis (seg. a sex., 9h às 18h, sem feriados nacionais).",
  empty: "Nenhuma implantação em andamento.",
  waitingForm: "Aguardando o formulário do cliente",
  elapsed: (hours: number, minutes: number) => `${hours} h ${minutes} min úteis desde o envio`,
  overdue: "Atrasado: passou de 4 horas úteis",
  dueSoon: "Passou de 2 horas úteis",
  account: "Conta",
  server: "Servidor",
  platform: "Plataforma",
  whatsapp: "WhatsApp",
  reveal: "Ver credencial (uma vez)",
  revealed: (secret: string) => `Credencial: ${secret}`,
  revealedBefore: "A credencial já foi exibida uma vez; peça outra ao cliente se precisar.",
  noCredentialStored: "Nenhuma credencial guardada.",
  vpsReady: "VPS configurada",
  running: "Agente em operação",
  savedTitle: "Salvo!",
  savedText: "A etapa foi registrada.",
  errorTitle: "Erro",
  wrongState: "Esta etapa não se aplica ao estado atual da implantação.",
  notFound: "Implantação não encontrada.",
  keyMissing: "SETUP_CREDENTIAL_KEY não está configurada ou não abre esta credencial.",
  invalidRequest: "Pedido inválido.",
} as const;

/** The order's e-mails (docs/decisions/180-182): to the person, and to staff. */
export const orderEmailCopy = {
  greeting: greetingFor,
  created: {
    subject: "Seu pedido: instruções de pagamento",
    preview: "Sua vaga está confirmada. Veja como pagar até o prazo.",
    button: "Ver meu pedido",
    body: (robot: string, reference: string) =>
      `Sua vaga no ${robot} está confirmada. Código do pedido: ${reference}.`,
    amountUsd: (amount: string) =>
      `Total do primeiro mês: ${amount} (o preço em dólares é a referência).`,
    amountBrl: (amount: string, rate: string) =>
      `A pagar em reais: ${amount} (câmbio de R$ ${rate} por US$ 1).`,
    noAmountBrl:
      "O valor em reais ainda não foi definido: ele aparecerá na página do pedido e enviaremos por e-mail.",
    deadline: (deadline: string) =>
      `Pague até ${deadline}: a vaga fica reservada até o prazo do convite (48 horas para confirmar e efetuar o pagamento).`,
    pix: (code: string) => `PIX copia e cola: ${code}`,
    otherMethods:
      "Transferência bancária, cartão, PayPal ou cripto: escolha na página do pedido. Depois do pagamento, nossa equipe configura a VPS em 2 a 4 horas úteis.",
  },
  reminder: {
    subject: "Faltam 12 horas para o prazo de pagamento",
    preview: "Sua vaga está reservada até o prazo. Depois dele, ela passa para a próxima pessoa.",
    button: "Ver meu pedido",
    body: (robot: string, reference: string) =>
      `Ainda não recebemos o pagamento do pedido ${reference} (${robot}).`,
    deadline: (deadline: string) =>
      `Pague até ${deadline}. Depois do prazo, a vaga passa para a próxima pessoa da lista de espera.`,
    amountBrl: (amount: string) => `Valor em reais: ${amount}.`,
    alreadyPaid: "Se você já pagou, responda a este e-mail com o comprovante.",
  },
  paid: {
    subject: "Pagamento recebido: envie os dados da sua conta",
    preview: "Recebemos seu pagamento. Falta um passo para configurarmos a VPS.",
    button: "Preencher os dados da conta",
    ignore: "O link funciona uma vez, por 30 dias. Se expirar, responda a este e-mail.",
    body: (robot: string, reference: string) =>
      `Recebemos o pagamento do pedido ${reference} (${robot}).`,
    amount: (amount: string) => `Valor recebido: ${amount}.`,
    next: "Próximo passo: informe o número e o servidor da sua conta na corretora parceira, a plataforma (MT4 ou MT5) e um celular com WhatsApp. Depois disso, nossa equipe configura a VPS em 2 a 4 horas úteis.",
  },
  expired: {
    subject: "Prazo de pagamento encerrado",
    preview: "A vaga foi liberada para a próxima pessoa da lista de espera.",
    body: (robot: string, reference: string) =>
      `O prazo de pagamento do pedido ${reference} (${robot}) terminou sem a confirmação do pagamento, e a vaga foi liberada para a próxima pessoa da lista de espera.`,
    paidAnyway: "Se você pagou, responda a este e-mail com o comprovante: resolvemos com você.",
    // Decision 091 (amended): an expired invitation puts the person back in the robot's queue.
    waitlist:
      "Você continua na fila de espera deste agente, no seu lugar pela data de inscrição: avisaremos por e-mail quando abrir outra vaga.",
  },
  vpsReady: {
    subject: "Sua VPS está configurada",
    preview: "A VPS está pronta. Falta ligar o agente na sua conta.",
    body: (robot: string) =>
      `A VPS do ${robot} está configurada. O próximo passo é ligar o agente na sua conta; avisaremos por e-mail quando ele estiver em operação.`,
  },
  running: {
    subject: "Seu agente está em operação",
    preview: "O agente já está operando na sua conta.",
    body: (robot: string) => `O ${robot} está em operação na sua conta.`,
    credential:
      "Se você nos passou a senha da conta, ela foi apagada dos nossos sistemas; recomendamos trocá-la no MetaTrader.",
  },
  staffAccepted: {
    subject: (reference: string, robot: string) => `Vaga aceita: ${reference} (${robot})`,
    preview: "Um convite foi aceito e o pedido aguarda pagamento.",
    button: "Abrir pedidos",
    greeting: "Equipe,",
    body: (name: string, email: string, robot: string) =>
      `${name} (${email}) aceitou o convite do ${robot}.`,
    amounts: (usd: string, brl: string) => `Valor: ${usd} / ${brl}.`,
    deadline: (deadline: string) => `Prazo de pagamento: ${deadline}.`,
  },
  staffPaid: {
    subject: (reference: string, robot: string) => `Pagamento recebido: ${reference} (${robot})`,
    preview: "Um pedido foi pago e a configuração começa.",
    button: "Abrir implantação",
    greeting: "Equipe,",
    body: (name: string, email: string, robot: string) =>
      `${name} (${email}) pagou o pedido do ${robot}.`,
    payment: (amount: string, method: string, reference: string) =>
      `Pagamento: ${amount} por ${method} (referência ${reference}).`,
  },
  staffLinkRequested: {
    subject: (reference: string, method: string) =>
      `Link de pagamento pedido: ${reference} (${method})`,
    preview: "Um cliente pediu um link de pagamento.",
    button: "Abrir pedidos",
    greeting: "Equipe,",
    body: (name: string, email: string, robot: string, method: string) =>
      `${name} (${email}) pediu um link de pagamento por ${method} para o pedido do ${robot}.`,
    amounts: (usd: string, brl: string) => `Valor: ${usd} / ${brl}.`,
    deadline: (deadline: string) => `Envie o link antes do prazo de pagamento: ${deadline}.`,
  },
  staffSetupSubmitted: {
    subject: (reference: string, robot: string) =>
      `Dados de configuração recebidos: ${reference} (${robot})`,
    preview: "Um cliente enviou os dados da conta: a VPS tem de 2 a 4 horas úteis.",
    button: "Abrir implantação",
    greeting: "Equipe,",
    body: (name: string, robot: string) => `${name} enviou os dados da conta para o ${robot}.`,
    account: (account: string, server: string, platform: string) =>
      `Conta ${account}, servidor ${server}, ${platform}.`,
    promise: "Prometemos a VPS configurada em 2 a 4 horas úteis a partir de agora.",
  },
  staffSetupOverdue: {
    subject: (reference: string, robot: string) => `Implantação atrasada: ${reference} (${robot})`,
    preview: "Uma VPS passou das 4 horas úteis prometidas.",
    button: "Abrir implantação",
    greeting: "Equipe,",
    body: (name: string, robot: string, submittedAt: string) =>
      `A VPS do ${robot} de ${name} ainda não foi configurada: os dados chegaram em ${submittedAt}.`,
    promise: "O prazo prometido de 4 horas úteis já passou.",
  },
  /** Where no figure exists (robot "Sob consulta", no rate set yet). */
  none: "a definir",
} as const;

/** The e-mailed setup link, /configurar/:token (docs/decisions/183). */
export const setupLinkCopy = {
  sentTitle: "Dados recebidos!",
  sentText:
    "Nossa equipe configura a VPS em 2 a 4 horas úteis e avisa por e-mail a cada etapa. Este link não abre mais o formulário.",
  goneTitle: "Link já usado ou expirado",
  goneText:
    "Este link de configuração já foi usado ou passou de 30 dias. Se ainda precisar enviar os dados, responda ao e-mail do pagamento.",
  notFoundTitle: "Link não encontrado",
  notFoundText:
    "Este link de configuração não existe ou foi copiado incompleto. Confira o endereço no e-mail que enviamos.",
  homeLink: "Voltar para a página inicial",
} as const;

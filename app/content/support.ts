// Portuguese copy of support (issue 39): the server's answers to the support form, the
// panel's conversations, the due time promised, the e-mails of a conversation and the admin
// inbox. The form's own labels are in `support-form.ts`, the only support copy /contato
// loads (decision 460). Subjects are built only from this text and our references, never
// from what a customer typed.
import { businessHoursText } from "./support-form.ts";

const weekdays = [
  "domingo",
  "segunda-feira",
  "terça-feira",
  "quarta-feira",
  "quinta-feira",
  "sexta-feira",
  "sábado",
] as const;

export const supportDueCopy = {
  today: (time: string) => `hoje, ${time}`,
  tomorrow: (time: string) => `amanhã, ${time}`,
  weekday: (day: string, time: string) => `${day}, ${time}`,
  date: (date: string, time: string) => `${date}, ${time}`,
  weekdays,
  promise: (when: string) => `Respondemos até ${when}.`,
} as const;

/** What the server answers a support form's post, on /contato and in the panel. */
export const supportAnswerCopy = {
  sent: (reference: string, promise: string) =>
    `Recebemos sua mensagem (conversa ${reference}). ${promise} A resposta chega por e-mail; para continuar a conversa, basta responder a ela.`,
  fixFields: "Corrija os campos indicados.",
  rateLimited: "Muitas mensagens seguidas. Aguarde um minuto e tente de novo.",
  unavailable:
    "Não foi possível enviar agora. Tente de novo em instantes; seu texto continua aqui.",
} as const;

/** The panel's WhatsApp links and list of the person's conversations, under the form. */
export const supportPanelCopy = {
  whatsappLabel: "Prefere o WhatsApp?",
  whatsappLink: "Abrir conversa no WhatsApp",
  whatsappText: (robot: string, reference: string) =>
    `Olá! Preciso de ajuda com a minha assinatura do ${robot} (pedido ${reference}).`,
  openTitle: "Suas conversas com o suporte",
  openLine: (reference: string, date: string) => `Conversa ${reference}, aberta em ${date}`,
  answered: "Respondida: veja a resposta no seu e-mail.",
  late: "Nossa resposta passou do prazo; a equipe já foi avisada e responde o quanto antes.",
  closed: "Encerrada.",
  openLink: (reference: string) => `Ver a conversa ${reference}`,
} as const;

/** /minha-conta/suporte/:reference: one of the person's conversations, as they read it. */
export const supportConversationCopy = {
  metaTitle: "Conversa com o suporte | Agentes FX",
  title: (reference: string) => `Conversa ${reference}`,
  openedOn: (date: string) => `Aberta em ${date}.`,
  you: "Você",
  staff: "Equipe Agentes FX",
  filesTitle: "Arquivos",
  fileKept: (name: string, size: string) => `${name} (${size})`,
  fileRefused: (name: string, reason: string) => `${name}: não aceito, ${reason}`,
  replyByEmail: "Para responder, responda ao último e-mail desta conversa ou escreva para",
  replyByPanel: "Para escrever de novo, use o formulário de suporte do seu painel.",
  back: "Voltar ao painel",
  notFoundTitle: "Conversa não encontrada",
  notFoundText: "Não encontramos esta conversa entre as suas.",
} as const;

export const supportFieldErrors = {
  name: "Digite seu nome (até 120 caracteres).",
  email: "Digite um e-mail válido.",
  message: "Escreva sua mensagem (até 4.000 caracteres).",
  subscription: "Escolha uma das suas assinaturas.",
} as const;

const footerReply =
  "Para continuar esta conversa, responda a este e-mail: sua resposta chega à nossa equipe.";

/** Why a file of a customer's e-mail was not kept (decision 426), for staff and customer. */
export const attachmentRefusalCopy = {
  type: "tipo de arquivo não aceito (aceitamos PDF, PNG, JPEG e TXT)",
  content: "o conteúdo não corresponde ao tipo indicado no nome do arquivo",
  size: "maior que 2 MB",
  "per-message": "mais de 3 arquivos na mesma mensagem",
  "per-conversation": "a conversa já tem 15 arquivos",
} as const;

export const supportEmailCopy = {
  received: {
    subject: (reference: string) => `Recebemos sua mensagem (conversa ${reference})`,
    preview: "Sua mensagem chegou à equipe de suporte da Agentes FX.",
    greeting: "Olá!",
    body: (reference: string, promise: string) =>
      `Recebemos sua mensagem de suporte (conversa ${reference}). ${promise} ${businessHoursText}`,
    yourMessage: "Sua mensagem:",
    footerReply,
  },
  reply: {
    subject: (reference: string) => `Resposta do suporte (conversa ${reference})`,
    preview: "A equipe de suporte da Agentes FX respondeu.",
    greeting: "Olá!",
    intro: (reference: string) => `Resposta da equipe de suporte na conversa ${reference}:`,
    footerReply,
  },
  staffNotice: {
    subject: (reference: string) => `Nova mensagem de suporte (conversa ${reference})`,
    preview: "Uma mensagem de cliente espera resposta.",
    greeting: "Olá, equipe!",
    body: (reference: string, due: string) =>
      `A conversa ${reference} recebeu uma mensagem de cliente. Primeira resposta devida: ${due}.`,
    button: "Abrir a caixa de suporte",
  },
  filesRefused: {
    subject: (reference: string) => `Arquivos não recebidos (conversa ${reference})`,
    preview: "Alguns arquivos da sua mensagem não foram aceitos.",
    greeting: "Olá!",
    intro: (reference: string) =>
      `Sua mensagem chegou à conversa ${reference}, mas estes arquivos não foram aceitos:`,
    file: (name: string, reason: string) => `${name}: ${reason}.`,
    rules:
      "Aceitamos PDF, PNG, JPEG e TXT, até 2 MB cada e 3 por mensagem. Se precisar, responda a este e-mail com o arquivo em um desses formatos.",
  },
  staffOverdue: {
    subject: (reference: string) => `Prazo de resposta vencido (conversa ${reference})`,
    preview: "Uma conversa de suporte passou do prazo da primeira resposta.",
    greeting: "Olá, equipe!",
    body: (reference: string, due: string) =>
      `A conversa ${reference} passou do prazo da primeira resposta (${due}) sem resposta da equipe. O cliente vê que a resposta está atrasada.`,
    button: "Responder agora",
  },
} as const;

export const supportAdminCopy = {
  tab: "Suporte",
  loading: "Carregando conversas...",
  title: "Suporte",
  tableLabel: "Conversas de suporte",
  intro:
    "Conversas de clientes, pela Minha conta, pelo /contato ou por e-mail. A primeira resposta é devida em 4 horas úteis (9h-18h, dias úteis).",
  filterOpen: "Abertas",
  filterClosed: "Encerradas",
  empty: "Nenhuma conversa aqui.",
  columns: {
    reference: "Conversa",
    customer: "Cliente",
    subscription: "Assinatura",
    due: "Primeira resposta",
    last: "Última mensagem",
    state: "Situação",
  },
  overdue: "Prazo vencido",
  overdueNotified: "equipe avisada por e-mail",
  dueBy: (date: string) => `até ${date}`,
  answeredAt: (date: string) => `respondida em ${date}`,
  awaitingStaff: "Aguardando a equipe",
  awaitingCustomer: "Aguardando o cliente",
  closedState: "Encerrada",
  origins: {
    account: "Minha conta (cliente identificado)",
    contact: "Formulário /contato (e-mail informado, não verificado)",
    email: "E-mail (remetente informado, não verificado)",
  },
  noSubscription: "Sem assinatura",
  open: "Abrir",
  conversationTitle: (reference: string) => `Conversa ${reference}`,
  back: "Voltar para as conversas",
  origin: "Origem",
  replyAddress: "Endereço de resposta",
  customer: "Cliente",
  customerMessage: "Cliente",
  staffMessage: (email: string) => `Equipe (${email})`,
  viaEmail: "por e-mail",
  otherSender: (address: string) => `enviado de outro endereço: ${address}`,
  attachmentsTitle: "Arquivos",
  attachmentKept: (name: string, size: string) => `${name} (${size})`,
  attachmentRefused: (name: string, reason: string) => `${name}: não aceito, ${reason}`,
  replyLabel: "Responder ao cliente (vai por e-mail)",
  replyButton: "Enviar resposta",
  replied: "Resposta enviada ao cliente por e-mail.",
  replyInvalid: "Escreva a resposta (até 4.000 caracteres).",
  close: "Encerrar conversa",
  reopen: "Reabrir conversa",
  closedNotice: "Conversa encerrada.",
  reopenedNotice: "Conversa reaberta.",
  notFound: "Conversa não encontrada.",
  attachmentNotFound: "Arquivo não encontrado.",
  invalidRequest: "Pedido inválido.",
} as const;

// Portuguese copy of the e-mails and the confirmation pages. Subject lines are
// built only from this text, never from what a visitor typed (no header injection).
import { greetingFor } from "./greeting.ts";
export const emailCopy = {
  brand: "Agentes FX",
  footerContact: "Dúvidas? Escreva para",
  // Every message's Reply-To reaches staff: the support inbox, or the contact mailbox
  // (docs/decisions/385).
  footerAutomatic:
    "Pode responder a este e-mail: nossa equipe lê as respostas e responde em horário comercial.",
  unsubscribe: "Não quer mais receber estas mensagens? Descadastre-se com um clique:",
  confirmSignup: {
    subject: "Confirme sua inscrição",
    preview: "Falta um passo para entrar na lista de espera VIP.",
    greetingWithName: greetingFor,
    body: "Recebemos sua inscrição na lista de espera VIP da Agentes FX. Para confirmar que este e-mail é seu, use o botão abaixo. O link vale por 7 dias e funciona uma vez.",
    button: "Confirmar inscrição",
    ignore: "Se não foi você, ignore esta mensagem: sem a confirmação, não enviaremos mais nada.",
  },
  confirmSignupReminder: {
    subject: "Lembrete: confirme sua inscrição",
    preview: "Sua inscrição na lista de espera VIP ainda não foi confirmada.",
    greeting: greetingFor,
    body: (days: string) =>
      `Você se inscreveu na lista de espera VIP da Agentes FX, mas ainda não confirmou este e-mail. Sem a confirmação, não podemos avisar quando abrir uma vaga, e a inscrição é apagada ${days} dias depois de feita. O link vale por 7 dias e funciona uma vez.`,
    button: "Confirmar inscrição",
    ignore: "Se não foi você, ignore esta mensagem: este é o único lembrete.",
  },
  alreadyListed: {
    subject: "Seus dados na Agentes FX",
    preview: "Alguém tentou inscrever este e-mail de novo.",
    greeting: "Olá!",
    body: "Recebemos uma nova inscrição na lista de espera VIP com este e-mail, que já está na lista. Nada foi alterado. Para ver, corrigir, exportar ou apagar seus dados, acesse Meus dados.",
    button: "Abrir Meus dados",
    ignore: "Se não foi você, ignore esta mensagem: seus dados continuam como estavam.",
  },
} as const;

const homeLink = "Voltar para a página inicial";

export const confirmPageCopy = {
  metaTitle: "Confirmar inscrição | Agentes FX",
  title: "Confirme sua inscrição",
  text: "Use o botão abaixo para confirmar seu e-mail na lista de espera VIP.",
  button: "Confirmar inscrição",
  doneTitle: "Inscrição confirmada",
  doneText: "Obrigado! Seu e-mail está confirmado e você receberá as novidades da lista VIP.",
  notFoundTitle: "Link inválido",
  notFoundText:
    "Este link de confirmação não existe ou foi digitado incompleto. Confira o endereço no e-mail que enviamos.",
  goneTitle: "Link expirado ou já usado",
  goneText:
    "Este link de confirmação já foi usado ou passou do prazo de 7 dias. Se você já confirmou, não precisa fazer mais nada.",
  homeLink,
  expiredText:
    "Este link de confirmação passou do prazo de 7 dias. Peça um novo link abaixo; ele chega ao e-mail da inscrição.",
  resendButton: "Reenviar confirmação",
  resentTitle: "Novo link enviado",
  resentText:
    "Enviamos um novo link de confirmação para o e-mail da inscrição. Ele vale por 7 dias.",
  throttledTitle: "Muitos pedidos",
  throttledText:
    "Já enviamos vários links de confirmação hoje para este e-mail. Procure-os na caixa de entrada (e no spam) ou tente amanhã.",
} as const;

export const mailboxCopy = {
  metaTitle: "E-mails | Admin Agentes FX",
  title: "E-mails",
  counts: { queued: "Na fila", sent: "Enviados", failed: "Com falha" },
  failedTitle: "Mensagens com falha",
  noFailed: "Nenhuma mensagem com falha.",
  attempts: "Tentativas",
  lastError: "Último erro",
  resend: "Reenviar",
  resent: "Mensagem colocada na fila de novo.",
  notResent: "Esta mensagem não pode ser reenviada (já reenviada ou inscrição apagada).",
  invalidRequest: "Pedido inválido.",
  mailboxTitle: "Caixa local (sem SMTP_URL)",
  mailboxEmpty: "Nenhuma mensagem na caixa local.",
  search: "Buscar por destinatário ou assunto",
  searchButton: "Buscar",
  clearSearch: "Limpar busca",
  noResults: "Nenhuma mensagem encontrada com esta busca.",
  searchTooLong: "Busca longa demais: use no máximo 200 caracteres.",
  invalidPage: "Página inválida. Volte para a primeira página.",
  pagination: "Páginas da caixa local",
  nextPage: "Próxima página",
  firstPage: "Primeira página",
  to: "Para",
  htmlPreview: "Ver HTML",
  textPreview: "Ver texto",
  open: "Abrir com links válidos",
  openedTitle: "Mensagem aberta",
  openedNote:
    "Links novos, que funcionam como os do e-mail. Abrir a mensagem de novo invalida estes. Cada abertura fica registrada com quem abriu.",
  openedLinks: "Links da mensagem",
  noLiveLinks: "Esta mensagem não tem links válidos (expirados, usados ou apagados).",
  notOpened:
    "Mensagem não encontrada, ou a caixa local está desligada porque o SMTP_URL está definido.",
  loading: "Carregando e-mails...",
} as const;

export const myDataCopy = {
  metaTitle: "Meus dados | Agentes FX",
  title: "Meus dados",
  intro:
    "Digite o e-mail que você usou na lista de espera. Se ele estiver na lista, enviaremos um link para ver, corrigir, baixar ou apagar seus dados. O link vale por 1 hora e funciona uma vez.",
  emailLabel: "Seu e-mail",
  button: "Enviar link",
  sent: "Pronto. Se este e-mail estiver na lista, você receberá o link em alguns minutos.",
  erased:
    "Seus dados foram apagados. Guardamos apenas um código do seu e-mail para nunca mais escrever para ele.",
  invalidEmail: "Digite um e-mail válido.",
  rateLimited: "Muitos pedidos seguidos. Aguarde um minuto e tente de novo.",
  unavailable: "Não foi possível atender agora. Tente de novo em instantes.",
  openTitle: "Abrir meus dados",
  openText:
    "Use o botão abaixo para abrir seus dados. O link funciona uma vez; depois dele você terá 1 hora para ver, corrigir, baixar ou apagar seus dados neste navegador.",
  openButton: "Abrir meus dados",
  dataTitle: "Seus dados",
  fields: {
    name: "Nome",
    email: "E-mail",
    interestedAgents: "Agentes de interesse",
    message: "Mensagem",
    termsAcceptedAt: "Termos aceitos em",
    marketingConsent: "Aceita contato de marketing",
    confirmedAt: "E-mail confirmado em",
    status: "Situação",
    createdAt: "Inscrito em",
    source: "Origem",
  },
  yes: "Sim",
  no: "Não",
  none: "—",
  download: "Baixar meus dados (JSON)",
  accountLink: "Assinaturas, cobranças e recibos: Minha conta",
  ordersTitle: "Seus pedidos",
  invitationsTitle: "Seus convites",
  invitationLine: (robot: string, status: string, date: string) =>
    `${robot}, convite de ${date}: ${status.toLowerCase()}`,
  historyTitle: "Histórico da sua situação",
  historyLine: (status: string, date: string) => `${date}: ${status}`,
  newsletterTitle: "Newsletter",
  newsletterNone: "Você não assina a newsletter.",
  newsletterPending: (date: string) => `Inscrição de ${date}, aguardando confirmação.`,
  newsletterActive: (date: string) => `Assinada desde ${date}.`,
  newsletterEnded: (date: string) => `Cancelada em ${date}.`,
  orderLine: (robot: string, reference: string, state: string, date: string) =>
    `${robot}, pedido ${reference} de ${date}: ${state.toLowerCase()}`,
  orderNotFoundTitle: "Pedido não encontrado",
  orderNotFoundText: "Este pedido não existe ou não é seu.",
  confirmEmailTitle: "E-mail ainda não confirmado",
  confirmEmailText:
    "Você abriu esta página por um link enviado a este e-mail, o que mostra que ele é seu. Confirme para entrar na fila dos agentes que escolheu.",
  confirmEmailButton: "Confirmar meu e-mail",
  emailConfirmed: "Seu e-mail foi confirmado.",
  correctTitle: "Corrigir nome e agentes",
  nameLabel: "Nome",
  agentsLegend: "Agentes de interesse",
  save: "Salvar correções",
  saved: "Seus dados foram corrigidos.",
  fixFields: "Corrija os campos indicados.",
  consentTitle: "Contato de marketing",
  consentGiven:
    "Você aceita receber contato por e-mail sobre os agentes, a lista de espera e novidades.",
  consentNotGiven: "Você não aceita contato de marketing por e-mail.",
  giveConsent: "Aceitar contato de marketing",
  withdrawConsent: "Retirar aceite de contato de marketing",
  consentSaved: "Sua escolha de contato de marketing foi registrada.",
  deleteTitle: "Apagar meus dados",
  deleteText:
    "Apaga agora seu nome, e-mail, agentes, mensagem e histórico. Não dá para desfazer. Você poderá se inscrever de novo depois, do zero.",
  deleteConfirm: "Entendo que meus dados serão apagados e isso não pode ser desfeito.",
  deleteButton: "Apagar meus dados",
  deleteNeedsConfirm: "Marque a confirmação para apagar seus dados.",
  // Erasure while subscribed (docs/decisions/348): what it ends, and the person's choice.
  subscribedText:
    "Você tem assinatura em andamento. Sem os dados da sua conta na corretora o agente não pode operar, então escolha como apagar:",
  subscribedLine: (robot: string, state: string, paidThrough: string) =>
    `${robot}: assinatura ${state}, paga até ${paidThrough}.`,
  subscribedStates: {
    active: "ativa",
    "past-due": "em atraso",
    suspended: "suspensa",
    cancelled: "cancelada",
  },
  subscribedGuarantee: (amount: string) =>
    `Dentro dos 7 dias da garantia (CDC art. 49): ao encerrar, você recebe de volta tudo o que pagou, configuração incluída (${amount}), pelo mesmo meio do pagamento.`,
  subscribedNoRefund:
    "Fora dos 7 dias da garantia: ao encerrar agora, o ciclo já pago não é reembolsado.",
  choiceLegend: "Como apagar",
  choiceKeep:
    "Manter só o que o contrato e a lei exigem (LGPD art. 16) e apagar o resto agora. A assinatura continua: guardamos seu nome, e-mail, pedidos e a conta da corretora em que o agente opera; o restante é apagado quando a assinatura terminar.",
  choiceEnd:
    "Encerrar a assinatura agora e apagar tudo. O agente é desligado, a vaga é liberada e seus dados são apagados.",
  choiceNeeded: "Escolha como apagar: manter o que o contrato exige ou encerrar a assinatura.",
  keptTitle: "Dados apagados, exceto o que o contrato exige",
  kept: "Apagamos o que não é necessário ao contrato e retiramos seu aceite de marketing. Sua assinatura continua; o restante será apagado quando ela terminar.",
  invalidRequest: "Pedido inválido.",
  notFoundTitle: "Link inválido",
  notFoundText: "Este link não existe. Peça um novo em Meus dados.",
  goneTitle: "Link expirado ou já usado",
  goneText: "Este link já foi usado ou passou do prazo de 1 hora. Peça um novo em Meus dados.",
  sessionTitle: "Acesso expirado",
  sessionText:
    "Seu acesso a Meus dados terminou ou não foi aberto neste navegador. Peça um novo link.",
  email: {
    subject: "Seu link para Meus dados",
    preview: "Veja, corrija, baixe ou apague seus dados na Agentes FX.",
    greeting: "Olá!",
    body: "Você pediu para ver seus dados na lista de espera da Agentes FX. Use o botão abaixo; o link vale por 1 hora e funciona uma vez.",
    button: "Ver meus dados",
    ignore: "Se não foi você, ignore esta mensagem: ninguém verá seus dados sem este link.",
  },
} as const;

export const unsubscribeCopy = {
  metaTitle: "Descadastrar | Agentes FX",
  title: "Não receber mais e-mails de marketing",
  text: "Use o botão abaixo para não receber mais nossas mensagens de marketing neste e-mail. Mensagens sobre sua inscrição (como confirmações) continuam.",
  button: "Descadastrar",
  doneTitle: "Descadastro feito",
  doneText: "Pronto: você não receberá mais nossas mensagens de marketing neste e-mail.",
  notFoundTitle: "Link inválido",
  notFoundText: "Este link de descadastro não existe. Confira o endereço no e-mail que enviamos.",
  homeLink,
} as const;

export const newsletterCopy = {
  metaTitle: "Newsletter | Agentes FX",
  title: "Newsletter",
  sent: "Pronto. Enviamos um e-mail para confirmar sua inscrição na newsletter.",
  invalidEmail: "Digite um e-mail válido.",
  rateLimited: "Muitos pedidos seguidos. Aguarde um minuto e tente de novo.",
  unavailable: "Não foi possível atender agora. Tente de novo em instantes.",
  confirmTitle: "Confirme sua inscrição na newsletter",
  confirmText: "Use o botão abaixo para confirmar este e-mail na newsletter da Agentes FX.",
  confirmButton: "Confirmar newsletter",
  doneTitle: "Newsletter confirmada",
  doneText: "Obrigado! Você receberá nossos novos artigos por e-mail.",
  notFoundTitle: "Link inválido",
  notFoundText:
    "Este link de confirmação não existe ou foi digitado incompleto. Confira o endereço no e-mail que enviamos.",
  goneTitle: "Link expirado ou já usado",
  goneText:
    "Este link já foi usado ou passou do prazo de 7 dias. Se quiser, inscreva-se de novo no blog.",
  blogLink: "Ir para o blog",
  confirmEmail: {
    subject: "Confirme sua inscrição na newsletter",
    preview: "Falta um passo para receber os artigos da Agentes FX.",
    greeting: "Olá!",
    body: "Recebemos um pedido para inscrever este e-mail na newsletter da Agentes FX. Para confirmar, use o botão abaixo. O link vale por 7 dias e funciona uma vez.",
    button: "Confirmar newsletter",
    ignore: "Se não foi você, ignore esta mensagem: sem a confirmação, não enviaremos nada.",
  },
  welcomeEmail: {
    subject: "Inscrição na newsletter confirmada",
    preview: "Você receberá os novos artigos da Agentes FX.",
    greeting: "Olá!",
    body: "Sua inscrição na newsletter da Agentes FX está confirmada. Enquanto o próximo artigo não chega, veja o que já publicamos no blog.",
    button: "Ler o blog",
    ignore: "Pode sair quando quiser pelo link abaixo.",
  },
} as const;

export const adminEntryEmailCopy = {
  title: "E-mail e privacidade",
  confirmedAt: "E-mail confirmado em",
  notConfirmed: "E-mail ainda não confirmado.",
  resend: "Reenviar confirmação",
  resentTitle: "Confirmação reenviada",
  resentText: "Um novo link de confirmação foi colocado na fila.",
  errorTitle: "Não foi possível reenviar",
  alreadyConfirmed: "Este e-mail já está confirmado.",
  throttled: "Já foram enviadas 3 confirmações nas últimas 24 horas para este e-mail.",
  eraseTitle: "Apagar inscrição",
  eraseText:
    "Apaga agora todos os dados desta pessoa (nome, e-mail, agentes, mensagem, históricos e mensagens). Guarda só um código do e-mail para nunca mais escrever para ele.",
  eraseConfirm: "Confirmo que esta pessoa pediu a exclusão e que isso não pode ser desfeito.",
  eraseButton: "Apagar dados desta pessoa",
  eraseNeedsConfirm: "Marque a confirmação para apagar.",
  invalidIntent: "Pedido inválido.",
} as const;

// Portuguese copy of the e-mails and the confirmation pages (issue 11). Subject lines are
// built only from this text, never from what a visitor typed (no header injection).
export const emailCopy = {
  brand: "Agentes FX",
  footerContact: "Dúvidas? Escreva para",
  footerAutomatic: "Esta é uma mensagem automática; as respostas não são lidas.",
  confirmSignup: {
    subject: "Confirme sua inscrição",
    preview: "Falta um passo para entrar na lista de espera VIP.",
    greeting: (name: string) => `Olá, ${name}!`,
    body: "Recebemos sua inscrição na lista de espera VIP da Agentes FX. Para confirmar que este e-mail é seu, use o botão abaixo. O link vale por 7 dias e funciona uma vez.",
    button: "Confirmar inscrição",
    ignore: "Se não foi você, ignore esta mensagem: sem a confirmação, não enviaremos mais nada.",
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
  homeLink: "Voltar para a página inicial",
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
  to: "Para",
  htmlPreview: "Ver HTML",
  textPreview: "Ver texto",
  backToAdmin: "Voltar ao painel",
} as const;

export const myDataCopy = {
  metaTitle: "Meus dados | Agentes FX",
  title: "Meus dados",
  intro:
    "Digite o e-mail que você usou na lista de espera. Se ele estiver na lista, enviaremos um link para ver e baixar seus dados, válido por 1 hora.",
  emailLabel: "Seu e-mail",
  button: "Enviar link",
  sent: "Pronto. Se este e-mail estiver na lista, você receberá o link em alguns minutos.",
  invalidEmail: "Digite um e-mail válido.",
  rateLimited: "Muitos pedidos seguidos. Aguarde um minuto e tente de novo.",
  unavailable: "Não foi possível atender agora. Tente de novo em instantes.",
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
  notFoundTitle: "Link inválido",
  notFoundText: "Este link não existe. Peça um novo em Meus dados.",
  goneTitle: "Link expirado",
  goneText: "Este link passou do prazo de 1 hora. Peça um novo em Meus dados.",
  email: {
    subject: "Seu link para Meus dados",
    preview: "Veja e baixe seus dados na Agentes FX.",
    greeting: "Olá!",
    body: "Você pediu para ver seus dados na lista de espera da Agentes FX. Use o botão abaixo; o link vale por 1 hora.",
    button: "Ver meus dados",
    ignore: "Se não foi você, ignore esta mensagem: ninguém verá seus dados sem este link.",
  },
} as const;

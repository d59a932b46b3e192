// Issue 12: the invitation e-mails, the invitee's page (/convite/:token) and the admin's
// /admin/convites section. Subjects name the robot (issue 25), on one line.
import { greetingFor } from "./greeting.ts";

/** docs/product.md section 9: the confirmation window after an invite. */
export const INVITATION_HOURS = 48;
/** The reminder goes this many hours before the deadline, if the invitation is still open. */
export const REMINDER_HOURS_BEFORE = 12;

export const invitationEmailCopy = {
  invitation: {
    subject: (robot: string) => `Sua vaga no ${robot}: confirme em 48 horas`,
    preview: "Abriu uma vaga para você. Confirme em até 48 horas.",
    greeting: greetingFor,
    body: (robot: string) =>
      `Abriu uma vaga para você no ${robot}. Ela fica reservada em seu nome por 48 horas.`,
    price: (price: string) => `Preço mensal: ${price}`,
    discounted: (price: string) =>
      `Com o desconto de 25% da corretora parceira: ${price} por mês, enquanto a conta na corretora estiver ativa.`,
    deadline: (deadline: string) => `Confirme até ${deadline}.`,
    button: "Ver meu convite",
    ignore:
      "Se não tiver mais interesse, use o mesmo link e escolha 'Não tenho mais interesse': a vaga fica livre para a próxima pessoa da lista.",
  },
  reminder: {
    subject: (robot: string) => `Faltam 12 horas para confirmar sua vaga no ${robot}`,
    preview: "Sua vaga reservada expira em 12 horas.",
    greeting: greetingFor,
    body: (robot: string) =>
      `Sua vaga no ${robot} continua reservada, mas o prazo para confirmar termina em 12 horas.`,
    deadline: (deadline: string) => `Confirme até ${deadline}.`,
    button: "Ver meu convite",
    ignore:
      "Depois do prazo, a vaga fica livre para a próxima pessoa da lista de espera, e você continua na fila.",
  },
  ended: {
    subject: (robot: string) => `Seu convite para o ${robot} terminou: você continua na fila`,
    preview: "Você continua na fila, no seu lugar pela data de inscrição.",
    greeting: greetingFor,
    expired: (robot: string) =>
      `O prazo de 48 horas do seu convite para o ${robot} terminou sem a confirmação.`,
    revoked: (robot: string) => `Nossa equipe cancelou seu convite para o ${robot}.`,
    queue: (robot: string) =>
      `Você continua na fila do ${robot}, no seu lugar pela data de inscrição. Quando abrir uma vaga para você, um novo convite chega por e-mail.`,
  },
  onRequest: "Sob consulta",
  /** "25/11/2026 às 14:30 (horário de Brasília)". */
  deadline: (date: string, time: string) => `${date} às ${time} (horário de Brasília)`,
} as const;

export const invitationPageCopy = {
  metaTitle: "Seu convite | Agentes FX",
  title: (robot: string) => `Sua vaga no ${robot}`,
  intro: "Abriu uma vaga para você. Ela fica reservada em seu nome até o prazo abaixo.",
  priceLabel: "Preço mensal",
  discountedLabel: "Com o desconto da corretora parceira",
  discountExplained:
    "O desconto de 25% vale para quem opera pela {corretora} e continua enquanto a conta na corretora estiver ativa.",
  deadlineLabel: "Confirme até",
  timeLeft: (hours: number, minutes: number) =>
    hours > 0 ? `Faltam ${hours} h ${minutes} min.` : `Faltam ${minutes} min.`,
  partnerBroker:
    "Vou operar pela corretora parceira (25% de desconto enquanto a conta estiver ativa).",
  accept: "Confirmar minha vaga",
  decline: "Não tenho mais interesse",
  // Issue 25: declining ends the invitation for good, so the page asks once more.
  declineConfirmTitle: "Tem certeza?",
  declineConfirmText:
    "Se confirmar, este convite é encerrado, você sai da fila deste agente e a vaga fica livre para a próxima pessoa da lista.",
  declineConfirm: "Sim, não tenho mais interesse",
  declineCancel: "Voltar ao convite",
  acceptedTitle: "Vaga confirmada!",
  acceptedText:
    "Enviamos um e-mail com os próximos passos: as instruções de pagamento e, depois dele, a configuração da VPS em 2 a 4 horas úteis.",
  declinedTitle: "Tudo certo",
  declinedText:
    "Registramos que você não tem mais interesse. A vaga fica livre para a próxima pessoa.",
  alreadyAcceptedTitle: "Convite já usado",
  alreadyAcceptedText: "Esta vaga já foi confirmada. Os próximos passos foram enviados por e-mail.",
  goneTitle: "Convite encerrado",
  goneText:
    "Este convite passou do prazo, foi recusado ou foi cancelado. Se passou do prazo ou foi cancelado, você continua na fila deste agente, no seu lugar pela data de inscrição, e um novo convite chega por e-mail quando abrir uma vaga para você.",
  fullTitle: "Vagas esgotadas",
  fullText:
    "As vagas deste agente acabaram de ser preenchidas. Seu convite continua aberto até o prazo: se uma vaga abrir, você poderá confirmar por este mesmo link.",
  notFoundTitle: "Convite não encontrado",
  notFoundText:
    "Este link de convite não existe ou foi copiado incompleto. Confira o endereço no e-mail que enviamos.",
  invalidRequest: "Pedido inválido.",
  homeLink: "Voltar para a página inicial",
} as const;

export const invitationsAdminCopy = {
  tab: "Convites",
  loading: "Carregando convites...",
  title: "Convites e vagas",
  capacity: "Vagas",
  unlimited: "Ilimitadas",
  taken: "Ocupadas",
  held: "Reservadas",
  free: "Livres",
  queueTitle: (count: number) => `Fila de espera (${count})`,
  queueEmpty: "Ninguém na fila: nenhuma pessoa com e-mail confirmado aguarda este agente.",
  queueHint:
    "E-mail confirmado, interesse neste agente, ainda sem convite para ele; inscrição mais antiga primeiro.",
  inviteCount: "Quantas pessoas",
  preview: "Ver quem será convidado",
  previewTitle: (count: number) =>
    count === 1 ? "Será convidada 1 pessoa:" : `Serão convidadas ${count} pessoas:`,
  inviteNext: "Convidar próximos",
  inviteNextLabel: (robot: string) => `Convidar próximos: ${robot}`,
  noFreeSpots: "Sem vagas livres para convidar.",
  autoInvite: "Convidar o próximo automaticamente",
  autoInviteHint: "Quando um convite expira ou é recusado, a próxima pessoa da fila é convidada.",
  saveAutoInvite: "Salvar",
  openTitle: "Convites abertos",
  noOpen: "Nenhum convite aberto.",
  revoke: "Revogar",
  revokeLabel: (email: string) => `Revogar o convite de ${email}`,
  // Issue 25: "Revogar" asks before it acts.
  revokeConfirmTitle: "Revogar este convite?",
  revokeConfirmText: (name: string, email: string) =>
    `O convite de ${name} (${email}) deixa de valer e a vaga é liberada. A pessoa volta para a fila deste agente.`,
  revokeConfirm: "Revogar convite",
  cancel: "Cancelar",
  confirmRequired: "Confirme a revogação antes de continuar.",
  deadline: "Prazo",
  invitedAt: "Enviado em",
  invitedTitle: "Convites enviados!",
  invitedText: "Os convites foram enviados por e-mail.",
  noneInvited: "Ninguém foi convidado: a fila mudou ou não há vagas livres.",
  revokedTitle: "Convite revogado",
  revokedText: "A vaga foi liberada.",
  savedTitle: "Configuração salva",
  savedText: "A configuração do agente foi salva.",
  errorTitle: "Erro nos convites",
  notFound: "Convite ou agente não encontrado.",
  noRate:
    "Ninguém foi convidado: ainda não há câmbio. A PTAX do Banco Central não foi obtida e a equipe não definiu um câmbio em Pedidos; sem ele o pedido ficaria sem valor em reais.",
  notOpen: "Este convite não está mais aberto.",
  invalidCount: "Quantas pessoas: escolha um número de 1 até as vagas livres.",
  invalidRequest: "Pedido inválido.",
  statusLabels: {
    sent: "Enviado",
    accepted: "Aceito",
    declined: "Recusado",
    expired: "Expirado",
    revoked: "Revogado",
  },
  entry: {
    title: "Convites",
    table: "Tabela de convites",
    none: "Nenhum convite enviado.",
    robot: "Agente",
    status: "Situação",
    sentAt: "Enviado em",
    deadline: "Prazo",
    changedAt: "Alterado em",
    invitedBy: "Por",
    inviteTo: "Convidar para",
    invite: "Enviar convite",
    notConfirmed: "O e-mail desta pessoa ainda não foi confirmado: não é possível convidar.",
    invitedTitle: "Convite enviado!",
    invitedText: "O convite foi enviado por e-mail.",
    refused: {
      "not-confirmed": "O e-mail desta pessoa ainda não foi confirmado.",
      "already-invited": "Esta pessoa já tem um convite aberto ou aceito para este agente.",
      "no-free-spots": "Este agente não tem vagas livres.",
      "not-found": "Pessoa ou agente não encontrado.",
    },
  },
  /** Who changed a waitlist status when an invitation did it. */
  automaticActor: "automático",
} as const;

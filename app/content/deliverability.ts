// Portuguese copy of deliverability: refused sign-up addresses (more for the admin below).
export const addressCheckMessages = {
  disposable:
    "Este endereço é de um serviço de e-mail temporário. Use um e-mail que você acessa sempre.",
  undeliverable: "Este e-mail não pode receber mensagens. Confira o domínio depois do @.",
} as const;

/** /admin/entregabilidade: the suppression list and the reports waiting for staff. */
export const deliverabilityAdminCopy = {
  metaTitle: "Entregabilidade | Admin Agentes FX",
  title: "Entregabilidade",
  tab: "Entregabilidade",
  loading: "Carregando entregabilidade...",
  intro:
    "Endereços suprimidos não recebem campanhas nem newsletter; mensagens transacionais (confirmações, Meus dados, convites) continuam saindo.",
  suppressionsTitle: "Endereços suprimidos",
  noSuppressions: "Nenhum endereço suprimido.",
  reasons: {
    "hard-bounce": "Endereço inexistente (bounce permanente)",
    "soft-bounce": "Bounces temporários repetidos",
    complaint: "Marcou como spam",
  },
  since: "Desde",
  until: "Até",
  untilLifted: "até ser liberado",
  message: "Mensagem",
  detail: "Resposta do servidor",
  lift: "Liberar",
  lifted: "Supressão liberada.",
  notLifted: "Esta supressão já foi liberada.",
  liftedTitle: "Liberadas recentemente",
  liftedBy: "Liberada por",
  reviewTitle: "Relatórios para revisar",
  reviewIntro:
    "Relatórios que não conseguimos classificar ou que não citam uma mensagem nossa. Nada foi feito com eles.",
  noReview: "Nenhum relatório esperando revisão.",
  kinds: {
    "hard-bounce": "Bounce permanente",
    "soft-bounce": "Bounce temporário",
    complaint: "Reclamação (spam)",
    "auto-reply": "Resposta automática",
    unclassified: "Não classificado",
  },
  notOurs: "não cita mensagem nossa",
  received: "Recebido",
  raw: "Ver a mensagem recebida",
  markReviewed: "Marcar como revisado",
  reviewed: "Relatório marcado como revisado.",
  notReviewed: "Este relatório já foi revisado.",
  invalidRequest: "Pedido inválido.",
} as const;

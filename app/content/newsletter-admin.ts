// /admin/assinantes: the newsletter's subscribers for staff.
export const subscribersAdminCopy = {
  metaTitle: "Assinantes da newsletter | Admin Agentes FX",
  title: "Assinantes da newsletter",
  tab: "Assinantes",
  loading: "Carregando assinantes...",
  counts: {
    active: "Confirmados",
    pending: "Aguardando confirmação",
    unsubscribed: "Descadastrados",
  },
  searchLabel: "Buscar por e-mail",
  stateLabel: "Situação",
  states: {
    todos: "Todos",
    confirmados: "Confirmados",
    pendentes: "Aguardando confirmação",
    descadastrados: "Descadastrados",
  },
  filter: "Filtrar",
  exportCsv: "Exportar CSV",
  showing: (shown: number, total: number) =>
    shown < total
      ? `Mostrando os ${shown} mais recentes de ${total}. Refine a busca ou exporte o CSV.`
      : `${total} ${total === 1 ? "assinante" : "assinantes"}.`,
  empty: "Nenhum assinante encontrado.",
  subscribedAt: "Inscrito em",
  confirmedAt: "Confirmado em",
  unsubscribedAt: "Descadastrado em",
  erase: "Apagar",
  eraseConfirm: (email: string) =>
    `Apagar ${email} da newsletter? O endereço não receberá mais nada da newsletter.`,
  erased: "Assinante apagado.",
  notErased: "Este assinante já foi apagado.",
  invalidRequest: "Pedido inválido.",
  invalidFilter: "Filtro inválido.",
  csvFileName: "assinantes-newsletter.csv",
  csvColumns: ["E-mail", "Situação", "Inscrito em", "Confirmado em", "Descadastrado em"],
} as const;

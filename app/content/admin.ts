// Portuguese copy of the admin area (docs/product.md section 2 Admin and section 8), word for word
// where the spec gives the wording.
export const adminCopy = {
  pageTitle: "Área Administrativa | Agentes FX",
  heading: "Área Administrativa",
  signOut: "Sair",
  tabsLabel: "Seções da área administrativa",
  sessionExpired: "Sua sessão expirou. Entre novamente.",
  unknownAction: "Ação desconhecida.",
  close: "Fechar",
  discardChanges: "Fechar e descartar as alterações não salvas?",
} as const;

export const loginCopy = {
  heading: "Área Administrativa",
  description: "Entre com o email e a senha de administrador.",
  email: "Email",
  password: "Senha",
  submit: "Entrar",
  submitting: "Entrando...",
  successTitle: "Login realizado com sucesso!",
  successText: "Bem-vindo à área administrativa.",
  errorTitle: "Erro no login",
  invalidCredentials: "Email ou senha inválidos.",
  tooManyAttempts: (minutes: number) =>
    `Muitas tentativas de login. Tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
  failed: "Não foi possível entrar agora. Tente novamente.",
} as const;

/** A count, exact (docs/decisions/145), with pt-BR digit grouping. */
export function countText(count: number): string {
  return count.toLocaleString("pt-BR");
}

export const waitlistAdminCopy = {
  tab: "Lista de Espera",
  title: (count: number) =>
    `Lista de Espera (${countText(count)} ${count === 1 ? "pessoa" : "pessoas"})`,
  loading: "Carregando lista de espera...",
  empty: "Ninguém entrou na lista de espera ainda.",
  tableLabel: "Inscrições",
  columns: {
    name: "Nome",
    email: "Email",
    agents: "Agentes de Interesse",
    status: "Status",
    date: "Data",
    actions: "Ações",
  },
  noAgents: "Não especificado",
  // The spec names the statuses only in English; the badge shows them in Portuguese.
  statusLabels: {
    pending: "Pendente",
    contacted: "Contatado",
    converted: "Convertido",
  },
  markContacted: "Marcar como Contatado",
  markConverted: "Marcar como Convertido",
  successTitle: "Status atualizado!",
  successText: "O status foi alterado com sucesso.",
  errorTitle: "Erro ao atualizar",
  notFound: "Inscrição não encontrada na lista de espera.",
  invalidStatus: "Status inválido: escolha contatado ou convertido.",
} as const;

// The waitlist section's filters, pages, detail and bulk change (wording ours).
export const waitlistFilterCopy = {
  heading: "Filtros",
  search: "Buscar por nome ou email",
  status: "Status",
  agent: "Agente",
  from: "De",
  to: "Até",
  source: "Origem",
  medium: "Meio (utm_medium)",
  campaign: "Campanha (utm_campaign)",
  order: "Ordem",
  // Issue 11: whether the address was confirmed (double opt-in).
  confirmed: "E-mail confirmado",
  confirmedLabels: { sim: "Confirmado", nao: "Não confirmado" },
  invalidConfirmed: "Filtro de confirmação inválido.",
  orderLabels: { recentes: "Mais recentes primeiro", antigos: "Mais antigos primeiro" },
  any: "Todos",
  apply: "Filtrar",
  clear: "Limpar filtros",
  exportCsv: "Exportar CSV",
  // Issue 25: ";" is what Excel in Brazil opens by default; "," for other spreadsheets.
  exportCsvComma: "Exportar CSV (separado por vírgulas)",
  next: "Próxima página",
  previous: "Página anterior",
  first: "Primeira página",
  pagination: "Paginação",
  countsByStatus: "Por status",
  countsByAgent: "Por agente",
  noResults: "Nenhuma inscrição encontrada com estes filtros.",
  selectRow: (name: string) => `Selecionar ${name}`,
  selectAll: "Selecionar todos desta página",
  bulkLabel: "Alterar status dos selecionados",
  bulkApply: (count: number) =>
    `Aplicar a ${count} ${count === 1 ? "selecionado" : "selecionados"}`,
  bulkNone: "Selecione ao menos uma inscrição.",
  bulkTooMany: "Selecione no máximo 50 inscrições de uma vez.",
  // Issue 25: a change for everyone in the filter, after confirming how many.
  bulkWholeFilter: (count: number) =>
    `Aplicar a todas as ${count.toLocaleString("pt-BR")} ${count === 1 ? "pessoa" : "pessoas"} deste filtro`,
  bulkConfirmTitle: "Alterar o status de todo o filtro?",
  bulkConfirmText: (count: number, status: string) =>
    `${count.toLocaleString("pt-BR")} ${count === 1 ? "pessoa deste filtro será marcada" : "pessoas deste filtro serão marcadas"} como ${status}. Quem já está nesse status fica como está.`,
  bulkConfirm: (count: number) =>
    `Confirmar para ${count.toLocaleString("pt-BR")} ${count === 1 ? "pessoa" : "pessoas"}`,
  bulkFilterChanged: (count: number) =>
    `O filtro mudou: agora tem ${count.toLocaleString("pt-BR")} ${count === 1 ? "pessoa" : "pessoas"}. Nada foi alterado; confirme de novo.`,
  // Issue 25: invitations for the whole filter, limited by the robot's free spots and in its
  // queue's order (decision 255).
  // The number is counted when the dialog opens (decision 256).
  inviteWholeFilter: (robot: string) => `Convidar pessoas deste filtro para o ${robot}`,
  inviteCounting: (robot: string) =>
    `Contando as pessoas deste filtro na fila do ${robot} e as vagas livres…`,
  inviteNeedsOneAgent:
    "Convidar todo o filtro: escolha um agente no filtro. Cada robô tem as suas vagas e a sua fila, e este filtro inclui pessoas de vários.",
  inviteNoRobot: (agent: string) =>
    `Convidar todo o filtro: o ${agent} ainda não está cadastrado em Robôs.`,
  inviteNobody: (robot: string, free: number | null) =>
    free === 0
      ? `Convidar todo o filtro: o ${robot} não tem vagas livres.`
      : `Convidar todo o filtro: ninguém deste filtro está na fila do ${robot} (e-mail confirmado e sem convite aberto, aceito ou recusado).`,
  inviteConfirmTitle: "Convidar as pessoas deste filtro?",
  inviteConfirmText: (count: number, robot: string, waiting: number, free: number | null) =>
    `${count.toLocaleString("pt-BR")} ${count === 1 ? "pessoa deste filtro será convidada" : "pessoas deste filtro serão convidadas"} para o ${robot}, na ordem da fila (data de inscrição), cada uma com 48 horas para confirmar. Na fila deste filtro: ${waiting.toLocaleString("pt-BR")}; vagas livres: ${free === null ? "sem limite" : free.toLocaleString("pt-BR")}.`,
  inviteConfirm: (count: number) =>
    `Convidar ${count.toLocaleString("pt-BR")} ${count === 1 ? "pessoa" : "pessoas"}`,
  inviteFilterChanged: (count: number) =>
    `A fila ou as vagas mudaram: agora ${count === 0 ? "ninguém deste filtro pode ser convidado" : `${count.toLocaleString("pt-BR")} ${count === 1 ? "pessoa deste filtro pode ser convidada" : "pessoas deste filtro podem ser convidadas"}`}. Nenhum convite foi enviado; confirme de novo.`,
  inviteToast: {
    successTitle: "Convites enviados!",
    successText: "Cada pessoa recebe o convite por e-mail, com 48 horas para confirmar.",
    errorTitle: "Erro ao convidar",
  },
  inviteNoAgent: "Para convidar todo o filtro, filtre por um agente.",
  inviteRobotNotFound: "Agente não encontrado em Robôs.",
  cancel: "Cancelar",
  details: "Ver detalhes",
  detailsLabel: (name: string) => `Ver detalhes de ${name}`,
  invalidDate: "Data inválida: use o formato aaaa-mm-dd.",
  invalidPage: "Página inválida. Volte para a primeira página.",
  invalidStatus: "Status inválido no filtro.",
  invalidAgent: "Agente inválido no filtro.",
  invalidOrder: "Ordem inválida.",
  invalidSeparator: "Separador inválido: use ponto-e-virgula ou virgula.",
  searchTooLong: "Busca: no máximo 200 caracteres.",
  sourceTooLong: "Origem: no máximo 100 caracteres.",
  mediumTooLong: "Meio: no máximo 100 caracteres.",
  campaignTooLong: "Campanha: no máximo 100 caracteres.",
} as const;

// The summary above the list (wording ours).
export const waitlistSummaryCopy = {
  heading: (total: number, filtered: boolean) =>
    `Resumo: ${total.toLocaleString("pt-BR")} ${total === 1 ? "pessoa" : "pessoas"} ${filtered ? "neste filtro" : "na lista"}`,
  perPeriod: {
    day: "Inscrições por dia",
    week: "Inscrições por semana",
    month: "Inscrições por mês",
  },
  periodRange: (from: string, to: string) => `${from} a ${to}`,
  chartTable: "Ver os números",
  chartColumns: { start: "Início", n: "Inscrições" },
  byStatus: "Por status",
  byAgent: "Por agente (uma pessoa pode escolher vários)",
  bySource: "Por origem",
  noSource: "Sem origem",
  otherSources: "Outras origens",
  figure: (count: number, share: number) =>
    `${count.toLocaleString("pt-BR")} (${share.toLocaleString("pt-BR", { maximumFractionDigits: 1 })}%)`,
} as const;

export const waitlistEntryCopy = {
  back: "Voltar para a lista",
  fields: {
    email: "Email",
    status: "Status",
    agents: "Agentes de Interesse",
    message: "Mensagem",
    marketingConsent: "Aceita receber comunicações",
    termsAcceptedAt: "Termos aceitos em",
    source: "Origem (utm_source)",
    utmMedium: "Meio (utm_medium)",
    utmCampaign: "Campanha (utm_campaign)",
    referrer: "Site de referência",
    createdAt: "Inscrição em",
  },
  yes: "Sim",
  no: "Não",
  noMessage: "Sem mensagem.",
  noSource: "Desconhecida",
  history: "Histórico de status",
  historyColumns: { status: "Status", by: "Alterado por", at: "Quando" },
  noHistory: "O status ainda não foi alterado.",
} as const;

export const waitlistCsvCopy = {
  fileName: "lista-de-espera.csv",
  columns: [
    "Nome",
    "Email",
    "Agentes de Interesse",
    "Status",
    "Mensagem",
    "E-mail confirmado em",
    "Aceita receber comunicações",
    "Consentimento de comunicações alterado em",
    "Termos aceitos em",
    "Origem (utm_source)",
    "Meio (utm_medium)",
    "Campanha (utm_campaign)",
    "Site de referência",
    "Convites",
    "Inscrição em",
  ],
  invitation: (robot: string, status: string, sentAt: string) =>
    `${robot}: ${status} (enviado em ${sentAt})`,
} as const;

export const robotsAdminCopy = {
  tab: "Robôs",
  title: (count: number) => `Gerenciar Robôs (${count})`,
  loading: "Carregando robôs...",
  empty: "Nenhum robô cadastrado.",
  pricePrefix: "Preço: $",
  priceOnRequest: "Preço: Sob consulta",
  viewLink: "Ver Link",
  opensInNewTab: "(abre em nova aba)",
  edit: "Editar",
  editLabel: (name: string) => `Editar ${name}`,
  dialogTitle: "Editar Robô",
  dialogDescription: "Altere as informações exibidas nas páginas públicas do robô.",
  fields: {
    name: "Nome",
    slug: "Slug",
    description: "Descrição",
    logoUrl: "URL do Logo",
    myfxbookLink: "Link MyFxBook",
    price: "Preço (USD)",
    capacity: "Vagas",
  },
  capacityHint: "Deixe vazio para vagas ilimitadas.",
  pricePreview: (price: string, discounted: string) =>
    `No site: de ${price} por ${discounted} com o desconto de 25% da corretora parceira.`,
  pricePreviewOnRequest: "No site: Sob consulta.",
  pricePreviewInvalid: "Corrija o preço para ver como ele aparece no site.",
  capacityUnlimited: "Vagas: ilimitadas",
  capacityText: (capacity: number) => `Vagas: ${capacity}`,
  capacityBelowTaken: (taken: number) =>
    `Vagas: ${taken} ${taken === 1 ? "vaga já está ocupada" : "vagas já estão ocupadas"}; o número não pode ser menor.`,
  urlPlaceholder: "https://exemplo.com",
  save: "Salvar Alterações",
  cancel: "Cancelar",
  successTitle: "Robô atualizado!",
  successText: "As informações foram salvas com sucesso.",
  errorTitle: "Erro ao atualizar",
  notFound: "Robô não encontrado.",
  duplicateSlug: "Já existe um robô com este slug. Escolha outro.",
} as const;

export const postsAdminCopy = {
  tab: "Blog",
  title: (count: number) => `Posts do Blog (${count})`,
  loading: "Carregando posts...",
  empty: "Nenhum post ainda.",
  newPost: "Novo Post",
  createTitle: "Criar Novo Post",
  createDescription: "Posts publicados aparecem no blog; rascunhos só aqui.",
  editTitle: "Editar Post",
  editDescription: "As alterações valem para o blog assim que forem salvas.",
  published: "Publicado",
  draft: "Rascunho",
  createdAt: "Criado em:",
  edit: "Editar",
  editLabel: (title: string) => `Editar ${title}`,
  fields: {
    title: "Título",
    slug: "Slug",
    excerpt: "Resumo",
    content: "Conteúdo",
    imageUrl: "URL da Imagem",
    category: "Categoria",
    author: "Autor",
    publishNow: "Publicar imediatamente",
    published: "Publicado",
    notifySubscribers: "Enviar aos assinantes",
  },
  notifyHint:
    "Envia título, resumo e link do artigo aos assinantes confirmados da newsletter, uma vez por artigo, se ele estiver publicado.",
  slugHint: "Sugerido a partir do título até você editá-lo.",
  contentHint: "Aceita Markdown.",
  urlPlaceholder: "https://exemplo.com/imagem.jpg",
  create: "Criar Post",
  save: "Salvar Alterações",
  cancel: "Cancelar",
  createdTitle: "Post criado!",
  createdText: "O post foi criado com sucesso.",
  updatedTitle: "Post atualizado!",
  updatedText: "As alterações foram salvas com sucesso.",
  createErrorTitle: "Erro ao criar post",
  updateErrorTitle: "Erro ao atualizar post",
  notFound: "Post não encontrado.",
  duplicateSlug: "Já existe um post com este slug. Escolha outro.",
  viewOnSite: "Ver no site",
  viewOnSiteLabel: (title: string) => `Ver no site: ${title}`,
  preview: "Pré-visualizar",
  previewLabelFor: (title: string) => `Pré-visualizar ${title}`,
  previewLabel: "Pré-visualização",
  previewTitle: (title: string) => `Pré-visualização: ${title}`,
  previewDraft: "Pré-visualização de um rascunho: só a equipe vê esta página.",
  previewPublished: "Pré-visualização: este post está publicado.",
  previewBack: "Voltar para o blog do painel",
} as const;

// Messages of the shared Zod schemas (docs/product.md section 5 plus the bounds of
// docs/decisions/033-admin-form-bounds.md).
export const validationCopy = {
  required: (field: string) => `${field}: campo obrigatório.`,
  tooLong: (field: string, max: number) => `${field}: no máximo ${max} caracteres.`,
  invalidCharacters: (field: string) => `${field}: o texto contém caracteres inválidos.`,
  emailInvalid: "Informe um email válido.",
  slugFormat:
    "Slug: use apenas letras minúsculas, números e hífens, sem hífen no início, no fim ou repetido.",
  urlInvalid: (field: string) =>
    `${field}: informe um endereço que comece com http:// ou https://.`,
  urlUserInfo: (field: string) =>
    `${field}: o endereço não pode conter usuário ou senha antes do @.`,
  priceNegative: "Preço (USD): o valor não pode ser negativo.",
  priceTooHigh: "Preço (USD): o valor máximo é 99999999,99.",
  priceFormat: "Preço (USD): digite só números, com vírgula nos centavos, como 259,90 ou 1.259,90.",
  capacityFormat: "Vagas: digite um número inteiro de 0 a 100000, ou deixe vazio para ilimitadas.",
  categoryInvalid: "Categoria: escolha Educação, Estratégia, Tecnologia ou Mercado.",
  checkFields: "Verifique os campos destacados.",
} as const;

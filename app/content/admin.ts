// Portuguese copy of the admin area (SPEC.md section 2 Admin and section 8), word for word
// where the spec gives the wording.
export const adminCopy = {
  pageTitle: "Área Administrativa | Agentes FX",
  heading: "Área Administrativa",
  signOut: "Sair",
  tabsLabel: "Seções da área administrativa",
  sessionExpired: "Sua sessão expirou. Entre novamente.",
  signInAgain: "Entrar novamente",
  unknownAction: "Ação desconhecida.",
  close: "Fechar",
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

export const waitlistAdminCopy = {
  tab: "Lista de Espera",
  title: (count: number) => `Lista de Espera (${count} ${count === 1 ? "pessoa" : "pessoas"})`,
  loading: "Carregando lista de espera...",
  empty: "Ninguém entrou na lista de espera ainda.",
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
  },
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
  },
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
} as const;

// Messages of the shared Zod schemas (SPEC.md section 5 plus the bounds of
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
  priceNegative: "Preço (USD): o valor não pode ser negativo.",
  priceTooHigh: "Preço (USD): o valor máximo é 99999999,99.",
  categoryInvalid: "Categoria: escolha Educação, Estratégia, Tecnologia ou Mercado.",
  checkFields: "Verifique os campos destacados.",
} as const;

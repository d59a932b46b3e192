// Portuguese texts of the fleet (issue 39): the heartbeat endpoint's refusals, read by staff
// in the robot's log on the VPS, and the admin's token panel.

export const heartbeatErrors = {
  unauthorized: "Token do robô ausente, inválido ou revogado.",
  tooLarge: "O sinal do robô é grande demais (máximo de 4 KB).",
  notJson: "O sinal do robô deve ser um objeto JSON (Content-Type: application/json).",
  invalid: (field: string, why: string) => `Campo ${field} inválido: ${why}.`,
  rateLimited: "Sinais demais deste robô; tente de novo em instantes.",
  unavailable: "O servidor não pôde guardar o sinal agora; o robô tenta de novo no próximo minuto.",
} as const;

/** Why a heartbeat field was refused (the second half of heartbeatErrors.invalid). */
export const heartbeatFieldErrors = {
  accountNumber: "deve ter de 4 a 20 dígitos",
  money: "deve ser um valor como 1234.56, não negativo, até 1 trilhão",
  profit: "deve ser um valor como -12.34, até 1 trilhão",
  openPositions: "deve ser um número inteiro de 0 a 10000",
  time: "deve ser um horário Unix em segundos, de 2000 até agora",
  robotVersion: "deve ter de 1 a 32 caracteres visíveis",
  terminalConnected: "deve ser true ou false",
  unknown: "não é esperado",
} as const;

export const robotTokenCopy = {
  issue: "Gerar token do robô",
  reissue: "Gerar novo token (revoga o anterior)",
  shownOnce: (token: string) =>
    `Token do robô (exibido só agora; copie para a VPS em HeartbeatToken): ${token}`,
  noSubscription: "Este pedido não tem assinatura: não há token a gerar.",
} as const;

const months = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
] as const;

/** /minha-conta/painel: the robot of each subscription (decision 382). */
export const robotStatusCopy = {
  title: "Seu robô",
  waiting: "Seu robô: aguardando o primeiro sinal",
  running: "Seu robô: operando",
  stopped: (duration: string) => `Seu robô: parado há ${duration}`,
  silent: (when: string) => `Seu robô: sem sinal desde ${when}`,
  waitingText:
    "O sinal começa quando a equipe instala o robô na VPS. Se a configuração já terminou e nada aparece, fale conosco.",
  stoppedText:
    "O robô responde, mas o terminal está desconectado da corretora: nenhuma operação é feita até ele reconectar. A equipe já foi avisada.",
  silentText:
    "A VPS ou o robô não respondem. A equipe já foi avisada e o tempo sem sinal causado pelo serviço conta para o crédito na renovação.",
  lastReport: "Último sinal",
  balance: "Saldo",
  equity: "Patrimônio (saldo com as posições abertas)",
  openPositions: "Posições abertas",
  lastTrade: "Última operação fechada",
  lastTradeText: (when: string, profit: string) => `${when}, resultado ${profit}`,
  noTrade: "nenhuma nos últimos 30 dias",
  uptime: "Disponibilidade neste mês",
  uptimeUnknown: "ainda sem dados",
  comparisonTitle: "Seus resultados e o registro verificado",
  comparison: (month: string, own: string, verified: string) =>
    `Em ${month}, sua conta variou ${own}; o registro verificado do robô, no mesmo mês, ${verified}.`,
  close:
    "Seus resultados acompanham o registro verificado: a diferença ficou abaixo de 0,1 ponto percentual.",
  startedLate: (gap: string) =>
    `A diferença de ${gap} vem sobretudo de a sua conta ter começado depois do início do mês, enquanto o registro verificado cobre o mês inteiro.`,
  execution: (gap: string) =>
    `A diferença de ${gap} vem da execução na sua corretora (spread e slippage), do tamanho da conta e de depósitos ou saques, que a variação do seu saldo inclui e o retorno do registro verificado desconta.`,
  noComparison:
    "Ainda não há um mês coberto ao mesmo tempo pela sua conta e pelo registro verificado do robô.",
  month: (year: number, month: number) => `${months[month - 1]} de ${year}`,
  // Below 2, Portuguese counts in the singular: "1,50 ponto percentual".
  points: (text: string, bps: number) =>
    bps < 200 ? `${text} ponto percentual` : `${text} pontos percentuais`,
  minutes: (n: number) => `${n} min`,
  hours: (n: number) => `${n} h`,
  days: (n: number) => `${n} dia${n === 1 ? "" : "s"}`,
} as const;

/** /admin/frota (decision 383). */
export const fleetAdminCopy = {
  tab: "Frota",
  loading: "Carregando frota…",
  tableLabel: "Robôs das assinaturas em serviço",
  title: "Frota: os robôs das assinaturas em serviço",
  intro: (percent: number) =>
    `Sinalizados: sem sinal há 5 minutos, terminal desconectado, ou saldo mais de ${percent}% abaixo do maior das últimas 24 horas (FLEET_BALANCE_DROP_PERCENT).`,
  empty: "Nenhuma assinatura em serviço.",
  columns: {
    subscription: "Assinatura",
    state: "Estado do robô",
    lastSignal: "Último sinal",
    balance: "Saldo",
    uptime: "Disponibilidade no mês",
    flags: "Alertas",
  },
  states: {
    waiting: "aguardando o primeiro sinal",
    running: "operando",
    stopped: "parado",
    silent: "sem sinal",
  },
  flags: {
    "no-signal": "sem sinal",
    disconnected: "terminal desconectado",
    "balance-drop": "queda de saldo",
  },
  none: "—",
  incidentsLabel: "Incidentes recentes",
  incident: (problem: string, opened: string, closed: string | null) =>
    closed ? `${problem}: de ${opened} a ${closed}` : `${problem}: desde ${opened} (aberto)`,
} as const;

/** Staff's e-mails of a fleet incident (decision 384). */
export const fleetIncidentEmailCopy = {
  problems: {
    "no-signal": "sem sinal há mais de 5 minutos",
    disconnected: "terminal desconectado da corretora",
    "balance-drop": "saldo caiu além do limite em 24 horas",
  },
  opened: {
    subject: (robot: string, problem: string) => `Alerta da frota: ${robot}, ${problem}`,
    preview: "Um robô da frota precisa de atenção.",
    button: "Abrir frota",
    greeting: "Equipe,",
    body: (robot: string, person: string, problem: string, since: string) =>
      `O ${robot} de ${person}: ${problem}, desde ${since}.`,
  },
  closed: {
    subject: (robot: string, problem: string) => `Frota normalizada: ${robot}, ${problem}`,
    preview: "Um alerta da frota terminou.",
    button: "Abrir frota",
    greeting: "Equipe,",
    body: (robot: string, person: string, problem: string, since: string) =>
      `O ${robot} de ${person} voltou ao normal (${problem} desde ${since}).`,
  },
} as const;

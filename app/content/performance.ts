import type { StatementProblem } from "../features/performance/statement-parse.ts";
import type { ComputeProblem } from "../features/performance/compute.ts";
import type { ReconciliationCheck, ServerClock } from "../features/performance/model.ts";

// Verified performance (issue 22): the public section, the figures on cards and plans, and
// the admin's statement upload.

/** Required next to every return shown (CVM's wording for past performance). */
export const pastPerformanceNotice =
  "Rentabilidade obtida no passado não representa garantia de resultados futuros.";

export const verifiedCopy = {
  title: "Performance verificada",
  preparingTitle: "Histórico verificado em preparação",
  preparingText:
    "Estamos reunindo o extrato completo da conta deste agente na corretora. Quando ele for conferido, os resultados mês a mês aparecerão aqui, com o arquivo original para você conferir.",
  intro:
    "Calculado por nós a partir do extrato que a corretora gera para a conta (MetaTrader), e não de números informados pelo fornecedor. Baixe o arquivo original e confira.",
  accountKind: { real: "Conta real", demo: "Conta demo" },
  demoNote: "Conta demo: operações simuladas, sem dinheiro real.",
  broker: "Corretora",
  account: "Conta",
  period: "Período",
  periodRange: (from: string, to: string) => `${from} a ${to}`,
  lastTrade: "Última operação",
  lastUpdate: "Última atualização",
  leverage: "Alavancagem",
  currency: "Moeda",
  reconciledBadge: "Confere com o extrato",
  notReconciledBadge: "Não confere com o extrato",
  reconciledText:
    "Nossos totais, calculados operação por operação, conferem centavo a centavo com o resumo do próprio extrato.",
  /** Before a reconciliation line of a record combined from statements (1 = the earliest). */
  statementPart: (part: number) => `Extrato ${part}, `,
  notReconciledText:
    "Nossos totais, calculados operação por operação, não conferem com o resumo do próprio extrato. As diferenças:",
  figuresTitle: "Números principais",
  figures: {
    total: "Crescimento acumulado",
    twelveMonths: "Últimos 12 meses",
    maxDrawdown: "Drawdown máximo (saldo)",
    equityDrawdown: "Drawdown máximo do capital (equity), segundo o extrato",
    profitFactor: "Fator de lucro",
    trades: "Operações fechadas",
    winRate: "Taxa de acerto",
    averageWin: "Ganho médio",
    averageLoss: "Perda média",
    netProfit: "Resultado líquido",
  },
  monthlyTitle: "Retorno mês a mês",
  monthlyCaption: (name: string) =>
    `Retornos mensais ponderados no tempo de ${name}, em porcentagem; depósitos e saques não contam como retorno.`,
  monthHeader: "Mês",
  yearTotal: "Ano",
  months: ["Jan", "Fev", "Mar", "Abr", "Mai", "Jun", "Jul", "Ago", "Set", "Out", "Nov", "Dez"],
  monthNames: [
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
  ],
  noData: "—",
  growthChart: "Crescimento acumulado (%)",
  drawdownChart: "Drawdown (%)",
  chartAlt: (total: string, drawdown: string) =>
    `Gráfico do crescimento acumulado, que termina em ${total}, e do drawdown, que chegou a ${drawdown}. Os mesmos dados estão na tabela de retorno mês a mês.`,
  downloadTitle: "Arquivo original",
  download: (fileName: string) => `Baixar o extrato (${fileName})`,
  sha256: "SHA-256",
  sha256Hint:
    "Confira que o arquivo baixado é o mesmo: no terminal, sha256sum (Linux), shasum -a 256 (macOS) ou certutil -hashfile ARQUIVO SHA256 (Windows).",
  downloadMessage: "Baixar a mensagem assinada pela corretora (.eml)",
  messageSha256: "SHA-256 da mensagem",
  messageHint:
    "É o e-mail exatamente como a corretora o enviou, com a assinatura DKIM. Qualquer verificador de DKIM (por exemplo, dkimpy: dkimverify < mensagem.eml) confirma que ele saiu do servidor da corretora e não foi alterado.",
  declaredTitle: "Metas declaradas pelo fornecedor",
  declaredText:
    "Os números da seção Métricas são metas declaradas pelo fornecedor da estratégia, não resultados verificados.",
  sources: {
    declared: "Fonte: fornecedor do agente (meta declarada)",
    verified: "Fonte: extrato da corretora, calculado por nós",
  },
  myfxbook: "Ver também na MyFxBook",
  myfxbookNote: "Abre o site da MyFxBook em uma nova aba.",
  cardFigure: "Últimos 12 meses, verificado",
} as const;

export const reconciliationLabels: Record<ReconciliationCheck, string> = {
  grossProfit: "Lucro bruto",
  grossLoss: "Prejuízo bruto",
  totalNetProfit: "Resultado líquido total",
  profitFactor: "Fator de lucro",
  depositWithdrawal: "Depósitos e saques",
  balance: "Saldo final",
  runningBalance: "Linhas de Deals com saldo diferente",
  openingBalance: "Saldo inicial × saldo ao fim do extrato anterior",
};

export const serverClockLabels: Record<ServerClock, string> = {
  "ny-close": "UTC+2 / UTC+3 (fechamento de Nova York, o mais comum)",
  "+00:00": "UTC+0",
  "+01:00": "UTC+1",
  "+02:00": "UTC+2 (fixo)",
  "+03:00": "UTC+3 (fixo)",
  "+04:00": "UTC+4",
  "-03:00": "UTC-3 (Brasília)",
  "-04:00": "UTC-4",
  "-05:00": "UTC-5",
};

export const performanceAdminCopy = {
  linkLabel: (name: string) => `Performance verificada de ${name}`,
  link: "Performance verificada",
  pageTitle: (name: string) => `Performance verificada: ${name}`,
  back: "Voltar aos robôs",
  notFound: "Robô não encontrado.",
  uploadTitle: "Enviar extrato",
  uploadHelp:
    "MetaTrader 4: aba Histórico, “Todo o histórico”, botão direito, “Save as Detailed Report”. MetaTrader 5: Histórico, botão direito, Relatório, HTML. Envie o arquivo como foi gerado, sem editar (até 5 MB).",
  fields: {
    file: "Arquivo do extrato (.htm ou .html)",
    accountKind: "Tipo de conta",
    broker: "Corretora",
    serverClock: "Fuso horário do servidor da corretora",
    currency: "Moeda da conta",
  },
  brokerHint: "Como a corretora aparece para o visitante, por exemplo “IC Markets”.",
  serverClockHint:
    "O extrato não informa o fuso; veja no relógio de Observação de Mercado do MetaTrader.",
  accountKinds: { real: "Conta real", demo: "Conta demo" },
  submit: "Enviar e conferir",
  uploaded: "Extrato enviado. Confira a prévia abaixo antes de publicar.",
  previewTitle: "Prévia (como o visitante verá)",
  previewOf: (fileName: string, when: string) => `Prévia de ${fileName}, enviado em ${when}.`,
  publish: "Publicar no site",
  publishNotReconciled: "Publicar mesmo assim (o site mostrará “não confere”)",
  published: "Publicado. A página do agente já mostra este extrato.",
  publishedBadge: "Publicado",
  withdraw: "Retirar o histórico do site",
  withdrawn: "Histórico retirado do site. A retirada ficou no registro público.",
  currentBadge: "No site agora",
  historyTitle: "Histórico de extratos",
  historyEmpty: "Nenhum extrato enviado ainda.",
  historyColumns: {
    uploadedAt: "Enviado em",
    file: "Arquivo",
    kind: "Conta",
    broker: "Corretora",
    check: "Conferência",
    status: "Situação",
    actions: "Ações",
  },
  view: "Ver prévia",
  reconciliationTitle: "Conferência com o resumo do extrato",
  reconciliationColumns: {
    line: "Linha",
    ours: "Nosso cálculo",
    statement: "Extrato",
    difference: "Diferença",
  },
  ledgerTitle: "Do extrato",
  ledgerFacts: (trades: number, cancelled: number, open: number) =>
    `${trades} operações fechadas; ${cancelled} ordens canceladas (não contam); ${open} operações ainda abertas.`,
  holder: "Titular",
  fileLabel: "Arquivo",
  uploadedBy: (email: string) => `Enviado por ${email}`,
  errors: {
    noFile: "Escolha o arquivo do extrato.",
    tooLarge: "O arquivo tem mais de 5 MB. Exporte só o histórico da conta do robô, sem anexos.",
    notMultipart: "Envie o formulário com o arquivo.",
    notFound: "Este extrato não é deste robô.",
    nothingShown: "Não há histórico publicado deste robô para retirar.",
    notCombinable: (reason: string) =>
      `Este extrato não pôde ser somado aos já publicados desta conta, e nada mudou no site: ${reason}`,
    currency: (found: string, expected: string) =>
      `O extrato está em ${found || "moeda não informada"}, mas a conta foi informada em ${expected}. Confira a moeda ou envie o extrato da conta certa.`,
    kind: (found: string, expected: string) =>
      `O extrato diz que a conta é ${found}, mas ela foi informada como ${expected}.`,
    broker: "Informe a corretora (até 100 caracteres).",
    accountKind: "Escolha conta real ou demo.",
    serverClock: "Escolha o fuso horário do servidor.",
    currencyField: "Escolha a moeda da conta.",
  },
} as const;

const howToExport =
  "No MetaTrader 4, use “Save as Detailed Report”; no MetaTrader 5, Histórico › Relatório › HTML.";

/** Why a statement was refused, in the staff's words. */
export function statementProblemMessage(problem: StatementProblem | ComputeProblem): string {
  switch (problem.code) {
    case "empty":
      return `O arquivo está vazio. ${howToExport}`;
    case "not-a-statement":
      return `Este arquivo não é um extrato do MetaTrader: não encontramos as tabelas de operações (Closed Transactions no MT4; Positions e Deals no MT5). ${howToExport}`;
    case "no-summary":
      return "O extrato está incompleto: falta o resumo do fim do arquivo (Summary ou Results), então não há como conferir os totais. Exporte-o de novo, sem editar.";
    case "no-trades":
      return "O extrato não tem nenhuma operação fechada.";
    case "too-many-rows":
      return "O extrato tem linhas demais para ser lido (mais de 400.000).";
    case "out-of-memory":
      return "O extrato precisou de mais memória do que a leitura de um extrato pode usar. Envie o arquivo exatamente como o MetaTrader o gerou.";
    case "too-slow":
      return "O extrato demorou demais para ser lido. Envie o arquivo como o MetaTrader o gerou.";
    case "bad-number":
      return `Não conseguimos ler o número “${problem.value}” (${problem.where}). Exporte o extrato de novo pelo MetaTrader, sem abri-lo em outro programa.`;
    case "bad-time":
      return `Não conseguimos ler a data “${problem.value}” (${problem.where}).`;
    case "duplicate-ticket":
      return `O ticket ${problem.ticket} aparece duas vezes. Um extrato do MetaTrader não repete tickets: o arquivo foi editado ou juntado de dois extratos.`;
    case "unknown-type":
      return `Tipo de operação desconhecido “${problem.type}” no ticket ${problem.ticket}.`;
    case "starts-mid-history":
      return `O histórico começa no meio: há uma operação (${problem.reference}) antes do primeiro depósito. Exporte o histórico completo da conta (período “Todo o histórico”).`;
    case "negative-balance":
      return `O saldo fica negativo na operação ${problem.reference}; não há como calcular o retorno ponderado no tempo.`;
    case "too-large":
      return "Os valores do extrato são grandes demais para serem calculados com segurança.";
  }
}

/**
 * Issue 38's figures, each with the formula in a short note (docs/decisions/373). Periods
 * are São Paulo dates; returns are time-weighted, so deposits and withdrawals never count.
 */
export const figuresCopy = {
  periodsTitle: "Rentabilidade por período",
  periodsIntro:
    "Os quatro períodos usados pela ANBIMA, lado a lado. Retornos ponderados no tempo: depósitos e saques não contam como ganho nem como perda.",
  periods: {
    lastMonth: (month: string) => `Último mês (${month})`,
    yearToDate: (year: number) => `No ano (${year})`,
    twelveMonths: "12 meses",
    sinceStart: "Desde o início",
  },
  periodRange: (from: string, to: string) => `de ${from} a ${to}`,
  fewerThanTwelve: "O histórico ainda não tem 12 meses.",
  notFromStart: (start: string, from: string) =>
    `Não calculado: o histórico deste robô começa em ${start}, e o extrato publicado só em ${from}. As contas anteriores estão listadas abaixo.`,
  riskTitle: "Risco e recuperação",
  figures: {
    balanceDrawdown: "Drawdown máximo do saldo",
    equityDrawdown: "Drawdown máximo do capital (equity)",
    profitFactor: "Fator de lucro",
    recoveryFactor: "Fator de recuperação",
    sharpe: "Índice de Sharpe (anualizado)",
    sortino: "Índice de Sortino (anualizado)",
    worstDay: "Pior dia",
    worstWeek: "Pior semana",
    worstMonth: "Pior mês",
    underwater: "Maior tempo abaixo do pico",
  },
  notes: {
    periods:
      "Retorno do período = produto de (saldo no fim ÷ saldo no início) de cada trecho entre depósitos ou saques, menos 1.",
    balanceDrawdown:
      "Maior queda, em %, do crescimento acumulado (calculado pelo saldo, com depósitos e saques descontados) em relação ao pico anterior.",
    equityDrawdown:
      "Como o próprio extrato informa: inclui os resultados flutuantes das posições abertas.",
    equityDrawdownMissing:
      "O extrato não informa resultados flutuantes ao longo do período (o MetaTrader 4 não os registra), então não há como calcular o drawdown do capital.",
    profitFactor: "Lucro bruto ÷ prejuízo bruto das operações fechadas (com comissões e swap).",
    recoveryFactor: (drawdown: string) =>
      `Resultado líquido ÷ maior queda do resultado acumulado das operações (${drawdown}).`,
    sharpe: (months: number) =>
      `Média dos retornos mensais ÷ desvio-padrão amostral deles × √12, sobre ${months} meses; taxa livre de risco de 0% ao ano.`,
    sortino: (months: number) =>
      `Média dos retornos mensais ÷ desvio dos meses negativos (alvo 0%) × √12, sobre ${months} meses; taxa livre de risco de 0% ao ano.`,
    worstDay: "Retorno ponderado no tempo do dia civil (horário de Brasília) que mais perdeu.",
    worstWeek: "Retorno da semana de segunda a domingo que mais perdeu.",
    worstMonth: "O menor retorno da tabela mês a mês.",
    underwater:
      "Mais dias seguidos desde um pico do crescimento acumulado até voltar a ele (ou até o fim do extrato, se ainda não voltou).",
  },
  noFigure: "—",
  noLoss: "sem perda",
  underwaterDays: (days: number) => `${days} ${days === 1 ? "dia" : "dias"}`,
  underwaterRange: (from: string, to: string | null) =>
    to ? `de ${from} a ${to}` : `desde ${from}, ainda abaixo do pico`,
  olderRecord:
    "Este extrato foi publicado antes dos indicadores de risco: envie-o de novo para calculá-los.",
  marksLegend: "Triângulos: depósitos (▲) e saques (▼), que não contam como retorno.",
  markTitle: (kind: "deposit" | "withdrawal", amount: string, date: string) =>
    `${kind === "deposit" ? "Depósito" : "Saque"} de ${amount} em ${date}`,
} as const;

/** Every account and the record's start, stopped accounts and gaps included (decision 372). */
export const historyCopy = {
  title: "Contas e início do histórico",
  startedAt: (date: string) =>
    `Início do histórico: ${date}. Esta data é fixada na primeira publicação e nunca muda.`,
  notStarted: "O histórico começa na primeira publicação.",
  accountsIntro:
    "Todas as contas de que recebemos extratos para este robô, inclusive as que pararam de operar.",
  columns: {
    account: "Conta",
    broker: "Corretora",
    kind: "Tipo",
    period: "Período",
    statements: "Extratos",
    status: "Situação",
  },
  current: "No site agora",
  stopped: "Parada",
  gapsTitle: "Lacunas",
  noGaps: "Nenhuma lacuna: não há dias sem extrato desde o início do histórico.",
  gap: (from: string, to: string, days: number) =>
    `Sem extrato de ${from} a ${to} (${days} ${days === 1 ? "dia" : "dias"}). Esses dias não entram em nenhum número e nunca são preenchidos.`,
} as const;

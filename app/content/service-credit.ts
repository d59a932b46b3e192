// The service-credit rule as customers read it (docs/decisions/394-395): on /termos, /precos,
// the renewal charge and its receipt, and the maintenance windows in the admin.

/** 320 -> "5 h 20 min", 240 -> "4 h", 45 -> "45 min". */
export function downtimeText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

export const serviceCreditCopy = {
  title: "Crédito por indisponibilidade",
  /** The rule, with the threshold in force ("4 h"): /termos section 5 and /precos. */
  rule: (threshold: string) =>
    `Crédito por indisponibilidade: o tempo em que o seu agente fica sem sinal por falha do serviço (com a assinatura ativa e fora das janelas de manutenção que anunciamos com antecedência) é somado a cada ciclo. Se passar de ${threshold} no ciclo, descontamos todo esse tempo, proporcionalmente ao ciclo (cada hora sem sinal num ciclo de 30 dias vale 1/720 da mensalidade), na primeira renovação cobrada depois do fim desse ciclo. O desconto aparece na cobrança e no recibo.`,
  /** The renewal e-mail's line. */
  chargeLine: (cycle: number, downtime: string, threshold: string, amount: string) =>
    `Crédito por indisponibilidade: no ciclo ${cycle}, o agente ficou ${downtime} sem sinal por falha do serviço, acima do limite de ${threshold}; descontamos ${amount} (proporcional ao ciclo).`,
  /** The receipt's and the charge's line. */
  receiptValue: (amount: string, cycle: number, downtime: string) =>
    `− ${amount} (ciclo ${cycle}: ${downtime} sem sinal)`,
} as const;

export const maintenanceAdminCopy = {
  title: "Manutenção e crédito por indisponibilidade",
  intro:
    "Robô sem sinal com a assinatura ativa conta como indisponibilidade do serviço, exceto nas janelas de manutenção declaradas aqui antes de começarem. Passado o limite no ciclo, a renovação seguinte é reduzida proporcionalmente (regra publicada em Termos e Preços).",
  threshold: {
    legend: "Limite por ciclo",
    label: "Horas sem sinal toleradas por ciclo",
    hint: "Até 744 h (31 dias), em horas e minutos: 4 ou 4:30.",
    current: (threshold: string, who: string | null) =>
      who ? `Em vigor: ${threshold}, definido por ${who}.` : `Em vigor: ${threshold} (padrão).`,
    submit: "Salvar limite",
    saved: "Limite salvo.",
    invalid: "Informe o limite em horas (4) ou horas e minutos (4:30), de 0 a 744 h.",
  },
  window: {
    legend: "Declarar janela de manutenção",
    starts: "Início (horário de Brasília)",
    ends: "Fim (horário de Brasília)",
    reason: "Motivo",
    submit: "Declarar janela",
    declared: "Janela de manutenção declarada.",
    invalid: "Informe início, fim (depois do início) e um motivo de até 200 caracteres.",
    startsInPast: "A janela precisa começar no futuro: manutenção é declarada com antecedência.",
    tooLong: "Uma janela dura no máximo 24 horas.",
  },
  list: {
    title: "Janelas declaradas",
    empty: "Nenhuma janela de manutenção em curso ou prevista.",
    columns: { period: "Período", reason: "Motivo", declared: "Declarada por" },
    period: (from: string, to: string) => `${from} a ${to}`,
    cancel: "Cancelar janela",
    cancelled: "Janela cancelada.",
    notCancelled: "Essa janela já começou ou não existe mais: não pode ser cancelada.",
  },
  invalidRequest: "Pedido inválido.",
} as const;

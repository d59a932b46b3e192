// Portuguese copy of the support form (decision 385) on /minha-conta and /contato. /contato
// loads this module with its scripts, so it holds the form's labels alone; what the server
// answers, the panel and the inbox say is in `support.ts` (decision 460).

export const businessHoursText =
  "Atendemos por e-mail e chat em horário comercial: de segunda a sexta, das 9h às 18h (horário de Brasília), exceto feriados nacionais.";

export const supportFormCopy = {
  title: "Falar com o suporte",
  intro: businessHoursText,
  nameLabel: "Seu nome",
  emailLabel: "Seu e-mail",
  emailHelp: "Se você é cliente, use o e-mail da sua assinatura.",
  subscriptionLabel: "Assinatura",
  noSubscription: "Nenhuma assinatura específica",
  messageLabel: "Mensagem",
  messageHelp: "Até 4.000 caracteres. Não envie senhas. Anexos não são aceitos por aqui.",
  button: "Enviar mensagem",
} as const;

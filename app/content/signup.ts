// Portuguese copy of the VIP waitlist sign-up form on /contato
// (docs/product.md sections 5 and 8). The toast titles and texts are word for word
// (docs/product.md section 8). The field and request messages are in signup-messages.ts.

export const signupFormCopy = {
  formLabel: "Formulário da lista de espera VIP",
  nameLabel: "Nome Completo *",
  namePlaceholder: "Seu nome completo",
  emailLabel: "Email *",
  emailPlaceholder: "seu@email.com",
  agentsLegend: "Agentes de interesse",
  agentsHint: "Opcional: marque os agentes que mais interessam a você.",
  messageLabel: "Mensagem",
  messagePlaceholder: "Conte um pouco sobre sua experiência com trading (opcional)",
  termsBefore: "Li e aceito os ",
  termsLink: "Termos e Condições",
  termsBetween: ", a ",
  privacyLink: "Política de Privacidade",
  termsAnd: " e o ",
  riskLink: "Aviso de Risco",
  termsAfter: ".\u00a0*",
  opensInNewTab: " (abre em nova aba)",
  contactLabel:
    "Aceito receber contato por e-mail sobre os agentes, a lista de espera e novidades (opcional).",
  honeypotLabel: "Não preencha este campo",
  submit: "Entrar para a Lista de Espera",
  submitting: "Enviando...",
  requiredNote: "* Campos obrigatórios",
} as const;

// docs/product.md section 8.
export const signupToasts = {
  successTitle: "Sucesso!",
  // SPEC's sentence with "Seu nome" for "Você", so "adicionado" reads for everyone (issue 25,
  // docs/decisions/144), and the step that is left: confirming the address.
  successText: "Seu nome foi adicionado à lista de espera VIP. Entraremos em contato em breve!",
  confirmText: "Enviamos um link para o seu e-mail: abra-o para confirmar sua inscrição.",
  errorTitle: "Erro",
} as const;

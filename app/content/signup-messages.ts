// The waitlist's field and request messages (docs/product.md rules 3 and 4), apart from the
// form's copy: only the schema (which /contato loads on first use, decision 021) and the
// action show them, so the page does not load them with its form (docs/decisions/322).
import { formReadMessages } from "./http-errors.ts";

export const signupMessages = {
  nameRequired: "Informe seu nome completo.",
  nameTooLong: "O nome deve ter no máximo 120 caracteres.",
  emailRequired: "Informe seu e-mail.",
  emailInvalid: "Informe um e-mail válido.",
  emailTooLong: "O e-mail deve ter no máximo 254 caracteres.",
  agentUnknown: "Escolha apenas agentes da lista.",
  messageTooLong: "A mensagem deve ter no máximo 2.000 caracteres.",
  // docs/product.md section 8, word for word.
  termsRequired: "Você deve aceitar os termos e condições.",
  invalidValue: "Valor inválido.",
  invalidCharacters: "O texto contém caracteres inválidos.",
  fixFields: "Corrija os campos destacados e envie novamente.",
  unreadableForm: formReadMessages.unreadable,
  invalidEncoding: formReadMessages.invalidEncoding,
  unsupportedContentType: formReadMessages.unsupportedContentType,
  tooLarge: formReadMessages.tooLarge,
  rateLimited: "Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.",
  unavailable:
    "Não foi possível registrar sua inscrição agora. Tente novamente em alguns instantes.",
} as const;

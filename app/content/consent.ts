// The consent ledger's wording (docs/decisions/087). Each version names the text a
// person saw when they gave, withdrew or confirmed: change the version whenever that text
// changes (the sign-up form's checkboxes, the confirmation page, the Meus dados and
// unsubscribe pages).
import type { ConsentChannel, ConsentKind } from "../features/privacy/model.ts";

export const consentTextVersions = {
  terms: "termos-2026-11-23",
  marketing: "contato-marketing-2026-11-23",
  confirmation: "confirmacao-2026-11-23",
} as const;

export const consentLedgerCopy = {
  title: "Histórico de consentimentos",
  /** The scrolling table's own name: the section already carries the title (axe landmark-unique). */
  table: "Tabela do histórico de consentimentos",
  empty: "Nenhum registro.",
  columns: { when: "Quando", what: "O quê", channel: "Por onde", version: "Versão do texto" },
  kinds: {
    "terms-accepted": "Aceitou os termos e a política de privacidade",
    "marketing-given": "Aceitou contato de marketing",
    "marketing-withdrawn": "Retirou o aceite de contato de marketing",
    "email-confirmed": "Confirmou o e-mail",
  } satisfies Record<ConsentKind, string>,
  channels: {
    "signup-form": "Formulário de inscrição",
    "confirmation-link": "Link de confirmação",
    "meus-dados": "Meus dados",
    "unsubscribe-link": "Link de descadastro",
    "before-ledger": "Registro anterior ao histórico",
    "abuse-report": "Marcou nosso e-mail como spam",
  } satisfies Record<ConsentChannel, string>,
} as const;

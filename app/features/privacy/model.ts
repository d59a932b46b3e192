// The privacy domain's values, declared once and importing nothing: the tables' check
// constraints (db/schema.ts), the consent ledger's labels (content/consent.ts) and the links
// e-mailed to a person.

// Consent as a ledger (docs/decisions/087): what each row records, and where it was given.
export const consentKinds = [
  "terms-accepted",
  "marketing-given",
  "marketing-withdrawn",
  "email-confirmed",
] as const;
export type ConsentKind = (typeof consentKinds)[number];

export const consentChannels = [
  "signup-form",
  "confirmation-link",
  "meus-dados",
  "unsubscribe-link",
  "before-ledger",
  // Issue 21: a feedback report (the person marked our message as spam).
  "abuse-report",
] as const;
export type ConsentChannel = (typeof consentChannels)[number];

// What a link e-mailed to a waitlist entry or a newsletter subscriber is for (email_tokens).
export const emailTokenPurposes = [
  "confirm-signup",
  "my-data",
  "my-data-session",
  "unsubscribe",
  "confirm-newsletter",
  // Issue 24: the customer area (/minha-conta), same rules as Meus dados.
  "my-account",
  "my-account-session",
] as const;
export type EmailTokenPurpose = (typeof emailTokenPurposes)[number];

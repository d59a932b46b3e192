// The waitlist form's fields, limits and answers: everything the page needs without Zod, so
// the browser loads the schema (schema.ts) only when the visitor starts filling the form
// (docs/decisions/021-shared-schema-zod-mini.md).

// Lengths count characters (code points), as Zod does; a browser's maxlength counts UTF-16
// units, which is never more lenient.
export const signupLimits = {
  nameMax: 120,
  emailMax: 254,
  messageMax: 2000,
  sourceMax: 200,
  bodyMaxBytes: 64 * 1024,
} as const;

/** The form's visible fields in page order (first invalid field gets the focus). */
export const signupFields = ["name", "email", "agents", "message", "terms", "contact"] as const;
export type SignupField = (typeof signupFields)[number];
export type SignupFieldErrors = Partial<Record<SignupField, string>>;

/** What the form posted, as the schema reads it; a repeated single field stays a list. */
export type SignupFields = Record<Exclude<SignupField, "agents">, unknown> & { agents: unknown[] };

/** The first invalid field in page order. */
export function firstInvalidField(errors: SignupFieldErrors): SignupField | undefined {
  return signupFields.find((field) => errors[field]);
}

/**
 * The message of the error toast: the terms message of docs/product.md section 8 when the terms are missing,
 * otherwise the first invalid field's message.
 */
export function signupErrorSummary(errors: SignupFieldErrors): string | undefined {
  const first = firstInvalidField(errors);
  return errors.terms ?? (first ? errors[first] : undefined);
}

/** The action's answer, read by the page with and without JavaScript. */
export type SignupActionData =
  { ok: true } | { ok: false; errors: SignupFieldErrors; formError?: string; values: SignupValues };

/** The success answer; also what /contato?inscricao=confirmada shows after a plain post. */
export const signupConfirmed: SignupActionData = { ok: true };
export const signupDoneParam = { name: "inscricao", value: "confirmada" } as const;

/** Where a sign-up came from: the waitlist's source, utm_medium, utm_campaign, referrer. */
export interface SignupAttribution {
  source: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrer: string | null;
}

/** The form's hidden inputs carrying each part (decision 144); source.ts reads them. */
export const attributionFields = {
  source: "source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
  referrer: "referrer",
} as const satisfies Record<keyof SignupAttribution, string>;

/** What the visitor typed, echoed into the page after a rejected plain form post. */
export interface SignupValues {
  name: string;
  email: string;
  agents: string[];
  message: string;
  terms: boolean;
  contact: boolean;
}

export const emptySignupValues: SignupValues = {
  name: "",
  email: "",
  agents: [],
  message: "",
  terms: false,
  contact: false,
};

function firstString(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first : "";
}

export function signupValuesFrom(fields: SignupFields): SignupValues {
  return {
    name: firstString(fields.name),
    email: firstString(fields.email),
    agents: fields.agents.filter((id): id is string => typeof id === "string"),
    message: firstString(fields.message),
    terms: firstString(fields.terms) === "on",
    contact: firstString(fields.contact) === "on",
  };
}

// The waitlist form's one schema, run by the browser before submitting and by the action
// (DESIGN.md decision 3). zod/mini keeps the /contato bundle small
// (docs/decisions/021-shared-schema-zod-mini.md).
import * as z from "zod/mini";
import { agentIds } from "../../content/agent-ids.ts";
import { signupMessages as m } from "../../content/contact.ts";

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

/** Hidden inputs: a honeypot that people never fill, and where the visitor came from. */
export const honeypotField = "website";
export const sourceField = "source";

/** True when text holds a control character other than tab and line breaks (when allowed). */
export function hasControlCharacters(text: string, allowLineBreaks = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (allowLineBreaks && (code === 9 || code === 10 || code === 13)) continue;
    if (code < 32 || (code >= 127 && code < 160)) return true;
  }
  return false;
}

// Browsers send textarea line breaks as CRLF while maxlength counts them as one character.
const normalizeLineBreaks = (text: string) => text.replace(/\r\n?/g, "\n");

/** A missing value gets the field's "required" message, a file or repeated value another. */
const text = (required: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? required : m.invalidValue) });

export const signupSchema = z.object({
  name: text(m.nameRequired).check(
    z.trim(),
    z.minLength(1, m.nameRequired),
    z.maxLength(signupLimits.nameMax, m.nameTooLong),
    z.refine((value: string) => !hasControlCharacters(value), m.invalidCharacters),
  ),
  email: text(m.emailRequired).check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, { error: m.emailRequired, abort: true }),
    // Checked before the pattern so the pattern never runs on long input.
    z.maxLength(signupLimits.emailMax, { error: m.emailTooLong, abort: true }),
    // ASCII-only, so JavaScript's and PostgreSQL's lower-casing agree.
    z.regex(z.regexes.email, m.emailInvalid),
  ),
  agents: z.pipe(
    z.array(z.enum(agentIds, m.agentUnknown)),
    z.transform((ids) => [...new Set(ids)]),
  ),
  message: z.optional(
    z.string(m.invalidValue).check(
      z.overwrite(normalizeLineBreaks),
      z.trim(),
      z.maxLength(signupLimits.messageMax, m.messageTooLong),
      z.refine((value: string) => !hasControlCharacters(value, true), m.invalidCharacters),
    ),
  ),
  terms: z.literal("on", m.termsRequired),
  contact: z.optional(z.literal("on", m.invalidValue)),
});

export type SignupData = z.output<typeof signupSchema>;

/** What the form posted, as the schema reads it; a repeated single field stays a list. */
export type SignupFields = Record<Exclude<SignupField, "agents">, unknown> & { agents: unknown[] };

interface FormEntries {
  getAll(name: string): Array<FormDataEntryValue>;
}

function single(form: FormEntries, name: string): unknown {
  const values = form.getAll(name);
  if (values.length === 0) return undefined;
  return values.length === 1 ? values[0] : values;
}

/** Reads the form's fields from FormData or URLSearchParams. */
export function readSignupFields(form: FormEntries): SignupFields {
  return {
    name: single(form, "name"),
    email: single(form, "email"),
    agents: form.getAll("agents"),
    message: single(form, "message"),
    terms: single(form, "terms"),
    contact: single(form, "contact"),
  };
}

export type SignupValidation =
  { success: true; data: SignupData } | { success: false; errors: SignupFieldErrors };

/** Validates the fields; on failure, one message per field (its first problem). */
export function validateSignup(fields: SignupFields): SignupValidation {
  const result = z.safeParse(signupSchema, fields);
  if (result.success) return { success: true, data: result.data };
  const errors: SignupFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && isSignupField(field) && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return { success: false, errors };
}

function isSignupField(name: string): name is SignupField {
  return (signupFields as readonly string[]).includes(name);
}

/** The first invalid field in page order. */
export function firstInvalidField(errors: SignupFieldErrors): SignupField | undefined {
  return signupFields.find((field) => errors[field]);
}

/**
 * The message of the error toast: SPEC.md's terms message when the terms are missing,
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

// The waitlist form's one schema, run by the browser before submitting and by the action
// (docs/product.md rule 3), and the reading of the posted fields it checks. zod/mini keeps
// it small; the page loads it on first use (docs/decisions/021-shared-schema-zod-mini.md,
// 460).
import * as z from "zod/mini";
import { agentIds } from "../../content/agent-ids.ts";
import { signupMessages as m } from "../../content/signup-messages.ts";
import { hasControlCharacters } from "../../lib/text.ts";
import { type ParsedForm, validateFields } from "../../platform/http/parse-form.ts";
import { signupLimits, type SignupFields } from "./fields.ts";

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

/** Validates the fields; on failure, one message per field (its first problem). */
export function validateSignup(fields: SignupFields): ParsedForm<SignupData> {
  return validateFields(signupSchema, fields);
}

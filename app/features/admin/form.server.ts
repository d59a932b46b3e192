// Request bodies are at most 64 KB (docs/product.md rule 3); server/body-limit.ts enforces it
// first, this keeps the admin actions safe wherever they run.
import type { z } from "zod";
import { parseForm, type FieldErrors } from "../../platform/http/parse-form.ts";
import { readForm, type FormEntries } from "../../platform/http/read-form.server.ts";

export const ADMIN_FORM_MAX_BYTES = 64 * 1024;

export type AdminFormRead<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      status: 400 | 413 | 415;
      message: string;
      /** Each typed field's own message. */
      fieldErrors?: FieldErrors;
      /** What was sent, to fill the form again. */
      values?: Record<string, string>;
    };

/**
 * A staff form already read, run through its schema (parseForm): the data, or a 400 with the
 * Portuguese message to answer with: the field's own message when the first failing field is
 * one staff type in (`typed`), else `invalid` (a hidden field tampered with), and what was
 * sent, so a refused form keeps what was typed.
 */
export function parseAdminForm<S extends z.ZodType>(
  form: FormEntries,
  schema: S,
  invalid: string,
  typed: readonly string[] = [],
): AdminFormRead<z.output<S>> {
  const parsed = parseForm(schema, form);
  if (parsed.success) return { ok: true, data: parsed.data };
  const [field, message] = Object.entries(parsed.fieldErrors)[0] ?? [];
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] ??= value;
  return {
    ok: false,
    status: 400,
    message: field !== undefined && typed.includes(field) && message ? message : invalid,
    fieldErrors: Object.fromEntries(
      Object.entries(parsed.fieldErrors).filter(([key]) => typed.includes(key)),
    ),
    values,
  };
}

/**
 * A staff form read within the limit and run through its schema (the one pipeline:
 * readForm, then parseAdminForm); otherwise the status and the message to answer with.
 */
export async function readAdminForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  invalid: string,
  typed: readonly string[] = [],
): Promise<AdminFormRead<z.output<S>>> {
  const read = await readForm(request, ADMIN_FORM_MAX_BYTES);
  if (!read.ok) return read;
  return parseAdminForm(read.form, schema, invalid, typed);
}

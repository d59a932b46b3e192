// Request bodies are at most 64 KB (docs/product.md rule 3); server/body-limit.ts enforces it
// first, this keeps the admin actions safe wherever they run.
import type { z } from "zod";
import { formReadMessages } from "../../content/http-errors.ts";
import { type FieldErrors, validateFields } from "../../platform/http/parse-form.ts";
import { type FormEntries, readForm } from "../../platform/http/read-form.server.ts";

export const ADMIN_FORM_MAX_BYTES = 64 * 1024;

/** The longest value sent back to refill a refused form (the form itself is at most 64 KB). */
const KEPT_VALUE_MAX = 2000;

export type AdminFormRefusal = {
  ok: false;
  status: 400 | 413 | 415;
  message: string;
  /** The first field the schema refused (absent when the body itself was unreadable). */
  field?: string;
  /** The messages of the fields staff type in, to show beside them. */
  fieldErrors?: FieldErrors;
  /** What was sent (first value of each name), to fill the form again. */
  values?: Record<string, string>;
};

export type AdminFormRead<T> =
  { ok: true; data: T; values: Record<string, string> } | AdminFormRefusal;

export interface AdminFormOptions {
  /** Names sent once per ticked box or hidden row (a list of ids), read as arrays. */
  lists?: readonly string[];
}

/**
 * A staff form read within the limit and run through its schema (the one pipeline:
 * readForm, then the schema); otherwise the status and the Portuguese message to answer with:
 * the field's own message when the first failing field is one staff type in (`typed`),
 * else `invalid` (a hidden field tampered with).
 */
export async function readAdminForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  invalid: string,
  typed: readonly string[] = [],
  options: AdminFormOptions = {},
): Promise<AdminFormRead<z.output<S>>> {
  const read = await readForm(request, ADMIN_FORM_MAX_BYTES);
  if (!read.ok) return read;
  return parseAdminForm(read.form, schema, invalid, typed, options);
}

/** The schema half of readAdminForm, for a form already read (a multipart upload). */
export function parseAdminForm<S extends z.ZodType>(
  form: FormEntries,
  schema: S,
  invalid: string,
  typed: readonly string[] = [],
  { lists = [] }: AdminFormOptions = {},
): AdminFormRead<z.output<S>> {
  const values: Record<string, string> = {};
  const fields: Record<string, string | string[]> = {};
  for (const [key, value] of form) {
    if (typeof value !== "string") continue;
    // PostgreSQL cannot hold U+0000 in text: refused for every field, so no query fails on it.
    if (value.includes("\u0000")) {
      const message = typed.includes(key) ? formReadMessages.nulCharacter : invalid;
      return { ok: false, status: 400, message, field: key };
    }
    values[key] ??= value.slice(0, KEPT_VALUE_MAX);
    if (lists.includes(key)) ((fields[key] ??= []) as string[]).push(value);
    else fields[key] ??= value;
  }
  const parsed = validateFields(schema, fields);
  if (parsed.success) return { ok: true, data: parsed.data, values };
  const [field, message] = Object.entries(parsed.fieldErrors)[0] ?? [];
  const fieldErrors = Object.fromEntries(
    Object.entries(parsed.fieldErrors).filter(([name]) => typed.includes(name)),
  );
  return {
    ok: false,
    status: 400,
    message: field !== undefined && typed.includes(field) && message ? message : invalid,
    field,
    fieldErrors,
    values,
  };
}

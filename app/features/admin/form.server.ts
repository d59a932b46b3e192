// Request bodies are at most 64 KB (docs/product.md rule 3); server/body-limit.ts enforces it
// first, this keeps the admin actions safe wherever they run.
import type { z } from "zod";
import { parseForm } from "../../platform/http/parse-form.ts";
import { readForm } from "../../platform/http/read-form.server.ts";

export const ADMIN_FORM_MAX_BYTES = 64 * 1024;

export type AdminFormRead<T> =
  { ok: true; data: T } | { ok: false; status: 400 | 413 | 415; message: string };

/**
 * A staff form read within the limit and run through its schema (the one pipeline:
 * readForm, then parseForm); otherwise the status and the Portuguese message to answer with:
 * the field's own message when the first failing field is one staff type in (`typed`),
 * else `invalid` (a hidden field tampered with).
 */
export async function readAdminForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  invalid: string,
  typed: readonly string[] = [],
): Promise<AdminFormRead<z.output<S>>> {
  const read = await readForm(request, ADMIN_FORM_MAX_BYTES);
  if (!read.ok) return read;
  const parsed = parseForm(schema, read.form);
  if (parsed.success) return { ok: true, data: parsed.data };
  const [field, message] = Object.entries(parsed.fieldErrors)[0] ?? [];
  return {
    ok: false,
    status: 400,
    message: field !== undefined && typed.includes(field) && message ? message : invalid,
  };
}

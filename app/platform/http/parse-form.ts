import type { z } from "zod";
import { formReadMessages } from "../../content/http-errors.ts";

export type FieldErrors = Record<string, string>;

export type ParsedForm<T> =
  { success: true; data: T } | { success: false; fieldErrors: FieldErrors; error: string };

/**
 * Runs a form's Zod schema on its FormData or URLSearchParams (the same call on the client before submitting
 * and in the action). Only text values are read; each field keeps its first message, and
 * `error` is the first message overall (the toast's description).
 */
export function parseForm<S extends z.ZodType>(
  schema: S,
  formData: Iterable<[string, FormDataEntryValue]>,
): ParsedForm<z.output<S>> {
  const values: Record<string, string> = {};
  const fieldErrors: FieldErrors = {};
  for (const [key, value] of formData) {
    if (typeof value !== "string") continue;
    // PostgreSQL cannot hold U+0000 in text: refused here for every schema, so no query ever
    // fails on it (a 500), whichever field or filter carries it.
    if (value.includes("\u0000")) fieldErrors[key] ??= formReadMessages.nulCharacter;
    if (!(key in values)) values[key] = value;
  }
  const refused = Object.values(fieldErrors)[0];
  if (refused) return { success: false, fieldErrors, error: refused };
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "");
    fieldErrors[field] ??= issue.message;
  }
  return {
    success: false,
    fieldErrors,
    error: result.error.issues[0]?.message ?? "",
  };
}

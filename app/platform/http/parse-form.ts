import type { z } from "zod";

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
  for (const [key, value] of formData) {
    if (typeof value === "string" && !(key in values)) values[key] = value;
  }
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const fieldErrors: FieldErrors = {};
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

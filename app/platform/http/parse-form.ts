import * as z from "zod/mini";
import { formReadMessages } from "../../content/http-errors.ts";

export type FieldErrors = Record<string, string>;

export type ParsedForm<T> =
  { success: true; data: T } | { success: false; fieldErrors: FieldErrors; error: string };

/**
 * Runs a form's Zod schema on its FormData or URLSearchParams (the same call on the client before submitting
 * and in the action). Only text values are read, the first of a repeated name; each field
 * keeps its first message, and `error` is the first message overall (the toast's description).
 */
export function parseForm<S extends z.core.$ZodType>(
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
  return validateFields(schema, values);
}

/**
 * The same schema run and the same field errors as parseForm, on values a form has already
 * gathered (checkbox groups as lists, a repeated single field as a list its schema refuses).
 */
export function validateFields<S extends z.core.$ZodType>(
  schema: S,
  values: Record<string, unknown>,
): ParsedForm<z.output<S>> {
  const result = z.safeParse(schema, values);
  if (result.success) return { success: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    fieldErrors[String(issue.path[0] ?? "")] ??= issue.message;
  }
  return { success: false, fieldErrors, error: result.error.issues[0]?.message ?? "" };
}

import { z } from "zod";
import { validationCopy } from "../../content/admin.ts";
import { isValidSlug, SLUG_MAX_LENGTH } from "../../lib/slug.ts";
import { hasControlCharacters } from "../../lib/text.ts";

// Field rules shared by the admin forms' Zod schemas (bounds: docs/decisions/033).
export const URL_MAX_LENGTH = 2048;

/**
 * Text a person typed: tabs and line breaks allowed, no other control character (PostgreSQL
 * refuses U+0000 outright; docs/decisions/040-form-reading-and-text-rules.md).
 */
function typedText(label: string) {
  return z
    .string({ error: validationCopy.required(label) })
    .refine((value) => !hasControlCharacters(value, true), {
      error: validationCopy.invalidCharacters(label),
      abort: true,
    });
}

/** Trimmed text, required (`missing` when empty), at most `max` characters. */
export function requiredText(label: string, max: number, missing = validationCopy.required(label)) {
  return typedText(label).trim().min(1, missing).max(max, validationCopy.tooLong(label, max));
}

/** Trimmed text or null when empty/missing, at most `max` characters. */
export function optionalText(label: string, max: number) {
  return typedText(label)
    .trim()
    .max(max, validationCopy.tooLong(label, max))
    .optional()
    .transform((value) => value || null);
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * An optional link shown on public pages: null when empty, otherwise only http(s), so no
 * `javascript:` or `data:` URL ever reaches an href or src.
 */
export function optionalHttpUrl(label: string) {
  return optionalText(label, URL_MAX_LENGTH)
    .refine((value) => value === null || isHttpUrl(value), {
      error: validationCopy.urlInvalid(label),
      abort: true,
    })
    .refine((value) => value === null || !hasUserInfo(value), {
      error: validationCopy.urlUserInfo(label),
    });
}

/**
 * `https://a@b/` or `https://a:b@c/`: a link whose visible start names another site than
 * the one it opens, refused.
 */
export function hasUserInfo(value: string): boolean {
  const url = new URL(value);
  return url.username !== "" || url.password !== "";
}

export function slugField(label: string) {
  return requiredText(label, SLUG_MAX_LENGTH).refine(isValidSlug, {
    error: validationCopy.slugFormat,
  });
}

/** A checkbox: present ("on") when ticked, absent otherwise. */
export const checkboxField = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

/** Row ids are UUIDs; anything else is answered as "not found", never a database error. */
export const rowId = z.guid();

/** A form that names one row (a button's hidden `id`). */
export const rowIdForm = z.object({ id: rowId });

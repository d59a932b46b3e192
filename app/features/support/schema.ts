// The support forms' one schema each (decision 385): /contato's asks name and e-mail, the
// panel's knows the person and picks one of their subscriptions.
import * as z from "zod/mini";
import { supportFieldErrors as e } from "../../content/support.ts";
import { hasControlCharacters } from "../../lib/text.ts";
import { MESSAGE_MAX_CHARS, NAME_MAX_CHARS } from "./model.ts";

const normalizeLineBreaks = (text: string) => text.replace(/\r\n?/g, "\n");

/** A message's text: line breaks as \n, trimmed, 1 to MESSAGE_MAX_CHARS, no control codes. */
export const messageText = z.string(e.message).check(
  z.overwrite(normalizeLineBreaks),
  z.trim(),
  z.minLength(1, e.message),
  z.maxLength(MESSAGE_MAX_CHARS, e.message),
  z.refine((value: string) => !hasControlCharacters(value, true), e.message),
);

export const contactSupportSchema = z.object({
  name: z.string(e.name).check(
    z.trim(),
    z.minLength(1, e.name),
    z.maxLength(NAME_MAX_CHARS, e.name),
    z.refine((value: string) => !hasControlCharacters(value), e.name),
  ),
  email: z
    .string(e.email)
    .check(
      z.trim(),
      z.toLowerCase(),
      z.maxLength(254, { error: e.email, abort: true }),
      z.regex(z.regexes.email, e.email),
    ),
  message: messageText,
});

export const accountSupportSchema = z.object({
  // Empty: about no subscription in particular.
  subscription: z.string(e.subscription).check(z.regex(/^$|^[0-9a-f-]{36}$/, e.subscription)),
  message: messageText,
});

export const staffReplySchema = z.object({ message: messageText });

/** The fields a refused support form sends back, so nothing typed is lost. */
export type SupportFormValues = Partial<
  Record<"name" | "email" | "message" | "subscription", string>
>;

// The one-field e-mail forms (/meus-dados and the blog's newsletter): the public forms' guard
// (docs/decisions/025), then one answer whatever the address, so no one learns who is listed.
import * as z from "zod/mini";
import { readPublicForm } from "../../platform/http/public-form.server.ts";
import { signupSchema } from "../waitlist/schema.ts";

export interface EmailFormAnswer {
  status: 200 | 400 | 413 | 415 | 429 | 503;
  message: string;
}

interface EmailFormCopy {
  sent: string;
  rateLimited: string;
  invalidEmail: string;
}

/** The address typed, or the answer to give instead (a bot is told it was sent). */
export async function readEmailForm(
  request: Request,
  options: { name: string; clientIp: string; perMinute: number },
  copy: EmailFormCopy,
): Promise<{ email: string } | { answer: EmailFormAnswer }> {
  const read = await readPublicForm(request, options);
  if (!read.ok)
    return { answer: { status: read.status, message: read.message ?? copy.rateLimited } };
  if (read.bot) return { answer: { status: 200, message: copy.sent } };
  const email = z.safeParse(signupSchema.shape.email, read.form.get("email") ?? undefined);
  if (!email.success) return { answer: { status: 400, message: copy.invalidEmail } };
  return { email: email.data };
}

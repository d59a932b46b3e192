// The guard every small public form shares with /contato (docs/decisions/025): the form is
// read safely, each client gets at most `perMinute` posts a minute, and a filled honeypot
// (`website`) is answered as a success while nothing is done.
import { hitRateLimit, rateLimitSubject } from "./rate-limit.server.ts";
import { readForm, type FormEntries } from "./read-form.server.ts";

const FORM_MAX_BYTES = 4 * 1024;
const WINDOW_MS = 60_000;

export interface PublicFormOptions {
  /** Names the form in the rate-limit key. */
  name: string;
  clientIp: string;
  /** Posts per client per minute; 0 turns the limit off. */
  perMinute: number;
  /** The body's limit when the form takes more than a few short fields (default 4 KB). */
  maxBytes?: number;
}

export type PublicFormRead =
  | { ok: true; form: FormEntries; bot: boolean }
  | { ok: false; status: 400 | 413 | 415 | 429; message?: string };

export async function readPublicForm(
  request: Request,
  { name, clientIp, perMinute, maxBytes = FORM_MAX_BYTES }: PublicFormOptions,
): Promise<PublicFormRead> {
  const read = await readForm(request, maxBytes);
  if (!read.ok) return read;
  if (await overClientLimit({ name, clientIp, perMinute })) return { ok: false, status: 429 };
  const bot = read.form.getAll("website").some((value) => value !== "");
  return { ok: true, form: read.form, bot };
}

/** Counts one post of the client; true when it is over the form's limit. */
export async function overClientLimit({
  name,
  clientIp,
  perMinute,
}: PublicFormOptions): Promise<boolean> {
  if (perMinute <= 0) return false;
  const limit = await hitRateLimit(`${name}:${rateLimitSubject(clientIp)}`, perMinute, WINDOW_MS);
  return !limit.allowed;
}

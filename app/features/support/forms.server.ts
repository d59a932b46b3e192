// The support forms' actions (decision 385): read within limits, validated by the one
// schema, then a conversation opened. A refusal answers the typed values with one message
// per field, so nothing typed is lost; a filled honeypot is answered as a success.
import { supportAnswerCopy as copy, supportFieldErrors } from "../../content/support.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import { parseForm } from "../../platform/http/parse-form.ts";
import { readPublicForm } from "../../platform/http/public-form.server.ts";
import type { FormEntries } from "../../platform/http/read-form.server.ts";
import { duePromise } from "./due.ts";
import {
  dueAfter,
  newReference,
  openConversation,
  personOf,
  supportSubscriptionsOf,
} from "./conversations.server.ts";
import { accountSupportSchema, contactSupportSchema, type SupportFormValues } from "./schema.ts";
import type { SupportFormResult } from "./support-form.tsx";

/** Bodies up to this: 4,000 characters of accented text, percent-encoded, and the rest. */
export const SUPPORT_FORM_MAX_BYTES = 32 * 1024;

export interface SupportAnswer {
  status: number;
  result: SupportFormResult;
}

const typed = (form: FormEntries, names: readonly (keyof SupportFormValues)[]) =>
  Object.fromEntries(
    names.map((name) => [name, String(form.get(name) ?? "").slice(0, 20_000)]),
  ) as SupportFormValues;

const refused = (
  status: number,
  message: string,
  values: SupportFormValues = {},
  fieldErrors: SupportFormResult["fieldErrors"] = {},
): SupportAnswer => ({
  status,
  result: { form: "support", ok: false, message, values, fieldErrors },
});

const sent = (reference: string, promise: string): SupportAnswer => ({
  status: 200,
  result: { form: "support", ok: true, message: copy.sent(reference, promise) },
});

async function opened(work: () => Promise<SupportAnswer>, values: SupportFormValues) {
  try {
    return await work();
  } catch (error) {
    getLogger().error({ err: error }, "a support conversation could not be opened");
    return refused(503, copy.unavailable, values);
  }
}

/** /contato's support form: anyone, by name and e-mail. */
export async function submitContactSupport(
  request: Request,
  limits: { clientIp: string; rateLimitPerMinute: number },
  now: Date,
): Promise<SupportAnswer> {
  const read = await readPublicForm(request, {
    name: "support",
    clientIp: limits.clientIp,
    perMinute: limits.rateLimitPerMinute,
    maxBytes: SUPPORT_FORM_MAX_BYTES,
  });
  if (!read.ok) {
    return read.status === 429
      ? refused(429, copy.rateLimited)
      : refused(read.status, read.message ?? copy.unavailable);
  }
  const values = typed(read.form, ["name", "email", "message"]);
  const parsed = parseForm(contactSupportSchema, read.form);
  if (!parsed.success) return refused(400, copy.fixFields, values, parsed.fieldErrors);
  if (read.bot) {
    // The same answer as a real message, with a due time computed the same way.
    const due = await dueAfter(now);
    return sent(newReference(), duePromise(due, now));
  }
  return opened(async () => {
    const conversation = await openConversation(
      { origin: "contact", ...parsed.data, body: parsed.data.message },
      now,
    );
    return sent(conversation.reference, conversation.promise);
  }, values);
}

/** The panel's support form: the signed-in person, one of their subscriptions. */
export async function submitAccountSupport(
  waitlistId: string,
  form: FormEntries,
  now: Date,
): Promise<SupportAnswer> {
  const values = typed(form, ["subscription", "message"]);
  const parsed = parseForm(accountSupportSchema, form);
  if (!parsed.success) return refused(400, copy.fixFields, values, parsed.fieldErrors);
  const person = await personOf(waitlistId);
  if (!person) return refused(401, copy.unavailable, values);
  const subscriptionId = parsed.data.subscription || undefined;
  if (subscriptionId) {
    const owned = await supportSubscriptionsOf(waitlistId);
    if (!owned.some((s) => s.id === subscriptionId)) {
      return refused(400, copy.fixFields, values, {
        subscription: supportFieldErrors.subscription,
      });
    }
  }
  return opened(async () => {
    const conversation = await openConversation(
      {
        origin: "account",
        name: person.name,
        email: person.email,
        body: parsed.data.message,
        waitlistId,
        subscriptionId,
      },
      now,
    );
    return sent(conversation.reference, conversation.promise);
  }, values);
}

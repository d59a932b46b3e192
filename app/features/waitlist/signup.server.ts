// The /contato action's work: read the posted form safely, turn bots and floods away,
// validate with the shared schema and store the sign-up (docs/product.md rules 1-4).
import { signupMessages as m } from "../../content/signup-messages.ts";
import { addressCheckMessages } from "../../content/deliverability.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import { hitRateLimit, rateLimitSubject } from "../../platform/http/rate-limit.server.ts";
import { readForm } from "../../platform/http/read-form.server.ts";
import { addressProblem } from "../deliverability/address-check.server.ts";
import { insertWaitlistEntry } from "./queries.server.ts";
import {
  emptySignupValues,
  signupLimits,
  signupValuesFrom,
  type SignupActionData,
  type SignupFieldErrors,
  type SignupValues,
} from "./fields.ts";
import { readSignupFields, validateSignup } from "./schema.ts";
import { postedAttribution, signupAttributionOf } from "./source.ts";
import { honeypotField } from "../../components/ui/honeypot.tsx";

export interface SignupResult {
  status: 200 | 400 | 413 | 415 | 429 | 503;
  data: SignupActionData;
  headers?: Record<string, string>;
}

export interface SignupOptions {
  /** The client's address (request-context.ts), the rate limit's subject. */
  clientIp: string;
  /** Sign-ups per client address per minute; 0 turns the limit off. */
  rateLimitPerMinute: number;
}

const RATE_LIMIT_WINDOW_MS = 60_000;

const success: SignupResult = { status: 200, data: { ok: true } };

function rejected(
  status: SignupResult["status"],
  formError: string | undefined,
  values: SignupValues = emptySignupValues,
  errors: SignupFieldErrors = {},
  headers?: Record<string, string>,
): SignupResult {
  return { status, data: { ok: false, errors, formError, values }, headers };
}

/** What the form carried from the page (decision 144); the request's own, part by part. */
function attributionOf(form: Parameters<typeof postedAttribution>[0], request: Request) {
  const posted = postedAttribution(form);
  const own = signupAttributionOf(request);
  return {
    source: posted.source ?? own.source,
    utmMedium: posted.utmMedium ?? own.utmMedium,
    utmCampaign: posted.utmCampaign ?? own.utmCampaign,
    referrer: posted.referrer ?? own.referrer,
  };
}

/** Handles one posted sign-up. Every outcome is an answer: nothing a client sends throws. */
export async function handleSignup(
  request: Request,
  options: SignupOptions,
): Promise<SignupResult> {
  const read = await readForm(request, signupLimits.bodyMaxBytes);
  if (!read.ok) return rejected(read.status, read.message);
  const { form } = read;

  const fields = readSignupFields(form);
  const values = signupValuesFrom(fields);

  try {
    if (options.rateLimitPerMinute > 0) {
      const limit = await hitRateLimit(
        `signup:${rateLimitSubject(options.clientIp)}`,
        options.rateLimitPerMinute,
        RATE_LIMIT_WINDOW_MS,
      );
      if (!limit.allowed) {
        const retryAfter = { "Retry-After": String(limit.retryAfterSeconds) };
        return rejected(429, m.rateLimited, values, {}, retryAfter);
      }
    }

    // Bots fill every field; people never see this one. Answer as if stored.
    const honeypot = form.getAll(honeypotField);
    if (honeypot.some((value) => value !== "")) return success;

    const validation = validateSignup(fields);
    if (!validation.success) return rejected(400, m.fixFields, values, validation.fieldErrors);

    const { name, email, agents, message, contact } = validation.data;
    const problem = addressProblem(email);
    if (problem) {
      return rejected(400, m.fixFields, values, { email: addressCheckMessages[problem] });
    }
    await insertWaitlistEntry({
      name,
      email,
      interestedAgents: agents,
      message: message || null,
      marketingConsent: contact === "on",
      ...attributionOf(form, request),
    });
    return success;
  } catch (error) {
    // Only the database can fail here; the visitor keeps the form and may retry.
    getLogger().error({ err: error }, "waitlist sign-up could not be stored");
    return rejected(503, m.unavailable, values);
  }
}

import { redirect } from "react-router";
import { loginCopy } from "../../content/admin.ts";
import {
  loginRateLimitKeys,
  signInAdmin,
  signOutAdmin,
  ADMIN_LOGIN_PATH,
} from "../../lib/auth.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { parseForm } from "../../platform/http/parse-form.ts";
import {
  hitRateLimit,
  rateLimitSubject,
  resetRateLimit,
} from "../../platform/http/rate-limit.server.ts";
import type { FormEntries } from "../../platform/http/read-form.server.ts";
import { actionFailed } from "../admin/action-result.server.ts";
import { loginSchema } from "./login-schema.ts";

const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/**
 * The login form's action: validates, counts the attempt per client and per e-mail with
 * client (429 past either limit, docs/decisions/051-login-lockout.md), signs in through
 * better-auth and redirects to `destination` (a checked admin path) with its session cookie. A plain form
 * post, so it works without JavaScript.
 */
export async function login(
  request: Request,
  form: FormEntries,
  clientIp: string,
  destination: string,
) {
  const parsed = parseForm(loginSchema, form);
  const typedEmail = String(form.get("email") ?? "").slice(0, 254);
  if (!parsed.success) {
    return actionFailed(400, parsed.error, {
      fieldErrors: parsed.fieldErrors,
      email: typedEmail,
    });
  }
  const { email, password } = parsed.data;
  const env = getEnv();
  const client = rateLimitSubject(clientIp);
  const clientKey = loginRateLimitKeys.client(client);
  const pairKey = loginRateLimitKeys.emailAndClient(email, client);
  // A client refused by its own limit is answered before the pair's counter moves.
  const byClient = await hitRateLimit(clientKey, env.LOGIN_RATE_LIMIT_PER_IP, LOGIN_WINDOW_MS);
  const byPair = byClient.allowed
    ? await hitRateLimit(pairKey, env.LOGIN_RATE_LIMIT_PER_EMAIL, LOGIN_WINDOW_MS)
    : byClient;
  if (!byPair.allowed) {
    return actionFailed(429, loginCopy.tooManyAttempts(Math.ceil(byPair.retryAfterSeconds / 60)), {
      email: typedEmail,
      headers: { "Retry-After": String(byPair.retryAfterSeconds) },
    });
  }
  const cookies = await signInAdmin(
    { email, password },
    { ip: clientIp, userAgent: request.headers.get("user-agent") },
  );
  if (!cookies) {
    return actionFailed(401, loginCopy.invalidCredentials, { email: typedEmail });
  }
  await Promise.all([resetRateLimit(clientKey), resetRateLimit(pairKey)]);
  return redirect(destination, { headers: cookies });
}

/** "Sair": ends the session and goes back to the login. Without a session nothing changes. */
export async function logout(request: Request) {
  return redirect(ADMIN_LOGIN_PATH, { headers: await signOutAdmin(request) });
}

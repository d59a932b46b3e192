import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { admin } from "better-auth/plugins/admin";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { href } from "react-router";
import * as schema from "../../db/schema.ts";
import { type Database, getDb } from "../platform/db/db.server.ts";
import { type Env, getEnv } from "../platform/http/env.server.ts";
import { getLogger } from "../platform/http/logger.server.ts";
import { MIN_ADMIN_PASSWORD_LENGTH } from "./admin-password.ts";

// better-auth (email + password, admin plugin, sessions and its rate limits in our
// database). Its HTTP handler is not mounted: the /admin route calls auth.api on the
// server, so every request goes through React Router's Origin check and our own login
// limits. See docs/decisions/030-auth-setup.md.

export const ADMIN_ROLE = "admin";
export const ADMIN_LOGIN_PATH = href("/admin");
const MAX_PASSWORD_LENGTH = 128;
const SESSION_SECONDS = 60 * 60 * 24 * 7;
const SECRET_FILE = "auth-secret";
// Outside production only: sessions of a development or test database are worth nothing.
const DEVELOPMENT_SECRET = "agentes-fx-development-secret-not-for-production";
// The session records which client signed in; set by us, never read from the client.
const CLIENT_IP_HEADER = "x-agentes-client-ip";

export interface AuthSettings {
  secret: string;
  baseURL: string;
  secureCookies: boolean;
}

export function createAuth(db: Database, settings: AuthSettings) {
  return betterAuth({
    appName: "Agentes FX",
    baseURL: settings.baseURL,
    secret: settings.secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: MIN_ADMIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
    },
    // A fixed lifetime: loaders do not forward refreshed cookies, so none are issued.
    session: { expiresIn: SESSION_SECONDS, disableSessionRefresh: true },
    rateLimit: { enabled: true, storage: "database" },
    advanced: {
      useSecureCookies: settings.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [admin({ defaultRole: ADMIN_ROLE, adminRoles: [ADMIN_ROLE] })],
    telemetry: { enabled: false },
    logger: {
      level: "warn",
      log: (level, message) => getLogger()[level]({ component: "better-auth" }, message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

export class MissingAuthSecretError extends Error {
  constructor() {
    super(
      "BETTER_AUTH_SECRET must be set in production when DATABASE_URL is used, so every " +
        "server process signs sessions with the same key. Generate one with " +
        "`openssl rand -base64 32`.",
    );
    this.name = "MissingAuthSecretError";
  }
}

/** Fails fast at server start when production on PostgreSQL has no secret. */
export function assertAuthSecretConfigured(env: Env): void {
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.BETTER_AUTH_SECRET) {
    throw new MissingAuthSecretError();
  }
}

/**
 * BETTER_AUTH_SECRET when set. Without it: a fixed value outside production; on PGlite in
 * production a random secret made once and kept in DATA_DIR (one process holds that folder);
 * on PostgreSQL in production an error (several processes must share one secret).
 */
export function resolveAuthSecret(env: Env): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  if (env.NODE_ENV !== "production") return DEVELOPMENT_SECRET;
  assertAuthSecretConfigured(env);
  const file = path.join(env.DATA_DIR, SECRET_FILE);
  try {
    const stored = fs.readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  getLogger().warn({ file }, "BETTER_AUTH_SECRET is not set: generated one and stored it");
  return secret;
}

let current: { db: Database; auth: Auth } | undefined;

/** The app's auth instance, made on first use on the app's database (never at import). */
export async function getAuth(): Promise<Auth> {
  const db = await getDb();
  if (current?.db !== db) {
    const env = getEnv();
    current = {
      db,
      auth: createAuth(db, {
        secret: resolveAuthSecret(env),
        baseURL: env.SITE_URL,
        secureCookies: env.NODE_ENV === "production",
      }),
    };
  }
  return current.auth;
}

export interface AdminSession {
  userId: string;
  email: string;
  name: string;
}

/** The signed-in admin of this request, or null. */
export async function getAdminSession(request: Request): Promise<AdminSession | null> {
  if (!request.headers.has("cookie")) return null;
  const auth = await getAuth();
  const result = await auth.api.getSession({ headers: request.headers });
  if (!result || result.user.role !== ADMIN_ROLE) return null;
  return { userId: result.user.id, email: result.user.email, name: result.user.name };
}

/** Only the Set-Cookie lines of better-auth's answer, to forward on our own response. */
function setCookieHeaders(headers: Headers): Headers {
  const result = new Headers();
  for (const cookie of headers.getSetCookie()) result.append("Set-Cookie", cookie);
  return result;
}

/**
 * Checks an admin's e-mail and password and opens a session. Returns the Set-Cookie
 * headers to send, or null for wrong credentials (and for users who are not admins).
 */
export async function signInAdmin(
  credentials: { email: string; password: string },
  client: { ip: string; userAgent: string | null },
): Promise<Headers | null> {
  const auth = await getAuth();
  const headers = new Headers({ [CLIENT_IP_HEADER]: client.ip });
  if (client.userAgent) headers.set("user-agent", client.userAgent);
  try {
    const result = await auth.api.signInEmail({
      body: { email: credentials.email, password: credentials.password, rememberMe: true },
      headers,
      returnHeaders: true,
    });
    if (result.response.user.role !== ADMIN_ROLE) {
      const context = await auth.$context;
      await context.internalAdapter.deleteSession(result.response.token);
      return null;
    }
    return setCookieHeaders(result.headers);
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) return null;
    throw error;
  }
}

/** Ends the request's session (if any); returns the Set-Cookie headers that clear it. */
export async function signOutAdmin(request: Request): Promise<Headers> {
  if (!request.headers.has("cookie")) return new Headers();
  const auth = await getAuth();
  try {
    const result = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    return setCookieHeaders(result.headers);
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) return new Headers();
    throw error;
  }
}

/** Login counters: per client (IPv6 by /64), and per e-mail with client (decision 051). */
export const loginRateLimitKeys = {
  client: (client: string) => `login:client:${client}`,
  emailAndClient: (email: string, client: string) => `${loginEmailKeyPrefix(email)}${client}`,
};

function loginEmailKeyPrefix(email: string): string {
  return `login:email:${email}|`;
}

export class AdminInputError extends Error {
  override name = "AdminInputError";
}

/**
 * Creates an admin, or resets the password of the user with that e-mail (who becomes an
 * admin, loses every open session and may log in again at once). Used by
 * `npm run admin:create` on a connection of its own.
 */
export async function createOrResetAdmin(
  db: Database,
  input: { email: string; password: string; name?: string },
): Promise<"created" | "reset"> {
  const parsedEmail = z.email().max(254).safeParse(input.email.trim().toLowerCase());
  if (!parsedEmail.success) throw new AdminInputError(`Not a valid e-mail: ${input.email}`);
  const email = parsedEmail.data;
  const { password } = input;
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw new AdminInputError(
      `The password must have ${MIN_ADMIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`,
    );
  }
  // Password hashing needs no secret and this instance never signs a cookie.
  const auth = createAuth(db, {
    secret: crypto.randomBytes(32).toString("base64url"),
    baseURL: getEnv().SITE_URL,
    secureCookies: false,
  });
  const context = await auth.$context;
  const existing = await context.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  let outcome: "created" | "reset";
  if (!existing) {
    const name = input.name?.trim() || email.split("@")[0] || email;
    await auth.api.createUser({ body: { email, password, name, role: ADMIN_ROLE } });
    outcome = "created";
  } else {
    const userId = existing.user.id;
    const hash = await context.password.hash(password);
    const hasCredential = existing.accounts.some((account) => account.providerId === "credential");
    if (hasCredential) {
      await context.internalAdapter.updatePassword(userId, hash);
    } else {
      await context.internalAdapter.linkAccount({
        providerId: "credential",
        accountId: userId,
        password: hash,
        userId,
      });
    }
    await context.internalAdapter.updateUser(userId, { role: ADMIN_ROLE, banned: false });
    await context.internalAdapter.deleteUserSessions(userId);
    outcome = "reset";
  }
  await db
    .delete(schema.rateLimits)
    .where(sql`starts_with(${schema.rateLimits.key}, ${loginEmailKeyPrefix(email)})`);
  return outcome;
}

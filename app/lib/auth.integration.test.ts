import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { account, session, user } from "../../db/schema.ts";
import { cookieFrom } from "../../tests/support/http.ts";
import {
  AdminInputError,
  createAuth,
  createOrResetAdmin,
  getAdminSession,
  MissingAuthSecretError,
  resolveAuthSecret,
  signInAdmin,
} from "./auth.server.ts";
import { getDb } from "../platform/db/db.server.ts";
import { type Env, getEnv } from "../platform/http/env.server.ts";

const client = { ip: "192.0.2.10", userAgent: "vitest" };
const PASSWORD = "primeira-senha-longa";

describe("createOrResetAdmin", () => {
  it("creates an admin who can sign in, with a hashed password", async () => {
    const db = await getDb();
    expect(await createOrResetAdmin(db, { email: "Nova@AgentesFX.test", password: PASSWORD })).toBe(
      "created",
    );
    const [row] = await db.select().from(user).where(eq(user.email, "nova@agentesfx.test"));
    expect(row).toMatchObject({ role: "admin", name: "nova" });
    const [credential] = await db.select().from(account).where(eq(account.userId, row!.id));
    expect(credential?.providerId).toBe("credential");
    expect(credential?.password).not.toContain(PASSWORD);
    const cookies = await signInAdmin({ email: "nova@agentesfx.test", password: PASSWORD }, client);
    expect(cookies).not.toBeNull();
    const request = new Request("http://localhost/admin", {
      headers: { cookie: cookieFrom(cookies!) },
    });
    expect(await getAdminSession(request)).toMatchObject({ email: "nova@agentesfx.test" });
  });

  it("resets the password on a rerun and ends the open sessions", async () => {
    const db = await getDb();
    const email = "reset@agentesfx.test";
    await createOrResetAdmin(db, { email, password: PASSWORD });
    const oldCookies = await signInAdmin({ email, password: PASSWORD }, client);
    const oldRequest = new Request("http://localhost/admin", {
      headers: { cookie: cookieFrom(oldCookies!) },
    });
    expect(await getAdminSession(oldRequest)).not.toBeNull();

    expect(await createOrResetAdmin(db, { email, password: "segunda-senha-longa" })).toBe("reset");
    expect(await getAdminSession(oldRequest)).toBeNull();
    expect(await signInAdmin({ email, password: PASSWORD }, client)).toBeNull();
    expect(await signInAdmin({ email, password: "segunda-senha-longa" }, client)).not.toBeNull();
    expect(await db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
  });

  it("refuses short passwords and invalid e-mails", async () => {
    const db = await getDb();
    await expect(
      createOrResetAdmin(db, { email: "curta@agentesfx.test", password: "onze-chars!" }),
    ).rejects.toThrow(AdminInputError);
    await expect(
      createOrResetAdmin(db, { email: "sem-arroba", password: PASSWORD }),
    ).rejects.toThrow(AdminInputError);
    expect(await db.select().from(user).where(eq(user.email, "curta@agentesfx.test"))).toEqual([]);
  });
});

describe("sessions", () => {
  it("never lets a user without the admin role in, and leaves no session behind", async () => {
    const db = await getDb();
    const auth = createAuth(db, {
      secret: "x".repeat(32),
      baseURL: "http://localhost:3000",
      secureCookies: false,
    });
    await auth.api.createUser({
      body: { email: "leitor@agentesfx.test", password: PASSWORD, name: "Leitor", role: "user" },
    });
    const [reader] = await db.select().from(user).where(eq(user.email, "leitor@agentesfx.test"));
    expect(await signInAdmin({ email: "leitor@agentesfx.test", password: PASSWORD }, client)).toBe(
      null,
    );
    expect(await db.select().from(session).where(eq(session.userId, reader!.id))).toEqual([]);
  });

  it("issues Secure, HttpOnly, SameSite=Lax cookies when configured for production", async () => {
    const db = await getDb();
    await createOrResetAdmin(db, { email: "prod@agentesfx.test", password: PASSWORD });
    const auth = createAuth(db, {
      secret: "y".repeat(32),
      baseURL: "https://agentesfx.com.br",
      secureCookies: true,
    });
    const { headers } = await auth.api.signInEmail({
      body: { email: "prod@agentesfx.test", password: PASSWORD },
      returnHeaders: true,
    });
    const sessionCookie = headers
      .getSetCookie()
      .find((line) => line.startsWith("__Secure-better-auth.session_token="));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).toMatch(/;\s*Secure/i);
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
  });
});

describe("resolveAuthSecret", () => {
  const base = (): Env => ({ ...getEnv(), BETTER_AUTH_SECRET: undefined, DATABASE_URL: undefined });

  it("uses BETTER_AUTH_SECRET when set", () => {
    const secret = "s".repeat(40);
    expect(
      resolveAuthSecret({ ...base(), NODE_ENV: "production", BETTER_AUTH_SECRET: secret }),
    ).toBe(secret);
  });

  it("refuses production on PostgreSQL without a secret", () => {
    expect(() =>
      resolveAuthSecret({
        ...base(),
        NODE_ENV: "production",
        DATABASE_URL: "postgres://postgres@127.0.0.1:5432/x",
      }),
    ).toThrow(MissingAuthSecretError);
  });

  it("makes one secret per DATA_DIR in production on PGlite and keeps it private", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-secret-"));
    try {
      const env = { ...base(), NODE_ENV: "production" as const, DATA_DIR: dir };
      const first = resolveAuthSecret(env);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(resolveAuthSecret(env)).toBe(first);
      expect(fs.statSync(path.join(dir, "auth-secret")).mode & 0o077).toBe(0);
      const other = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-secret-"));
      expect(resolveAuthSecret({ ...env, DATA_DIR: other })).not.toBe(first);
      fs.rmSync(other, { recursive: true, force: true });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("uses a fixed value outside production", () => {
    expect(resolveAuthSecret({ ...base(), NODE_ENV: "development" })).toBe(
      resolveAuthSecret({ ...base(), NODE_ENV: "test" }),
    );
  });
});

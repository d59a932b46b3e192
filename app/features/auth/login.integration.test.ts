import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits } from "../../../db/schema.ts";
import { callLoginAction } from "../../../tests/support/admin-requests.ts";
import { createOrResetAdmin, loginRateLimitKeys } from "../../lib/auth.server.ts";
import { getDb } from "../../platform/db/db.server.ts";

// Login limits (docs/decisions/051-login-lockout.md): 5 attempts per e-mail and client,
// 20 per client (IPv6 by /64), each per 15 minutes.
const PASSWORD = "uma-senha-bem-longa-1";

async function newAdmin(email: string) {
  await createOrResetAdmin(await getDb(), { email, password: PASSWORD });
  return email;
}

const logIn = (email: string, password: string, ip: string) =>
  callLoginAction({ intent: "login", email, password }, { ip });

describe("login rate limits", () => {
  it("refuses a client that keeps failing for an e-mail, never the admin elsewhere", async () => {
    const email = await newAdmin("alvo@agentesfx.test");
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await logIn(email, `errada-${attempt}-xxxxx`, "203.0.113.1")).status).toBe(401);
    }
    const blocked = await logIn(email, PASSWORD, "203.0.113.1");
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      ok: false,
      error: expect.stringMatching(
        /^Muitas tentativas de login\. Tente novamente em \d+ minutos?\.$/,
      ),
    });
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(blocked.headers.getSetCookie()).toEqual([]);

    expect((await logIn(email, PASSWORD, "198.51.100.7")).status).toBe(302);

    // Resetting the password (admin:create) lifts the block of every client for the e-mail.
    await createOrResetAdmin(await getDb(), { email, password: PASSWORD });
    expect((await logIn(email, PASSWORD, "203.0.113.1")).status).toBe(302);
  });

  it("refuses a client after 20 attempts, counting an IPv6 /64 as one client", async () => {
    const email = await newAdmin("rede@agentesfx.test");
    for (let attempt = 0; attempt < 20; attempt++) {
      const outcome = await logIn(
        `ninguem${attempt}@agentesfx.test`,
        "qualquer-senha-1",
        `2001:db8:1:2::${(attempt + 1).toString(16)}`,
      );
      expect(outcome.status).toBe(401);
    }
    expect((await logIn(email, PASSWORD, "2001:db8:1:2:ffff::1")).status).toBe(429);
    expect((await logIn(email, PASSWORD, "2001:db8:1:3::1")).status).toBe(302);
  });

  it("stops counting once a client is refused", async () => {
    const email = await newAdmin("contagem@agentesfx.test");
    const ip = "203.0.113.77";
    for (let attempt = 0; attempt < 40; attempt++) await logIn(email, "errada-xxxxxxxx", ip);
    const db = await getDb();
    const counts = async (key: string) =>
      (await db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count;
    expect(await counts(loginRateLimitKeys.emailAndClient(email, ip))).toBe(6);
    expect(await counts(loginRateLimitKeys.client(ip))).toBe(21);
  });
});

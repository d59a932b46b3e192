import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consentEvents, emailOutbox, emailTokens, waitlist } from "../../../db/schema.ts";
import { consentTextVersions } from "../../content/consent.ts";
import { form } from "../../../tests/support/http.ts";
import { callContactAction, postRequest } from "../../../tests/support/signup-requests.ts";
import { callRoute } from "../../../tests/support/route-calls.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { action, loader } from "../../routes/site/confirm.tsx";
import { hashToken, newToken } from "../email/tokens.server.ts";
import { linkTokens } from "../../../tests/support/outbox.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";

const smtp = await smtpServerForFile();

/** Calls the route the way React Router does; answers its status and page state. */
async function call(handler: typeof loader | typeof action, token: string, search = "") {
  const answer = await callRoute(handler, {
    url: `http://localhost:3000/confirmar/${encodeURIComponent(token)}${search}`,
    params: { token },
    body: handler === action ? "" : undefined,
  });
  return { status: answer.status, state: (answer.body as { state: string }).state };
}

/** Signs up and returns the token of the confirmation message it sent. */
async function signUpAndGetToken(email: string): Promise<string> {
  const answer = await callContactAction(postRequest(form({ name: "Clara", email, terms: "on" })));
  expect(answer.status).toBe(303);
  const [token] = await linkTokens(smtp, email, "/confirmar");
  if (!token) throw new Error("no confirmation sent");
  return token;
}

async function confirmedAt(email: string) {
  const db = await getDb();
  const [row] = await db.select().from(waitlist).where(eq(waitlist.email, email));
  return row?.confirmedAt;
}

describe("the confirmation link", () => {
  it("GET shows the button and confirms nothing; the POST confirms once, then answers 410", async () => {
    const token = await signUpAndGetToken("clara@example.com");
    expect(await call(loader, token)).toEqual({ status: 200, state: "valid" });
    expect(await call(loader, token)).toEqual({ status: 200, state: "valid" });
    expect(await confirmedAt("clara@example.com")).toBeNull();

    const before = Date.now();
    expect(await call(action, token)).toEqual({ status: 200, state: "confirmed" });
    expect((await confirmedAt("clara@example.com"))?.getTime()).toBeGreaterThanOrEqual(
      before - 5_000,
    );
    expect(await call(action, token)).toEqual({ status: 410, state: "gone" });
    expect(await call(loader, token)).toEqual({ status: 410, state: "gone" });
    // A used link offers no resend.
    expect(await call(action, token, "?reenviar")).toEqual({ status: 410, state: "gone" });

    const db = await getDb();
    const [entry] = await db.select().from(waitlist).where(eq(waitlist.email, "clara@example.com"));
    const ledger = await db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.waitlistId, entry?.id ?? ""));
    expect(ledger.find((line) => line.kind === "email-confirmed")).toMatchObject({
      channel: "confirmation-link",
      textVersion: consentTextVersions.confirmation,
      createdAt: entry?.confirmedAt,
    });
  });

  it("answers 410 after 7 days, and confirms nothing", async () => {
    const token = await signUpAndGetToken("atrasada@example.com");
    const db = await getDb();
    await db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    expect(await call(loader, token)).toEqual({ status: 410, state: "expired" });
    expect(await call(action, token)).toEqual({ status: 410, state: "gone" });
    expect(await confirmedAt("atrasada@example.com")).toBeNull();
  });

  it("an expired link resends a new 7-day link, at most 3 confirmations a day per address", async () => {
    const email = "reenvio@example.com";
    const token = await signUpAndGetToken(email);
    const db = await getDb();
    await db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    const confirmations = () =>
      db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));
    expect(await call(action, token, "?reenviar")).toEqual({ status: 200, state: "resent" });
    expect(await call(action, token, "?reenviar")).toEqual({ status: 200, state: "resent" });
    expect(await call(action, token, "?reenviar")).toEqual({ status: 429, state: "throttled" });
    const queued = await confirmations();
    expect(queued).toHaveLength(3);
    const fresh = (await linkTokens(smtp, email, "/confirmar")).at(-1) ?? "";
    expect(fresh).not.toBe(token);
    expect(await call(loader, fresh)).toEqual({ status: 200, state: "valid" });
    expect(await call(action, fresh)).toEqual({ status: 200, state: "confirmed" });
    expect(await call(action, token, "?reenviar")).toEqual({ status: 410, state: "gone" });
  });

  it.each([
    ["an unknown token", newToken().token],
    ["a short token", "abc"],
    ["a path", "../../admin"],
    ["a long token", "a".repeat(5_000)],
    ["SQL", "' or 1=1 --"],
    ["a NUL byte", `${"a".repeat(42)}\u0000`],
  ])("answers %s with 404 on GET and POST", async (_title, token) => {
    expect(await call(loader, token)).toEqual({ status: 404, state: "not-found" });
    expect(await call(action, token)).toEqual({ status: 404, state: "not-found" });
  });
});

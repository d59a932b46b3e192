import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, emailTokens, waitlist } from "../../../db/schema.ts";
import { form } from "../../../tests/support/http.ts";
import { callContactAction, postRequest } from "../../../tests/support/signup-requests.ts";
import { getDb } from "../../lib/db.server.ts";
import { action, loader } from "../../routes/site/confirm.tsx";
import { hashToken, newToken } from "./tokens.server.ts";

type Args = Parameters<typeof loader>[0];

/** Calls the route the way React Router does; answers its status and page state. */
async function call(handler: typeof loader | typeof action, token: string) {
  const url = new URL(`http://localhost:3000/confirmar/${encodeURIComponent(token)}`);
  const request = new Request(url, { method: handler === action ? "POST" : "GET" });
  const result = await handler({ request, params: { token }, url } as unknown as Args);
  return { status: result.init?.status ?? 200, state: result.data.state };
}

/** Signs up and returns the token of the queued confirmation message. */
async function signUpAndGetToken(email: string): Promise<string> {
  const answer = await callContactAction(postRequest(form({ name: "Clara", email, terms: "on" })));
  expect(answer.status).toBe(303);
  const db = await getDb();
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));
  const token = row?.payload.token;
  if (!token) throw new Error("no confirmation queued");
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
  });

  it("answers 410 after 7 days, and confirms nothing", async () => {
    const token = await signUpAndGetToken("atrasada@example.com");
    const db = await getDb();
    await db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    expect(await call(loader, token)).toEqual({ status: 410, state: "gone" });
    expect(await call(action, token)).toEqual({ status: 410, state: "gone" });
    expect(await confirmedAt("atrasada@example.com")).toBeNull();
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

import { and, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { emailOutbox, emailTokens } from "../../../db/schema.ts";
import { form } from "../../../tests/support/http.ts";
import { callContactAction, freshIp, postRequest } from "../../../tests/support/signup-requests.ts";
import { myDataCopy } from "../../content/email.ts";
import { getDb } from "../../lib/db.server.ts";
import { clientIpContext } from "../../lib/request-context.ts";
import { action } from "../../routes/site/my-data.tsx";
import { loader } from "../../routes/site/my-data-view.tsx";
import { hashToken } from "./tokens.server.ts";

type ActionArgs = Parameters<typeof action>[0];
type LoaderArgs = Parameters<typeof loader>[0];

async function ask(fields: Record<string, string>, ip = freshIp()) {
  const context = new RouterContextProvider();
  context.set(clientIpContext, ip);
  const request = postRequest(form(fields), { url: "http://localhost:3000/meus-dados" });
  const result = await action({ request, context } as unknown as ActionArgs);
  return { status: result.init?.status ?? 200, message: result.data.message };
}

async function open(token: string, search = "") {
  const url = new URL(`http://localhost:3000/meus-dados/${token}${search}`);
  try {
    const result = await loader({
      request: new Request(url),
      params: { token },
      url,
    } as unknown as LoaderArgs);
    if ("init" in result) return { status: result.init?.status ?? 200, body: result.data };
    return { status: 200, body: result };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, body: await thrown.json(), headers: thrown.headers };
  }
}

const linksFor = async (email: string) => {
  const db = await getDb();
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.recipient, email), eq(emailOutbox.template, "my-data-link")));
};

describe("/meus-dados", () => {
  it("answers every address the same, and e-mails a 1-hour link only to a listed one", async () => {
    await callContactAction(
      postRequest(form({ name: "Lia", email: "lia@example.com", terms: "on", agents: "yenmax" })),
    );
    const sent = { status: 200, message: myDataCopy.sent };
    expect(await ask({ email: " Lia@Example.com " })).toEqual(sent);
    expect(await ask({ email: "ninguem@example.com" })).toEqual(sent);
    expect(await ask({ email: "lia@example.com", website: "spam" })).toEqual(sent);
    expect(await linksFor("ninguem@example.com")).toHaveLength(0);
    const links = await linksFor("lia@example.com");
    expect(links).toHaveLength(1);

    const token = links[0]?.payload.token ?? "";
    const page = await open(token);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      state: "valid",
      entry: { name: "Lia", email: "lia@example.com", interestedAgents: ["yenmax"] },
    });
    const json = await open(token, "?formato=json");
    expect(json.status).toBe(200);
    expect(json.headers?.get("Content-Disposition")).toContain("attachment");
    expect(json.body).toMatchObject({ name: "Lia", email: "lia@example.com" });

    const db = await getDb();
    await db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    expect((await open(token)).status).toBe(410);
  });

  it("answers a bad address 400, an unknown or malformed link 404, and floods 429", async () => {
    expect(await ask({ email: "nao-e-email" })).toEqual({
      status: 400,
      message: myDataCopy.invalidEmail,
    });
    expect((await open("x".repeat(43))).status).toBe(404);
    expect((await open("curto")).status).toBe(404);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) await ask({ email: `a${i}@example.com` }, ip);
    expect((await ask({ email: "b@example.com" }, ip)).status).toBe(429);
  });
});

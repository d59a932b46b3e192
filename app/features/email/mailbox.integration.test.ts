import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, emailTokens, waitlist } from "../../../db/schema.ts";
import { callSection, signIn } from "../../../tests/support/admin-requests.ts";
import { form } from "../../../tests/support/http.ts";
import { callContactAction, postRequest } from "../../../tests/support/signup-requests.ts";
import { mailboxCopy } from "../../content/email.ts";
import { createOrResetAdmin } from "../../lib/auth.server.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { mailboxTransport } from "../../platform/mail/transport.server.ts";
import { REDACTED_TOKEN } from "../../platform/mail/link-tokens.server.ts";
import { deliverQueued } from "../../../tests/support/outbox.ts";
import { startSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp-server.ts";

let cookie = "";
let smtp: TestSmtpServer;
afterAll(() => smtp.close());

// Through the admin layout's guard, as React Router calls the section.
const load = (options: { cookie?: string } = { cookie }) => callSection("/admin/emails", options);
const post = (fields: Record<string, string>, options: { cookie?: string } = { cookie }) =>
  callSection("/admin/emails", { ...options, fields });

beforeAll(async () => {
  smtp = await startSmtpServer();
  await createOrResetAdmin(await getDb(), {
    email: "caixa@agentesfx.test",
    password: "senha-de-teste-longa",
  });
  cookie = await signIn("caixa@agentesfx.test", "senha-de-teste-longa");
});

describe("/admin/emails", () => {
  it("is for staff only: the page redirects to the login, the action answers 401", async () => {
    expect((await load({})).status).toBe(302);
    expect((await post({ id: crypto.randomUUID() }, {})).status).toBe(401);
  });

  it("shows the counts and the local mailbox without usable links, marks failed messages seen, and re-queues one with a new link", async () => {
    await callContactAction(
      postRequest(form({ name: "Rita", email: "rita@example.com", terms: "on" })),
    );
    const db = await getDb();
    smtp.refuse = true;
    try {
      await deliverQueued(smtp, { maxAttempts: 2 });
    } finally {
      smtp.refuse = false;
    }
    const [failed] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, "rita@example.com"));
    expect(failed).toMatchObject({ status: "failed", seenAt: null });

    const page = (await load()).body as { counts: { failed: number }; failed: { id: string }[] };
    expect(page.counts.failed).toBeGreaterThanOrEqual(1);
    expect(page.failed.map((message) => message.id)).toContain(failed?.id);
    // From now on retention counts its days (docs/decisions/116).
    const [seen] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, failed!.id));
    expect(seen?.seenAt).toBeInstanceOf(Date);

    expect(await post({ id: failed?.id ?? "" })).toMatchObject({
      status: 200,
      body: { notice: mailboxCopy.resent },
    });
    expect(await post({ id: failed?.id ?? "" })).toMatchObject({
      status: 409,
      body: { notice: mailboxCopy.notResent },
    });
    expect((await post({ id: "not-an-id" })).status).toBe(400);

    await deliverQueued(smtp, { transport: mailboxTransport(db) });
    const [entry] = await db.select().from(waitlist).where(eq(waitlist.email, "rita@example.com"));
    // One live link: those of the failed tries were dropped.
    expect(await db.$count(emailTokens, eq(emailTokens.waitlistId, entry?.id ?? ""))).toBe(1);
    const after = (await load()).body as {
      mailbox: { recipient: string; text: string; html: string }[];
    };
    const stored = after.mailbox.find((message) => message.recipient === "rita@example.com");
    expect(stored?.text).toContain(`/confirmar/${REDACTED_TOKEN}`);
    expect(`${stored?.text}${stored?.html}`).not.toMatch(/confirmar\/[A-Za-z0-9_-]{43}/);
  });
});

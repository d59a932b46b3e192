import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, emailTokens, waitlist } from "../../../db/schema.ts";
import { form } from "../../../tests/support/http.ts";
import { callContactAction, postRequest } from "../../../tests/support/signup-requests.ts";
import { startSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp-server.ts";
import { emailCopy } from "../../content/email.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { processDueEmails, startOutboxWorker, type OutboxOptions } from "./outbox.server.ts";
import { hashToken } from "./tokens.server.ts";
import { mailboxTransport, smtpTransport } from "../../platform/mail/transport.server.ts";

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

async function options(overrides: Partial<OutboxOptions> = {}): Promise<OutboxOptions> {
  return {
    db: await getDb(),
    transport: smtpTransport(smtp.url, "Agentes FX <nao-responda@agentesfx.com.br>"),
    render: { siteUrl: "https://agentesfx.com.br", contactEmail: "suporte@agentesfx.com.br" },
    messageIdDomain: "agentesfx.com.br",
    retryBaseMs: 0,
    ...overrides,
  };
}

async function signUp(email: string, name = "Maria da Silva") {
  const answer = await callContactAction(
    postRequest(form({ name, email, agents: "yenmax", terms: "on", contact: "on" })),
  );
  expect(answer.status).toBe(303);
  return answer;
}

async function outboxFor(email: string) {
  const db = await getDb();
  return db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));
}

/** Sends until nothing is due (retries with no backoff are due at once). */
async function drain(opts: OutboxOptions) {
  while ((await processDueEmails(opts)) > 0);
}

const messagesTo = (email: string) =>
  smtp.messages.filter(
    (message) => message.to && "text" in message.to && message.to.text === email,
  );

describe("a new sign-up", () => {
  it("queues 'Confirme sua inscrição' with the row; the e-mail arrives with HTML, text, footer and a working link", async () => {
    await signUp("nova@example.com");
    const [queued] = await outboxFor("nova@example.com");
    expect(queued).toMatchObject({ template: "confirm-signup", status: "queued", attempts: 0 });

    const db = await getDb();
    const [entry] = await db.select().from(waitlist).where(eq(waitlist.email, "nova@example.com"));
    const tokens = await db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.waitlistId, entry?.id ?? ""));
    expect(tokens).toHaveLength(1);
    const validFor = (tokens[0]?.expiresAt.getTime() ?? 0) - Date.now();
    expect(validFor).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(validFor).toBeLessThanOrEqual(7 * 86_400_000);

    const before = smtp.messages.length;
    await drain(await options());
    await smtp.waitForMessages(before + 1);
    const [mail] = messagesTo("nova@example.com");
    expect(mail?.subject).toBe(emailCopy.confirmSignup.subject);
    expect(mail?.messageId).toBe(`<${queued?.id}@agentesfx.com.br>`);
    expect(mail?.html).toContain("Olá, Maria da Silva!");
    expect(mail?.text).toContain("Aviso de Risco");
    expect(mail?.text).toContain("suporte@agentesfx.com.br");
    const link = /https:\/\/agentesfx\.com\.br\/confirmar\/([A-Za-z0-9_-]{43})/.exec(
      mail?.text ?? "",
    );
    expect(link?.[1]).toBeDefined();
    // Only the token's hash is stored, and the outbox forgets the token once sent.
    expect(tokens[0]?.tokenHash).toBe(hashToken(link?.[1] ?? ""));
    const [sent] = await outboxFor("nova@example.com");
    expect(sent).toMatchObject({ status: "sent", attempts: 1 });
    expect(sent?.payload).not.toHaveProperty("token");
  });

  it("is stored with its message in one transaction: if the message cannot be queued, nothing is stored", async () => {
    const db = await getDb();
    await db.execute(
      sql`alter table email_outbox add constraint block_test check (recipient <> 'bloqueada@example.com')`,
    );
    try {
      const tokensBefore = await db.$count(emailTokens);
      const answer = await callContactAction(
        postRequest(form({ name: "Ana", email: "bloqueada@example.com", terms: "on" })),
      );
      expect(answer.status).toBe(503);
      expect(
        await db.select().from(waitlist).where(eq(waitlist.email, "bloqueada@example.com")),
      ).toHaveLength(0);
      expect(await db.$count(emailTokens)).toBe(tokensBefore);
    } finally {
      await db.execute(sql`alter table email_outbox drop constraint block_test`);
    }
  });
});

describe("a repeated sign-up", () => {
  it("changes nothing stored, answers as a new one and sends the 'Meus dados' e-mail, at most 3 a day", async () => {
    await signUp("repetida@example.com");
    const db = await getDb();
    const [before] = await db
      .select()
      .from(waitlist)
      .where(eq(waitlist.email, "repetida@example.com"));
    for (let i = 0; i < 4; i++) {
      const answer = await callContactAction(
        postRequest(
          form({ name: "Impostor", email: " Repetida@Example.com", terms: "on", message: "x" }),
        ),
      );
      expect(answer.status).toBe(303);
    }
    const rows = await db.select().from(waitlist).where(eq(waitlist.email, "repetida@example.com"));
    expect(rows).toEqual([before]);
    const queued = await outboxFor("repetida@example.com");
    expect(queued.map((row) => row.template).sort()).toEqual([
      "already-listed",
      "already-listed",
      "already-listed",
      "confirm-signup",
    ]);

    const count = smtp.messages.length;
    await drain(await options());
    await smtp.waitForMessages(count + 4);
    const listed = messagesTo("repetida@example.com").filter(
      (mail) => mail.subject === emailCopy.alreadyListed.subject,
    );
    expect(listed).toHaveLength(3);
    expect(listed[0]?.text).toContain("https://agentesfx.com.br/meus-dados");
    expect(listed[0]?.text).not.toContain("Impostor");
  });
});

describe("sending", () => {
  it("retries a refused message, then marks it failed after the last try", async () => {
    await signUp("falha@example.com");
    smtp.refuse = true;
    try {
      const opts = await options({ maxAttempts: 3 });
      await processDueEmails(opts);
      expect((await outboxFor("falha@example.com"))[0]).toMatchObject({
        status: "queued",
        attempts: 1,
      });
      await drain(opts);
    } finally {
      smtp.refuse = false;
    }
    const [row] = await outboxFor("falha@example.com");
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    expect(row?.lastError).toMatch(/451/);
    expect(row?.payload).not.toHaveProperty("token");
  });

  it("waits with backoff while the SMTP server is down and delivers once it is back", async () => {
    const down = await startSmtpServer();
    const port = down.port;
    await down.close();
    await signUp("espera@example.com");
    const opts = await options({
      transport: smtpTransport(`smtp://127.0.0.1:${port}`, "Agentes FX <x@agentesfx.com.br>"),
      retryBaseMs: 200,
    });
    expect(await processDueEmails(opts)).toBeGreaterThanOrEqual(1);
    const [waiting] = await outboxFor("espera@example.com");
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting?.runAt.getTime()).toBeGreaterThan(Date.now());

    const back = await startSmtpServer(port);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await drain(opts);
      await back.waitForMessages(1);
      expect((await outboxFor("espera@example.com"))[0]).toMatchObject({
        status: "sent",
        attempts: 2,
      });
    } finally {
      await back.close();
    }
  });

  it("keeps the same Message-ID when a message is sent again after a crash", async () => {
    await signUp("duas-vezes@example.com");
    const opts = await options();
    await drain(opts);
    const db = await getDb();
    // A crash between sending and recording it: the row is still queued.
    await db
      .update(emailOutbox)
      .set({ status: "queued", runAt: sql`now()` })
      .where(eq(emailOutbox.recipient, "duas-vezes@example.com"));
    await drain(opts);
    await smtp.waitForMessages(1);
    const mails = messagesTo("duas-vezes@example.com");
    expect(mails).toHaveLength(2);
    expect(mails[0]?.messageId).toBe(mails[1]?.messageId);
  });

  it("lets visitors go first: waits while the server is busy, but never past its limit", async () => {
    const statusOf = async (email: string) => (await outboxFor(email))[0]?.status;
    const startWorker = async (busy: () => boolean, maxYieldMs: number) =>
      startOutboxWorker({ ...(await options()), pollMs: 50, busy, maxYieldMs });
    await signUp("depois@example.com");
    let busy = true;
    const worker = await startWorker(() => busy, 60_000);
    try {
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await statusOf("depois@example.com")).toBe("queued");
      busy = false;
      await expect.poll(() => statusOf("depois@example.com"), { timeout: 5_000 }).toBe("sent");
    } finally {
      await worker.stop();
    }

    await signUp("sempre-ocupado@example.com");
    const alwaysBusy = await startWorker(() => true, 300);
    try {
      await expect
        .poll(() => statusOf("sempre-ocupado@example.com"), { timeout: 5_000 })
        .toBe("sent");
    } finally {
      await alwaysBusy.stop();
    }
  });

  it("without SMTP keeps the message in the local mailbox", async () => {
    await signUp("caixa@example.com");
    const db = await getDb();
    const count = smtp.messages.length;
    await drain(await options({ transport: mailboxTransport(db) }));
    const [row] = await outboxFor("caixa@example.com");
    const stored = await db.execute(
      sql`select subject, text, message_id from email_mailbox where outbox_id = ${row?.id}`,
    );
    expect((stored as unknown as { rows: unknown[] }).rows).toEqual([
      expect.objectContaining({
        subject: emailCopy.confirmSignup.subject,
        message_id: `<${row?.id}@agentesfx.com.br>`,
      }),
    ]);
    expect(smtp.messages.length).toBe(count);
  });
});

import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, emailTokens, waitlist } from "../../../db/schema.ts";
import { form } from "../../../tests/support/http.ts";
import { callContactAction, postRequest } from "../../../tests/support/signup-requests.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { emailCopy } from "../../content/email.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { hashToken } from "../../platform/mail/link-tokens.server.ts";
import {
  deliverQueued,
  messagesTo as messagesOf,
  workerOptions,
} from "../../../tests/support/outbox.ts";
import { wakeOnEnqueue } from "../../platform/jobs/background.server.ts";
import { startWorker } from "../../platform/jobs/worker.server.ts";
import { alreadyListedMessage, confirmSignupMessage } from "../confirmation/messages.tsx";

const smtp = await smtpServerForFile();

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

const messagesTo = (email: string) => messagesOf(smtp, email);

describe("a new sign-up", () => {
  it("queues 'Confirme sua inscrição' with the row; the e-mail arrives with HTML, text, footer and a working link minted at send", async () => {
    await signUp("nova@example.com");
    const [queued] = await outboxFor("nova@example.com");
    const db = await getDb();
    const [entry] = await db.select().from(waitlist).where(eq(waitlist.email, "nova@example.com"));
    expect(queued).toMatchObject({
      template: confirmSignupMessage.name,
      status: "queued",
      attempts: 0,
      payload: { entryId: entry?.id, name: "Maria da Silva" },
    });
    expect(await db.$count(emailTokens, eq(emailTokens.waitlistId, entry?.id ?? ""))).toBe(0);

    const before = smtp.messages.length;
    await deliverQueued(smtp);
    await smtp.waitForMessages(before + 1);
    const tokens = await db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.waitlistId, entry?.id ?? ""));
    expect(tokens).toHaveLength(1);
    const validFor = (tokens[0]?.expiresAt.getTime() ?? 0) - Date.now();
    expect(validFor).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(validFor).toBeLessThanOrEqual(7 * 86_400_000);
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
    // Only the token's hash is stored; a sent message keeps nothing of what it said.
    expect(tokens[0]?.tokenHash).toBe(hashToken(link?.[1] ?? ""));
    expect((mail?.text ?? "").split(link?.[0] ?? "").length).toBe(2);
    const [sent] = await outboxFor("nova@example.com");
    expect(sent).toMatchObject({ status: "sent", attempts: 1, payload: {} });
  });

  it("wakes an idle worker once committed, though the statement itself notifies no one (decision 195)", async () => {
    const db = await getDb();
    // No poll for an hour: only the notification sent after the commit can wake it.
    const worker = await startWorker({
      ...(await workerOptions(smtp)),
      idleMs: 3_600_000,
      listen: wakeOnEnqueue(db),
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = smtp.messages.length;
      await signUp("acordada@example.com");
      await smtp.waitForMessages(before + 1);
      expect(messagesTo("acordada@example.com")).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });

  it("is stored with its message in one transaction: if the message cannot be queued, nothing is stored", async () => {
    const db = await getDb();
    await db.execute(
      sql`alter table email_outbox add constraint block_test check (recipient <> 'bloqueada@example.com')`,
    );
    try {
      const outboxBefore = await db.$count(emailOutbox);
      const answer = await callContactAction(
        postRequest(form({ name: "Ana", email: "bloqueada@example.com", terms: "on" })),
      );
      expect(answer.status).toBe(503);
      expect(
        await db.select().from(waitlist).where(eq(waitlist.email, "bloqueada@example.com")),
      ).toHaveLength(0);
      expect(await db.$count(emailOutbox)).toBe(outboxBefore);
    } finally {
      await db.execute(sql`alter table email_outbox drop constraint block_test`);
    }
  });
});

describe("a repeated sign-up", () => {
  it("changes nothing stored, answers as a new one and sends the 'Meus dados' e-mail, at most 3 a day", async () => {
    await signUp("repetida@example.com");
    const db = await getDb();
    await db
      .update(waitlist)
      .set({ confirmedAt: new Date() })
      .where(eq(waitlist.email, "repetida@example.com"));
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
      alreadyListedMessage.name,
      alreadyListedMessage.name,
      alreadyListedMessage.name,
      confirmSignupMessage.name,
    ]);

    const count = smtp.messages.length;
    await deliverQueued(smtp);
    await smtp.waitForMessages(count + 4);
    const listed = messagesTo("repetida@example.com").filter(
      (mail) => mail.subject === emailCopy.alreadyListed.subject,
    );
    expect(listed).toHaveLength(3);
    expect(listed[0]?.text).toContain("https://agentesfx.com.br/meus-dados");
    expect(listed[0]?.text).not.toContain("Impostor");
  });

  it("from an address never confirmed sends a fresh confirmation link instead, at most 3 a day", async () => {
    await signUp("sem-confirmar@example.com");
    for (let i = 0; i < 4; i++) await signUp(" Sem-Confirmar@Example.com", "Impostor");
    const queued = await outboxFor("sem-confirmar@example.com");
    expect(queued.map((row) => row.template)).toEqual(Array(3).fill(confirmSignupMessage.name));

    const count = smtp.messages.length;
    await deliverQueued(smtp);
    await smtp.waitForMessages(count + 3);
    const mails = messagesTo("sem-confirmar@example.com");
    expect(mails.map((mail) => mail.subject)).toEqual(
      Array(3).fill(emailCopy.confirmSignup.subject),
    );
    // Each a working link of its own, greeting the name stored, never the one typed again.
    const links = mails.map(
      (mail) => /\/confirmar\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? "")?.[1],
    );
    expect(new Set(links).size).toBe(3);
    expect(mails.every((mail) => mail.html && mail.html.includes("Olá, Maria da Silva!"))).toBe(
      true,
    );
    expect(mails.some((mail) => (mail.text ?? "").includes("Impostor"))).toBe(false);
  });
});

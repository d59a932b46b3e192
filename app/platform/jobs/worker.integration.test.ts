import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  emailMailbox,
  emailOutbox,
  emailTokens,
  scheduledJobs,
  waitlist,
} from "../../../db/schema.ts";
import { startSmtpServer } from "../../../tests/support/smtp-server.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { getDb, withTransaction } from "../db/db.server.ts";
import { actionMessage } from "../mail/layout.tsx";
import { redactedToken } from "../mail/link-tokens.server.ts";
import { getEnv } from "../http/env.server.ts";
import { createTransport, mailboxTransport, smtpTransport } from "../mail/transport.server.ts";
import { wakeOnEnqueue } from "./background.server.ts";
import { enqueue } from "./enqueue.server.ts";
import { createRegistry, defineJob, defineMessage, tokenValues } from "./registry.ts";
import {
  processDueMessages,
  runDueJob,
  scheduleRecurringJobs,
  startWorker,
  type WorkerLoopOptions,
} from "./worker.server.ts";

// The platform on its own: a message and a job declared here, not a feature's.
const hello = defineMessage({
  name: "test-hello",
  kind: "transactional",
  fields: ["entryId", "name"],
  links: {
    token: {
      store: (tokens) => sql`
        insert into email_tokens (token_hash, purpose, waitlist_id, outbox_id, expires_at)
        select t.hash, 'my-data', w.id, t.outbox_id, now() + interval '1 hour'
        from ${tokenValues(tokens, ({ outboxId, payload }) => [
          sql`${outboxId}::uuid`,
          sql`${payload.entryId}::uuid`,
        ])} as t (hash, outbox_id, entry_id)
          join waitlist w on w.id = t.entry_id
        returning token_hash`,
      forget: (hash) => sql`delete from email_tokens where token_hash = ${hash}`,
      reissue: (hash, newHash) =>
        sql`update email_tokens set token_hash = ${newHash} where token_hash = ${hash} returning token_hash`,
      revoke: (outboxId) => sql`delete from email_tokens where outbox_id = ${outboxId}`,
    },
  },
  compose: ({ name }, { token }, context) =>
    actionMessage(
      { subject: "Teste", preview: "Teste", button: "Abrir" },
      { greeting: `Olá, ${name}!`, lines: ["Linha."], path: `/teste/${token}` },
      context,
    ),
});
let jobRuns = 0;
const tick = defineJob({
  name: "test-tick",
  recurring: true,
  run: async ({ now }) => {
    jobRuns += 1;
    return new Date(now.getTime() + 3_600_000);
  },
});
const registry = createRegistry([hello, tick]);

const smtp = await smtpServerForFile();

async function options(overrides: Partial<WorkerLoopOptions> = {}): Promise<WorkerLoopOptions> {
  return {
    db: await getDb(),
    registry,
    transport: smtpTransport(smtp.url, "Agentes FX <nao-responda@agentesfx.com.br>"),
    context: { siteUrl: "https://agentesfx.com.br", contactEmail: "suporte@agentesfx.com.br" },
    messageIdDomain: "agentesfx.com.br",
    retryBaseMs: 0,
    ...overrides,
  };
}

let serial = 0;
/** Queues one message to a new entry; answers its address. */
async function queueHello(count = 1): Promise<string[]> {
  const db = await getDb();
  const people = await db
    .insert(waitlist)
    .values(
      Array.from({ length: count }, () => ({
        name: `Pessoa ${(serial += 1)}`,
        email: `pessoa-${serial}@example.com`,
        termsAcceptedAt: new Date(),
      })),
    )
    .returning({ id: waitlist.id, name: waitlist.name, email: waitlist.email });
  await withTransaction((tx) =>
    enqueue(tx, ...people.map((p) => hello.to(p.email, { entryId: p.id, name: p.name }))),
  );
  return people.map((p) => p.email);
}

const statusOf = async (email: string) =>
  (await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.recipient, email)))[0];

const allSent = async (emails: readonly string[]) =>
  (await Promise.all(emails.map(statusOf))).every((row) => row?.status === "sent");

const delivered = (email: string) =>
  smtp.messages.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === email);

describe("the worker", () => {
  it("is woken by the enqueue's notification, not by polling", async () => {
    // No poll for an hour: only LISTEN/NOTIFY can wake it (PGlite and PostgreSQL alike).
    const db = await getDb();
    const worker = await startWorker({
      ...(await options()),
      idleMs: 3_600_000,
      listen: wakeOnEnqueue(db),
    });
    try {
      // Let it go idle first.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [email] = await queueHello();
      await expect
        .poll(async () => (await statusOf(email!))?.status, { timeout: 25_000 })
        .toBe("sent");
    } finally {
      await worker.stop();
    }
  });

  it("keeps at most `concurrency` sends in flight", async () => {
    smtp.delayMs = 100;
    smtp.maxInFlight = 0;
    const emails = await queueHello(24);
    const worker = await startWorker({ ...(await options()), concurrency: 4 });
    try {
      await expect.poll(() => allSent(emails), { timeout: 25_000 }).toBe(true);
    } finally {
      await worker.stop();
      smtp.delayMs = 0;
    }
    expect(smtp.maxInFlight).toBeLessThanOrEqual(4);
    expect(smtp.maxInFlight).toBeGreaterThan(1);
  });

  it("keeps a pool's worth of messages claimed ahead of its sends", async () => {
    // Slow enough that none is delivered while the worker fills its pipeline.
    smtp.delayMs = 3_000;
    const emails = await queueHello(12);
    const db = await getDb();
    const leased = async () =>
      (
        await db
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          .where(
            and(
              inArray(emailOutbox.recipient, emails),
              eq(emailOutbox.status, "queued"),
              gt(emailOutbox.attempts, 0),
            ),
          )
      ).length;
    const worker = await startWorker({ ...(await options()), concurrency: 4 });
    try {
      // Four in flight and four more claimed, each started the moment a send ends.
      await expect.poll(leased, { timeout: 2_500, interval: 50 }).toBe(8);
      smtp.delayMs = 0;
      await expect.poll(() => allSent(emails), { timeout: 25_000 }).toBe(true);
    } finally {
      smtp.delayMs = 0;
      await worker.stop();
    }
  });

  it("retries with backoff while the SMTP server is down and delivers once it is back", async () => {
    const down = await startSmtpServer();
    const port = down.port;
    await down.close();
    const [email] = await queueHello();
    const opts = await options({
      transport: smtpTransport(`smtp://127.0.0.1:${port}`, "Agentes FX <x@agentesfx.com.br>"),
      retryBaseMs: 3_000,
    });
    expect(await processDueMessages(opts)).toBeGreaterThanOrEqual(1);
    const waiting = await statusOf(email!);
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting?.runAt.getTime()).toBeGreaterThan(Date.now());
    const back = await startSmtpServer(port);
    try {
      await new Promise((resolve) => setTimeout(resolve, 3_100));
      while ((await processDueMessages(opts)) > 0);
      await back.waitForMessages(1);
      expect(await statusOf(email!)).toMatchObject({ status: "sent", attempts: 2 });
    } finally {
      opts.transport.close();
      await back.close();
    }
  });

  it("sends a name typed as a link without its link-shaped words (the worker's own path)", async () => {
    const db = await getDb();
    const email = `nome-link-${(serial += 1)}@example.com`;
    const [person] = await db
      .insert(waitlist)
      .values({ name: "Maria www.golpe.com", email, termsAcceptedAt: new Date() })
      .returning({ id: waitlist.id });
    await withTransaction((tx) =>
      enqueue(tx, hello.to(email, { entryId: person!.id, name: "Maria https://golpe.com/x" })),
    );
    while ((await processDueMessages(await options())) > 0);
    const [mail] = delivered(email);
    expect(mail?.text).toContain("Olá, Maria!");
    expect(mail?.text).not.toContain("golpe");
    expect(mail?.html).not.toContain("golpe");
  });

  it("keeps the Message-ID when a message is sent again after a crash, and marks it failed after its last try", async () => {
    const [email] = await queueHello();
    const queued = await statusOf(email!);
    const opts = await options();
    while ((await processDueMessages(opts)) > 0);
    const db = await getDb();
    // A crash between sending and recording it: the row is still queued, payload and all.
    await db
      .update(emailOutbox)
      .set({ status: "queued", runAt: sql`now()`, payload: queued!.payload })
      .where(eq(emailOutbox.recipient, email!));
    while ((await processDueMessages(opts)) > 0);
    const mails = delivered(email!);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.messageId).toBe(mails[1]?.messageId);

    const [failing] = await queueHello();
    smtp.refuse = true;
    try {
      while ((await processDueMessages({ ...opts, maxAttempts: 3 })) > 0);
    } finally {
      smtp.refuse = false;
      opts.transport.close();
    }
    const row = await statusOf(failing!);
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    expect(row?.lastError).toMatch(/451/);
  });

  it("names each message in its envelope sender (VERP with MAIL_BOUNCE_DOMAIN), transactional ones too", async () => {
    const db = await getDb();
    const [email] = await queueHello();
    const before = smtp.envelopeFrom.length;
    const env = { ...getEnv(), SMTP_URL: smtp.url, MAIL_BOUNCE_DOMAIN: "bounces.agentesfx.com.br" };
    const opts = await options({ transport: createTransport(env, db) });
    try {
      while ((await processDueMessages(opts)) > 0);
    } finally {
      opts.transport.close();
    }
    const row = await statusOf(email!);
    expect(smtp.envelopeFrom.slice(before)).toEqual([
      `bounces+${row!.id}@bounces.agentesfx.com.br`,
    ]);
    expect(delivered(email!)[0]?.messageId).toBe(`<${row!.id}@agentesfx.com.br>`);
  });

  it("without SMTP keeps the message in the local mailbox, its link's token removed", async () => {
    const [email] = await queueHello();
    const db = await getDb();
    while ((await processDueMessages(await options({ transport: mailboxTransport(db) }))) > 0);
    const row = await statusOf(email!);
    const [stored] = await db.select().from(emailMailbox).where(eq(emailMailbox.outboxId, row!.id));
    expect(stored?.messageId).toBe(`<${row!.id}@agentesfx.com.br>`);
    expect(stored?.text).toContain(`https://agentesfx.com.br/teste/${redactedToken(1)}`);
    expect(stored?.html).toContain(redactedToken(1));
    // The token that was minted is not in what staff (or a backup) can read.
    const [token] = await db.select().from(emailTokens).where(eq(emailTokens.outboxId, row!.id));
    expect(token).toBeDefined();
    expect(`${stored?.html}${stored?.text}`).not.toMatch(/teste\/[A-Za-z0-9_-]{43}/);
    // Only the hash, which staff opening the message reissue (docs/decisions/400).
    expect(stored?.linkHashes).toEqual([token?.tokenHash]);
  });

  it("runs a recurring job once per due time, whichever worker claims it", async () => {
    const db = await getDb();
    // Later than any run of the workers above (which ran it too, and set its next time).
    const now = new Date(Date.now() + 2 * 3_600_000);
    await scheduleRecurringJobs(db, registry, now);
    await scheduleRecurringJobs(db, registry, now);
    expect(await db.$count(scheduledJobs, eq(scheduledJobs.name, "test-tick"))).toBe(1);
    const before = jobRuns;
    const opts = await options({ now: () => now });
    const ran = await Promise.all([runDueJob(opts), runDueJob(opts), runDueJob(opts)]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(jobRuns).toBe(before + 1);
    const [row] = await db.select().from(scheduledJobs).where(eq(scheduledJobs.name, "test-tick"));
    expect(row?.runAt.getTime()).toBe(now.getTime() + 3_600_000);
    expect(await runDueJob(opts)).toBe(false);
    opts.transport.close();
  });
});

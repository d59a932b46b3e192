import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, waitlist } from "../../../db/schema.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { getDb, runsInProcess, withTransaction } from "../db/db.server.ts";
import { actionMessage } from "../mail/layout.tsx";
import type { MailTransport } from "../mail/transport.server.ts";
import { smtpTransport } from "../mail/transport.server.ts";
import { claimOwner, type ClaimOwner } from "./claim-owner.server.ts";
import { enqueue } from "./enqueue.server.ts";
import { createRegistry, defineMessage } from "./registry.ts";
import { processDueMessages, startWorker, type WorkerLoopOptions } from "./worker.server.ts";

// A claim's owner (decision 392): a dead worker's claims are sent again by the next worker
// in seconds, never while the worker that made them lives.
const note = defineMessage({
  name: "test-claim-note",
  kind: "transactional",
  fields: ["name"],
  links: {},
  compose: ({ name }, _links, context) =>
    actionMessage(
      { subject: "Teste", preview: "Teste", button: "Abrir" },
      { greeting: `Olá, ${name}!`, lines: ["Linha."], path: "/" },
      context,
    ),
});
const registry = createRegistry([note]);
const smtp = await smtpServerForFile();

async function options(overrides: Partial<WorkerLoopOptions> = {}): Promise<WorkerLoopOptions> {
  return {
    db: await getDb(),
    registry,
    transport: smtpTransport(smtp.url, "Agentes FX <nao-responda@agentesfx.com.br>"),
    context: { siteUrl: "https://agentesfx.com.br", contactEmail: "suporte@agentesfx.com.br" },
    messageIdDomain: "agentesfx.com.br",
    retryBaseMs: 0,
    // The default lease: without the owner check, a claim would wait two minutes.
    leaseMs: 120_000,
    ...overrides,
  };
}

/** A first worker caught mid-send: its SMTP never answers. */
const stuck: MailTransport = { send: () => new Promise(() => {}), close: () => {} };

/** Queues one message and lets a worker named `owner` claim it and hang in its send. */
async function claimedBy(owner: ClaimOwner): Promise<string> {
  const db = await getDb();
  const email = `dono-${crypto.randomUUID()}@example.com`;
  await db.insert(waitlist).values({ name: "Pessoa", email, termsAcceptedAt: new Date() });
  await withTransaction((tx) => enqueue(tx, note.to(email, { name: "Pessoa" })));
  void processDueMessages(await options({ transport: stuck, owner }));
  await expect
    .poll(async () => (await rowOf(email))?.claimedBy, { timeout: 5_000 })
    .toBe(owner.id());
  return email;
}

const rowOf = async (email: string) =>
  (await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.recipient, email)))[0];

const delivered = (email: string) =>
  smtp.messages.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === email);

/** A worker that died: on PostgreSQL its connection ended; on PGlite another process. */
async function deadOwner(): Promise<ClaimOwner> {
  const db = await getDb();
  if (runsInProcess(db)) {
    const id = `process:${crypto.randomUUID()}`;
    return { id: () => id, isDead: () => sql`false`, close: async () => {} };
  }
  return claimOwner(db);
}

describe("a claim's owner", () => {
  it("gives a dead worker's claim to the next worker at once, not after the lease", async () => {
    const dead = await deadOwner();
    const email = await claimedBy(dead);
    await dead.close();
    const started = performance.now();
    const worker = await startWorker(await options());
    try {
      await expect.poll(() => delivered(email).length, { timeout: 10_000, interval: 100 }).toBe(1);
      expect(performance.now() - started).toBeLessThan(10_000);
      await expect.poll(async () => (await rowOf(email))?.status).toBe("sent");
      expect((await rowOf(email))?.attempts).toBe(2);
    } finally {
      await worker.stop();
    }
  });

  it("never sends a message again while the worker that claimed it lives", async () => {
    const db = await getDb();
    // This process's own worker on PGlite; a live connection of its own on PostgreSQL.
    const live = await claimOwner(db);
    const email = await claimedBy(live);
    const worker = await startWorker(await options());
    try {
      // Longer than a running worker takes to look for dead workers' claims (5 s).
      await new Promise((resolve) => setTimeout(resolve, 6_500));
      expect(delivered(email)).toHaveLength(0);
      const row = await rowOf(email);
      expect(row?.status).toBe("queued");
      expect(row?.claimedBy).toBe(live.id());
      if (!runsInProcess(db)) {
        // Its connection ends (the process died): the running worker takes the claim over.
        await live.close();
        await expect
          .poll(() => delivered(email).length, { timeout: 10_000, interval: 100 })
          .toBe(1);
      }
    } finally {
      await worker.stop();
      await live.close();
    }
  });
});

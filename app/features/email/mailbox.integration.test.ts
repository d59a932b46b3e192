import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  emailMailbox,
  emailMailboxOpenings,
  emailOutbox,
  emailTokens,
  waitlist,
} from "../../../db/schema.ts";
import { callSection, signIn } from "../../../tests/support/admin-requests.ts";
import { form } from "../../../tests/support/http.ts";
import { callContactAction, postRequest } from "../../../tests/support/signup-requests.ts";
import { mailboxCopy } from "../../content/email.ts";
import { encodeMailboxCursor } from "./mailbox-query.ts";
import { createOrResetAdmin } from "../../lib/auth.server.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { mailboxTransport } from "../../platform/mail/transport.server.ts";
import { hashToken, redactedToken } from "../../platform/mail/link-tokens.server.ts";
import { linkTokenState } from "./tokens.server.ts";
import { deliverQueued } from "../../../tests/support/outbox.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";

let cookie = "";
const smtp = await smtpServerForFile();

// Through the admin layout's guard, as React Router calls the section.
const load = (options: { cookie?: string } = { cookie }) => callSection("/admin/emails", options);
const post = (fields: Record<string, string>, options: { cookie?: string } = { cookie }) =>
  callSection("/admin/emails", { ...options, fields });

beforeAll(async () => {
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
    expect(stored?.text).toContain(`/confirmar/${redactedToken(1)}`);
    expect(`${stored?.text}${stored?.html}`).not.toMatch(/confirmar\/[A-Za-z0-9_-]{43}/);
  });

  it("opens a local-mailbox message with a fresh usable link each time, storing only its hash and who opened it", async () => {
    const db = await getDb();
    const [stored] = await db
      .select()
      .from(emailMailbox)
      .where(eq(emailMailbox.recipient, "rita@example.com"));
    type Opened = { opened: { links: string[]; text: string } };
    const open = async () => {
      const outcome = await post({ intent: "abrir", id: stored!.id });
      expect(outcome.status).toBe(200);
      const { links, text } = (outcome.body as Opened).opened;
      expect(links).toHaveLength(1);
      const token = /\/confirmar\/([A-Za-z0-9_-]{43})$/.exec(links[0]!)?.[1];
      expect(token).toBeDefined();
      expect(text).toContain(links[0]);
      return token!;
    };
    const first = await open();
    expect(await linkTokenState(first, "confirm-signup")).toBe("valid");
    const second = await open();
    // The earlier opening's link stops working; only the new one's hash is stored.
    expect(await linkTokenState(first, "confirm-signup")).toBe("not-found");
    expect(await linkTokenState(second, "confirm-signup")).toBe("valid");
    const [row] = await db.select().from(emailMailbox).where(eq(emailMailbox.id, stored!.id));
    expect(row?.linkHashes).toEqual([hashToken(second)]);
    const tokenRows = await db.select().from(emailTokens);
    const everything = JSON.stringify([row, tokenRows]);
    expect(everything).not.toContain(second);
    expect(everything).not.toContain(first);
    const openings = await db
      .select()
      .from(emailMailboxOpenings)
      .where(eq(emailMailboxOpenings.mailboxId, stored!.id));
    expect(openings.map((opening) => opening.openedBy)).toEqual([
      "caixa@agentesfx.test",
      "caixa@agentesfx.test",
    ]);
    // Staff only, and an unknown message is a 404 with its notice.
    expect((await post({ intent: "abrir", id: stored!.id }, {})).status).toBe(401);
    expect(await post({ intent: "abrir", id: crypto.randomUUID() })).toMatchObject({
      status: 404,
      body: { notice: mailboxCopy.notOpened },
    });
  });

  it("searches the local mailbox by recipient or subject and reads it in pages of 50", async () => {
    const db = await getDb();
    const base = Date.parse("2026-11-01T12:00:00Z");
    await db.insert(emailMailbox).values(
      Array.from({ length: 120 }, (_, i) => ({
        messageId: `<caixa-${i}@agentesfx.test>`,
        recipient: i % 2 === 0 ? `par${i}@caixa.test` : `impar${i}@caixa.test`,
        subject: i === 7 ? "Convite para o YenMax Agent" : `Assunto ${i}`,
        html: "<p>oi</p>",
        text: "oi",
        // Ten share each instant: ties broken by id.
        createdAt: new Date(base + Math.floor(i / 10) * 1000),
      })),
    );
    type Page = { mailbox: { recipient: string; subject: string }[]; next: unknown };
    const page = async (search: string) => {
      const outcome = await callSection("/admin/emails", {
        cookie,
        path: `/admin/emails${search}`,
      });
      return { status: outcome.status, body: outcome.body as Page };
    };
    const seen: string[] = [];
    let current = await page("?q=CAIXA.TEST");
    seen.push(...current.body.mailbox.map((message) => message.recipient));
    while (current.body.next) {
      const next = current.body.next as { createdAt: string; id: string };
      current = await page(`?q=caixa.test&apos=${encodeURIComponent(encodeMailboxCursor(next))}`);
      seen.push(...current.body.mailbox.map((message) => message.recipient));
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect(
      (await page("?q=impar")).body.mailbox.every((m) => m.recipient.startsWith("impar")),
    ).toBe(true);
    expect((await page("?q=yenmax")).body.mailbox.map((m) => m.subject)).toEqual([
      "Convite para o YenMax Agent",
    ]);
    // "%" is a character to find, not a wildcard.
    expect((await page("?q=%25")).body.mailbox).toEqual([]);
    expect((await page("?apos=nao-e-um-cursor")).status).toBe(400);
    expect((await page(`?q=${"a".repeat(201)}`)).status).toBe(400);
  });
});

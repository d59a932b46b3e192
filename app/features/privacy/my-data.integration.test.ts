import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  consentEvents,
  emailMailbox,
  emailOutbox,
  emailTokens,
  erasedEmails,
  invitations,
  newsletterSubscribers,
  robots,
  waitlist,
  waitlistStatusChanges,
} from "../../../db/schema.ts";
import { form } from "../../../tests/support/http.ts";
import { callRoute, cookieOf } from "../../../tests/support/route-calls.ts";
import { callContactAction, freshIp, postRequest } from "../../../tests/support/signup-requests.ts";
import { consentTextVersions } from "../../content/consent.ts";
import { myDataCopy } from "../../content/email.ts";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { MyDataPanel } from "./my-data-page.tsx";
import type { MyData } from "./my-data.server.ts";
import { getDb } from "../../platform/db/db.server.ts";
import * as requestRoute from "../../routes/site/my-data.tsx";
import * as jsonRoute from "../../routes/site/my-data-json.ts";
import * as panelRoute from "../../routes/site/my-data-panel.tsx";
import * as linkRoute from "../../routes/site/my-data-view.tsx";
import { emailHashSql, isErasedEmailSql } from "./erasure.server.ts";
import { mailboxTransport } from "../../platform/mail/transport.server.ts";
import { hashToken } from "../email/tokens.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import {
  deliverQueued,
  linkRequestsCounted,
  linkTokens,
  messagesTo,
} from "../../../tests/support/outbox.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { myDataLinkMessage } from "./messages.tsx";
import { alreadyListedMessage } from "../confirmation/messages.tsx";

const smtp = await smtpServerForFile();

const site = "http://localhost:3000";

const ask = (fields: Record<string, string>, clientIp = freshIp()) =>
  callRoute(requestRoute.action, { url: `${site}/meus-dados`, body: form(fields), clientIp });

const link = (token: string, post = false) =>
  callRoute(post ? linkRoute.action : linkRoute.loader, {
    url: `${site}/meus-dados/${token}`,
    params: { token },
    body: post ? "" : undefined,
  });

const panel = (cookie: string) =>
  callRoute(panelRoute.loader, { url: `${site}/meus-dados/painel`, headers: { cookie } });

const exportJson = (cookie: string) =>
  callRoute(jsonRoute.loader, { url: `${site}/meus-dados/dados.json`, headers: { cookie } });

const act = (cookie: string, fields: Record<string, string | string[]>) =>
  callRoute(panelRoute.action, {
    url: `${site}/meus-dados/painel`,
    body: form(fields),
    headers: { cookie },
  });

async function signUp(fields: Record<string, string>) {
  await callContactAction(postRequest(form({ terms: "on", ...fields })));
}

async function lastLinkToken(email: string): Promise<string> {
  const token = (await linkTokens(smtp, email, "/meus-dados")).at(-1);
  if (!token) throw new Error("no Meus dados link sent");
  return token;
}

/** Signs up, asks for the link and opens it: answers the session cookie. */
async function openSession(email: string, fields: Record<string, string> = {}): Promise<string> {
  await signUp({ name: "Lia", email, ...fields });
  expect((await ask({ email })).status).toBe(200);
  const opened = await link(await lastLinkToken(email), true);
  expect(opened.status).toBe(303);
  expect(opened.headers.get("Location")).toBe("/meus-dados/painel");
  expect(opened.headers.get("Set-Cookie")).toMatch(/HttpOnly/i);
  expect(opened.headers.get("Set-Cookie")).toMatch(/SameSite=Strict/i);
  return cookieOf(opened.headers);
}

const entryOf = async (email: string) => {
  const db = await getDb();
  const [row] = await db.select().from(waitlist).where(eq(waitlist.email, email));
  return row;
};

const ledgerOf = async (email: string) => {
  const db = await getDb();
  const entry = await entryOf(email);
  return db
    .select({ kind: consentEvents.kind, channel: consentEvents.channel })
    .from(consentEvents)
    .where(eq(consentEvents.waitlistId, entry?.id ?? crypto.randomUUID()))
    .orderBy(consentEvents.createdAt);
};

describe("/meus-dados, the request", () => {
  it("answers every address the same, and e-mails a link only to a listed one", async () => {
    await signUp({ name: "Lia", email: "lia@example.com", agents: "yenmax" });
    const sent = { message: myDataCopy.sent };
    expect(await ask({ email: " Lia@Example.com " })).toMatchObject({ status: 200, body: sent });
    expect(await ask({ email: "ninguem@example.com" })).toMatchObject({ status: 200, body: sent });
    expect(await ask({ email: "lia@example.com", website: "x" })).toMatchObject({
      status: 200,
      body: sent,
    });
    const db = await getDb();
    expect(await db.$count(emailOutbox, eq(emailOutbox.recipient, "ninguem@example.com"))).toBe(0);
    expect(
      await db.$count(
        emailOutbox,
        and(
          eq(emailOutbox.recipient, "lia@example.com"),
          eq(emailOutbox.template, myDataLinkMessage.name),
        ),
      ),
    ).toBe(1);
  });

  it("e-mails one address at most 3 links a day, from any number of clients", async () => {
    await signUp({ name: "Lia", email: "lia.limite@example.com" });
    const sent = { status: 200, body: { message: myDataCopy.sent } };
    for (let i = 0; i < 5; i++) {
      expect(await ask({ email: "lia.limite@example.com" })).toMatchObject(sent);
      expect(await ask({ email: "ninguem.limite@example.com" })).toMatchObject(sent);
    }
    const db = await getDb();
    const links = (email: string) =>
      db.$count(
        emailOutbox,
        and(eq(emailOutbox.recipient, email), eq(emailOutbox.template, myDataLinkMessage.name)),
      );
    expect(await links("lia.limite@example.com")).toBe(3);
    expect(await links("ninguem.limite@example.com")).toBe(0);
    // The unlisted address is counted as the listed one is (decision 225): the same write on
    // both paths, and the count stops one past the cap.
    expect(await linkRequestsCounted(myDataLinkMessage, "lia.limite@example.com")).toBe(4);
    expect(await linkRequestsCounted(myDataLinkMessage, "ninguem.limite@example.com")).toBe(4);
  });

  it("answers a bad address 400 and floods 429", async () => {
    expect(await ask({ email: "nao-e-email" })).toMatchObject({
      status: 400,
      body: { message: myDataCopy.invalidEmail },
    });
    const ip = freshIp();
    for (let i = 0; i < 10; i++) await ask({ email: `a${i}@example.com` }, ip);
    expect((await ask({ email: "b@example.com" }, ip)).status).toBe(429);
  });
});

describe("the Meus dados link", () => {
  it("GET only shows the button; the POST works once; an unknown, malformed or expired link is 404/410", async () => {
    await signUp({ name: "Bia", email: "bia@example.com" });
    await ask({ email: "bia@example.com" });
    const token = await lastLinkToken("bia@example.com");
    expect(await link(token)).toMatchObject({ status: 200, body: { state: "valid" } });
    expect(await link(token)).toMatchObject({ status: 200, body: { state: "valid" } });
    expect((await link(token, true)).status).toBe(303);
    expect(await link(token, true)).toMatchObject({ status: 410, body: { state: "gone" } });
    expect(await link(token)).toMatchObject({ status: 410, body: { state: "gone" } });

    expect((await link("x".repeat(43))).status).toBe(404);
    expect((await link("curto", true)).status).toBe(404);

    await ask({ email: "bia@example.com" });
    const late = await lastLinkToken("bia@example.com");
    const db = await getDb();
    await db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailTokens.tokenHash, hashToken(late)));
    expect((await link(late, true)).status).toBe(410);
  });
});

describe("/meus-dados/painel", () => {
  it("shows everything stored and the consent ledger, and downloads it as JSON", async () => {
    const cookie = await openSession("cris@example.com", { agents: "yenmax", contact: "on" });
    const page = await panel(cookie);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      state: "open",
      data: {
        entry: { name: "Lia", email: "cris@example.com", interestedAgents: ["yenmax"] },
        consents: [
          {
            kind: "terms-accepted",
            channel: "signup-form",
            textVersion: consentTextVersions.terms,
          },
          {
            kind: "marketing-given",
            channel: "signup-form",
            textVersion: consentTextVersions.marketing,
          },
        ],
      },
    });
    expect((await exportJson("")).status).toBe(401);
    const json = await exportJson(cookie);
    expect(json.status).toBe(200);
    expect(json.headers.get("Content-Disposition")).toContain("attachment");
    expect(json.body).toMatchObject({
      entry: { email: "cris@example.com", marketingConsent: true },
      consents: [{ kind: "terms-accepted" }, { kind: "marketing-given" }],
    });
  });

  it("shows and exports their invitations, status history and newsletter, and no internal field", async () => {
    const email = "tudo@example.com";
    const cookie = await openSession(email);
    const db = await getDb();
    const entry = await entryOf(email);
    const [robot] = await db.select({ id: robots.id, name: robots.name }).from(robots).limit(1);
    const sentAt = new Date("2026-11-02T13:00:00Z");
    await db.insert(invitations).values({
      waitlistId: entry!.id,
      robotId: robot!.id,
      invitedBy: "staff@agentesfx.test",
      sentAt,
      deadline: new Date("2026-11-04T13:00:00Z"),
    });
    await db
      .insert(waitlistStatusChanges)
      .values({ entryId: entry!.id, status: "contacted", changedBy: "staff@agentesfx.test" });
    await db.insert(newsletterSubscribers).values({ email, confirmedAt: sentAt });

    const json = await exportJson(cookie);
    expect(json.body).toMatchObject({
      invitations: [{ robot: robot!.name, status: "sent" }],
      statusHistory: [{ status: "contacted" }],
      newsletter: { unsubscribedAt: null },
    });
    const text = JSON.stringify(json.body);
    for (const internal of ["searchText", "invitedBy", "changedBy", "staff@agentesfx.test"]) {
      expect(text).not.toContain(internal);
    }
    const page = (await panel(cookie)).body as { data: MyData };
    const html = renderToString(
      createElement(
        createRoutesStub([
          {
            path: "/meus-dados/painel",
            Component: () => createElement(MyDataPanel, { data: page.data, orders: [] }),
          },
        ]),
        { initialEntries: ["/meus-dados/painel"] },
      ),
    );
    expect(html).toContain(myDataCopy.invitationsTitle);
    expect(html).toContain(`${robot!.name}, convite de 02/11/2026 10:00: enviado`);
    expect(html).toContain(myDataCopy.historyTitle);
    expect(html).toContain(myDataCopy.newsletterActive("02/11/2026 10:00"));
  });

  it("offers an unconfirmed person 'Confirmar meu e-mail', which confirms it with its ledger line", async () => {
    const cookie = await openSession("sem.confirmar@example.com");
    const render = (data: MyData) => {
      const Stub = createRoutesStub([
        {
          path: "/meus-dados/painel",
          Component: () => createElement(MyDataPanel, { data, orders: [] }),
        },
      ]);
      return renderToString(createElement(Stub, { initialEntries: ["/meus-dados/painel"] }));
    };
    const before = (await panel(cookie)).body as { data: MyData };
    expect(before.data.entry.confirmedAt).toBeNull();
    expect(render(before.data)).toContain(myDataCopy.confirmEmailButton);

    const confirmed = await act(cookie, { intent: "confirm-email" });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe("/meus-dados/painel?aviso=email");
    const after = (await panel(cookie)).body as { data: MyData; notice?: string };
    expect(after.data.entry.confirmedAt).not.toBeNull();
    expect(render(after.data)).not.toContain(myDataCopy.confirmEmailButton);
    expect(await ledgerOf("sem.confirmar@example.com")).toContainEqual({
      kind: "email-confirmed",
      channel: "meus-dados",
    });
    // Once: a second press changes nothing and writes no second line.
    await act(cookie, { intent: "confirm-email" });
    const lines = await ledgerOf("sem.confirmar@example.com");
    expect(lines.filter((line) => line.kind === "email-confirmed")).toHaveLength(1);
  });

  it("answers 401 without a session, with a forged one and after its hour", async () => {
    expect(await panel("")).toMatchObject({ status: 401, body: { state: "no-session" } });
    expect((await panel(`meus_dados=${btoa(JSON.stringify("y".repeat(43)))}`)).status).toBe(401);
    expect((await act("", { intent: "delete", confirm: "on" })).status).toBe(401);
    const cookie = await openSession("hora@example.com");
    const db = await getDb();
    await db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailTokens.purpose, "my-data-session"));
    expect((await panel(cookie)).status).toBe(401);
    expect((await act(cookie, { intent: "delete", confirm: "on" })).status).toBe(401);
    expect(await entryOf("hora@example.com")).toBeDefined();
  });

  it("corrects name and agents, and refuses invalid values with field messages", async () => {
    const cookie = await openSession("dani@example.com", { agents: "yenmax" });
    const saved = await act(cookie, {
      intent: "correct",
      name: "  Daniela Souza ",
      agents: ["midaspulse", "trendkey-btc"],
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/meus-dados/painel?aviso=dados");
    expect(await entryOf("dani@example.com")).toMatchObject({
      name: "Daniela Souza",
      interestedAgents: ["midaspulse", "trendkey-btc"],
    });

    const refused = await act(cookie, { intent: "correct", name: " ", agents: "nao-existe" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errors: { name: expect.any(String), agents: expect.any(String) },
    });
    expect((await entryOf("dani@example.com"))?.name).toBe("Daniela Souza");
    expect((await act(cookie, { intent: "outra-coisa" })).status).toBe(400);
  });

  it("gives and withdraws marketing consent, one ledger line per change", async () => {
    const cookie = await openSession("eva@example.com");
    expect((await entryOf("eva@example.com"))?.marketingConsent).toBe(false);
    expect((await act(cookie, { intent: "give-consent" })).status).toBe(303);
    expect((await act(cookie, { intent: "give-consent" })).status).toBe(303);
    expect((await entryOf("eva@example.com"))?.marketingConsent).toBe(true);
    expect((await act(cookie, { intent: "withdraw-consent" })).status).toBe(303);
    expect((await entryOf("eva@example.com"))?.marketingConsent).toBe(false);
    expect(await ledgerOf("eva@example.com")).toEqual([
      { kind: "terms-accepted", channel: "signup-form" },
      { kind: "marketing-given", channel: "meus-dados" },
      { kind: "marketing-withdrawn", channel: "meus-dados" },
    ]);
  });

  it("deletes the entry at once, keeps only the address's hash, and a new sign-up starts fresh", async () => {
    const email = "fabi@example.com";
    const cookie = await openSession(email, { message: "Quero o YenMax", contact: "on" });
    const db = await getDb();
    // The messages to the address (sent to the local mailbox) are personal data too.
    expect((await ask({ email })).status).toBe(200);
    await deliverQueued(smtp, { transport: mailboxTransport(db) });
    expect(await db.$count(emailMailbox, eq(emailMailbox.recipient, email))).toBeGreaterThan(0);

    expect((await act(cookie, { intent: "delete" })).status).toBe(400);
    expect(await entryOf(email)).toBeDefined();
    const deleted = await act(cookie, { intent: "delete", confirm: "on" });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("Location")).toBe("/meus-dados?apagado");
    expect(deleted.headers.get("Set-Cookie")).toMatch(/Max-Age=0/i);

    expect(await entryOf(email)).toBeUndefined();
    expect(await db.$count(emailOutbox, eq(emailOutbox.recipient, email))).toBe(0);
    expect(await db.$count(emailMailbox, eq(emailMailbox.recipient, email))).toBe(0);
    const hashed = await db.select().from(erasedEmails);
    expect(hashed.map((row) => row.emailHash)).toContain(
      rowsOf<{ hash: string }>(await db.execute(sql`select ${emailHashSql(email)} as hash`))[0]
        ?.hash,
    );
    expect(JSON.stringify(hashed)).not.toContain("fabi");
    expect((await panel(cookie)).status).toBe(401);

    // Asking for a link now sends nothing: the address is no longer listed.
    await ask({ email });
    expect(await db.$count(emailOutbox, eq(emailOutbox.recipient, email))).toBe(0);

    // A new sign-up is a new entry, with its own confirmation, and the hash goes.
    await signUp({ name: "Fabiana", email });
    expect(await entryOf(email)).toMatchObject({ name: "Fabiana", message: null });
    expect(await db.$count(erasedEmails)).toBe(hashed.length - 1);
    const [queued] = await db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));
    expect(queued?.template).toBe("confirm-signup");
  });

  it("never sends a message queued for an address that was deleted", async () => {
    const email = "gil@example.com";
    const cookie = await openSession(email);
    const db = await getDb();
    await act(cookie, { intent: "delete", confirm: "on" });
    // As a message queued elsewhere (an invitation, say) would be.
    await db
      .insert(emailOutbox)
      .values({ template: alreadyListedMessage.name, recipient: email, payload: {} });
    const before = messagesTo(smtp, email).length;
    await deliverQueued(smtp, { suppressed: isErasedEmailSql });
    expect(messagesTo(smtp, email)).toHaveLength(before);
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));
    expect(row).toMatchObject({ status: "cancelled", payload: {} });
  });
});

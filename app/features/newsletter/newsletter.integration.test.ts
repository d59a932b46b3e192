import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  consentEvents,
  emailOutbox,
  emailTokens,
  newsletterSubscribers,
  waitlist,
} from "../../../db/schema.ts";
import { form } from "../../../tests/support/http.ts";
import { callRoute } from "../../../tests/support/route-calls.ts";
import { callContactAction, freshIp, postRequest } from "../../../tests/support/signup-requests.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { addressCheckMessages } from "../../content/deliverability.ts";
import { newsletterCopy } from "../../content/email.ts";
import { getDb } from "../../platform/db/db.server.ts";
import * as confirmRoute from "../../routes/blog/newsletter-confirm.tsx";
import * as newsletterRoute from "../../routes/blog/newsletter.tsx";
import * as unsubscribeRoute from "../../routes/site/unsubscribe.tsx";
import { newToken } from "../../platform/mail/link-tokens.server.ts";
import { deliverQueued, linkRequestsCounted, linkTokens } from "../../../tests/support/outbox.ts";
import { confirmNewsletterMessage } from "./messages.tsx";

const site = "http://localhost:3000";
const smtp = await smtpServerForFile();

const subscribe = (fields: Record<string, string>, clientIp = freshIp()) =>
  callRoute(newsletterRoute.action, { url: `${site}/newsletter`, body: form(fields), clientIp });

const confirmLink = (token: string, post = false) =>
  callRoute(post ? confirmRoute.action : confirmRoute.loader, {
    url: `${site}/newsletter/confirmar/${token}`,
    params: { token },
    body: post ? "" : undefined,
  });

const unsubscribeLink = (token: string, post = false) =>
  callRoute(post ? unsubscribeRoute.action : unsubscribeRoute.loader, {
    url: `${site}/descadastrar/${token}`,
    params: { token },
    body: post ? "List-Unsubscribe=One-Click" : undefined,
  });

async function queued(email: string, template: string) {
  const db = await getDb();
  const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));
  return rows.filter((row) => row.template === template);
}

/** Sends what is due through the real SMTP server; answers the messages it got. */
async function deliver() {
  await deliverQueued(smtp);
  return smtp.messages;
}

const subscriberOf = async (email: string) => {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  return row;
};

describe("the newsletter", () => {
  it("subscribes by plain POST with double opt-in, apart from the waitlist", async () => {
    const email = "leitora@example.com";
    const answer = await subscribe({ email: " Leitora@Example.com " });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/newsletter?pedido=enviado");
    expect(await subscriberOf(email)).toMatchObject({ confirmedAt: null });
    const db = await getDb();
    expect(await db.$count(waitlist, eq(waitlist.email, email))).toBe(0);

    const [token = ""] = await linkTokens(smtp, email, "/newsletter/confirmar");
    expect(await confirmLink(token)).toMatchObject({ status: 200, body: { state: "valid" } });
    expect((await subscriberOf(email))?.confirmedAt).toBeNull();
    expect(await confirmLink(token, true)).toMatchObject({
      status: 200,
      body: { state: "confirmed" },
    });
    expect((await subscriberOf(email))?.confirmedAt).toBeInstanceOf(Date);
    expect(await confirmLink(token, true)).toMatchObject({ status: 410, body: { state: "gone" } });
    expect((await confirmLink("nao-existe")).status).toBe(404);

    // The welcome message carries one-click unsubscribe (RFC 8058), sent over real SMTP.
    const messages = await deliver();
    const welcome = messages.find((mail) => mail.subject === newsletterCopy.welcomeEmail.subject);
    const lines = new Map(welcome?.headerLines.map((line) => [line.key, line.line]));
    const unsubscribeUrl = /<(https:\/\/agentesfx\.com\.br\/descadastrar\/[\w-]{43})>/.exec(
      lines.get("list-unsubscribe") ?? "",
    )?.[1];
    expect(unsubscribeUrl).toBeDefined();
    expect(lines.get("list-unsubscribe-post")).toBe(
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    );
    expect(welcome?.text).toContain(unsubscribeUrl);
    // The confirmation itself is transactional: no List-Unsubscribe.
    const confirmationMail = messages.find(
      (mail) => mail.subject === newsletterCopy.confirmEmail.subject,
    );
    expect(confirmationMail?.headerLines.some((l) => l.key === "list-unsubscribe")).toBe(false);

    // A confirmed subscriber who subscribes again gets nothing new.
    await subscribe({ email });
    expect(await queued(email, confirmNewsletterMessage.name)).toHaveLength(1);

    const unsubscribeToken = unsubscribeUrl?.split("/").at(-1) ?? "";
    expect(await unsubscribeLink(unsubscribeToken)).toMatchObject({
      status: 200,
      body: { state: "valid" },
    });
    expect((await subscriberOf(email))?.unsubscribedAt).toBeNull();
    expect(await unsubscribeLink(unsubscribeToken, true)).toMatchObject({
      status: 200,
      body: { state: "done" },
    });
    expect((await subscriberOf(email))?.unsubscribedAt).toBeInstanceOf(Date);
    expect((await unsubscribeLink(unsubscribeToken, true)).status).toBe(200);
    expect((await unsubscribeLink("x".repeat(43), true)).status).toBe(404);

    // After unsubscribing, subscribing again needs a new confirmation.
    await subscribe({ email });
    expect(await queued(email, confirmNewsletterMessage.name)).toHaveLength(2);
    expect(await subscriberOf(email)).toMatchObject({ confirmedAt: null, unsubscribedAt: null });
  });

  it("answers the same for bots and repeats, at most 3 confirmations a day, 400 and 429 otherwise", async () => {
    expect((await subscribe({ email: "robo@example.com", website: "x" })).status).toBe(303);
    expect(await subscriberOf("robo@example.com")).toBeUndefined();
    expect(await subscribe({ email: "nao-e-email" })).toMatchObject({
      status: 400,
      body: { message: newsletterCopy.invalidEmail },
    });
    expect(await subscribe({ email: "leitor@mailinator.com" })).toMatchObject({
      status: 400,
      body: { message: addressCheckMessages.disposable },
    });
    expect(await subscriberOf("leitor@mailinator.com")).toBeUndefined();
    for (let i = 0; i < 4; i++) {
      expect((await subscribe({ email: "repete@example.com" })).status).toBe(303);
    }
    expect(await queued("repete@example.com", confirmNewsletterMessage.name)).toHaveLength(3);
    // A confirmed subscriber is sent nothing, yet counted as a new address is (decision 225).
    const db = await getDb();
    await db
      .insert(newsletterSubscribers)
      .values({ email: "ja@example.com", confirmedAt: new Date() });
    for (let i = 0; i < 4; i++) {
      expect((await subscribe({ email: "ja@example.com" })).status).toBe(303);
    }
    expect(await queued("ja@example.com", confirmNewsletterMessage.name)).toHaveLength(0);
    expect(await linkRequestsCounted(confirmNewsletterMessage, "ja@example.com")).toBe(4);
    expect(await linkRequestsCounted(confirmNewsletterMessage, "repete@example.com")).toBe(4);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) await subscribe({ email: `n${i}@example.com` }, ip);
    expect((await subscribe({ email: "mais@example.com" }, ip)).status).toBe(429);
  });
});

describe("one-click unsubscribe of a waitlist entry", () => {
  it("withdraws marketing consent with a ledger line, without login or Origin", async () => {
    const email = "marketing@example.com";
    await callContactAction(postRequest(form({ name: "Mel", email, terms: "on", contact: "on" })));
    const db = await getDb();
    const [entry] = await db.select().from(waitlist).where(eq(waitlist.email, email));
    // The link a marketing message to the entry carries (minted when such a message is sent).
    const { token, hash } = newToken();
    await db.insert(emailTokens).values({
      tokenHash: hash,
      purpose: "unsubscribe",
      waitlistId: entry?.id ?? "",
      expiresAt: new Date("9999-12-31T00:00:00Z"),
    });

    expect(await unsubscribeLink(token, true)).toMatchObject({
      status: 200,
      body: { state: "done" },
    });
    const [after] = await db.select().from(waitlist).where(eq(waitlist.email, email));
    expect(after?.marketingConsent).toBe(false);
    const ledger = await db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.waitlistId, entry?.id ?? ""));
    expect(ledger.map((line) => [line.kind, line.channel])).toContainEqual([
      "marketing-withdrawn",
      "unsubscribe-link",
    ]);
  });
});

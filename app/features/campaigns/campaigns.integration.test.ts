import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  campaignMessages,
  campaigns,
  deliveryReports,
  newsletterSubscribers,
  suppressions,
  waitlist,
} from "../../../db/schema.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { campaignsAdminCopy as copy } from "../../content/campaigns.ts";
import { riskWarning } from "../../content/common.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { hashToken } from "../../platform/mail/link-tokens.server.ts";
import { unsubscribe } from "../privacy/unsubscribe.server.ts";
import { campaignAction, loadCampaign } from "./admin.server.ts";
import { countAudience } from "./audience.server.ts";
import { campaignFigures } from "./figures.server.ts";
import { smtpTransport } from "../../platform/mail/transport.server.ts";
import { deliverQueued } from "../../../tests/support/outbox.ts";

const STAFF = "equipe@agentesfx.test";
const context = { siteUrl: "https://agentesfx.com.br", contactEmail: "suporte@agentesfx.com.br" };
const smtp = await smtpServerForFile();

beforeAll(async () => {
  // Read once by the env module: the "send a test" button goes through this server.
  process.env.SMTP_URL = smtp.url;
  process.env.SITE_URL = context.siteUrl;
  process.env.MAIL_BOUNCE_DOMAIN = "bounces.agentesfx.com.br";
  // The worker's drain below ends when a claim gets nothing: no throttle in these tests.
  process.env.CAMPAIGN_RATE_PER_SECOND = "0";
  process.env.CAMPAIGN_DOMAIN_RATE_PER_SECOND = "0";
});

/** Sends what is due, as the worker does, with a VERP sender; a deferral waits a minute. */
async function drain() {
  await deliverQueued(smtp, {
    transport: smtpTransport(smtp.url, "Agentes FX <nao-responda@agentesfx.com.br>", {
      bounceDomain: "bounces.agentesfx.com.br",
    }),
    retryBaseMs: 60_000,
  });
}

const now = new Date();
async function seedPeople(prefix: string) {
  const db = await getDb();
  const at = (name: string) => `${prefix}-${name}@exemplo.com.br`;
  await db
    .insert(newsletterSubscribers)
    .values([
      { email: at("leitora"), confirmedAt: now },
      { email: at("nao-confirmou") },
      { email: at("saiu"), confirmedAt: now, unsubscribedAt: now },
      { email: at("nos-dois"), confirmedAt: now },
      { email: at("suprimida"), confirmedAt: now },
    ]);
  const entry = (name: string, agents: string[], consent: boolean) => ({
    name,
    email: at(name),
    interestedAgents: agents,
    marketingConsent: consent,
    termsAcceptedAt: now,
    source: prefix,
  });
  await db
    .insert(waitlist)
    .values([
      entry("trend-com", ["trendkey-btc"], true),
      entry("trend-sem", ["trendkey-btc"], false),
      entry("yen-com", ["yenmax"], true),
      entry("nos-dois", ["trendkey-btc"], true),
    ]);
  await db.insert(suppressions).values({ email: at("suprimida"), reason: "complaint" });
  return at;
}

async function newDraft(fields: Record<string, string>) {
  const created = await campaignAction(new Map([["intent", "criar"]]) as never, STAFF);
  const id = created.result.createdId!;
  const form = (intent: string, extra: Record<string, string> = {}) =>
    campaignAction(new Map(Object.entries({ id, intent, ...fields, ...extra })) as never, STAFF);
  return { id, form };
}

describe("audiences", () => {
  it("reach only consented, confirmed, unsuppressed people, each address once", async () => {
    const at = await seedPeople("aud");
    const db = await getDb();
    const trendkey = { agente: "trendkey-btc" as const, origem: "aud" };
    expect(await countAudience(db, "waitlist", trendkey)).toBe(2); // trend-com, nos-dois
    expect(await countAudience(db, "waitlist", { origem: "aud" })).toBe(3);
    const { id, form } = await newDraft({
      subject: "Vagas do TrendKey",
      body: "O **TrendKey** abriu vagas.",
      audience: "both",
      agente: "trendkey-btc",
      origem: "aud",
    });
    expect((await form("salvar")).status).toBe(200);
    // The count shown: newsletter (leitora, nos-dois) + TrendKey with consent (trend-com).
    const opened = await loadCampaign(id);
    // Not the unconfirmed, the unsubscribed or the suppressed subscriber.
    expect(await countAudience(db, "newsletter", {})).toBe(2);
    expect(opened?.reach).toBe(3);
    expect(opened?.campaign).toMatchObject({
      subject: "Vagas do TrendKey",
      waitlistFilter: { agente: "trendkey-btc", origem: "aud" },
    });
    expect(await countAudience(db, "both", { origem: "aud" })).toBe(4);
    expect(at("suprimida")).toContain("aud-");
  });
});

describe("sending a campaign", () => {
  it("sends once per recipient with unsubscribe headers and link, VERP sender, and concludes", async () => {
    const at = await seedPeople("env");
    const db = await getDb();
    const { id, form } = await newDraft({
      subject: "Novidades do TrendKey",
      previewText: "Vagas abertas",
      body: "Olá!\n\nO **TrendKey** abriu vagas.",
      audience: "waitlist",
      agente: "trendkey-btc",
      origem: "env",
    });

    // A test to the staff member first.
    const test = await form("testar");
    expect(test.result.notice).toBe(copy.testSent(STAFF));
    const [testMail] = await smtp.waitForMessages(1);
    expect(testMail?.subject).toBe("[TESTE] Novidades do TrendKey");

    const before = smtp.messages.length;
    const started = await form("enviar");
    expect(started.result.notice).toBe(copy.started(2));
    await drain();
    const received = smtp.messages.slice(before);
    expect(received.map((mail) => mail.to && [mail.to].flat()[0]?.text).sort()).toEqual([
      at("nos-dois"),
      at("trend-com"),
    ]);
    const [mail] = received;
    const lines = new Map(mail!.headerLines.map((line) => [line.key, line.line]));
    expect(lines.get("list-unsubscribe-post")).toBe(
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    );
    const unsubscribeUrl = /<(https:\/\/agentesfx\.com\.br\/descadastrar\/[\w-]{43})>/.exec(
      lines.get("list-unsubscribe") ?? "",
    )?.[1];
    expect(mail!.text).toContain(unsubscribeUrl);
    expect(mail!.html).toContain("<strong>TrendKey</strong>");
    expect(mail!.text).toContain(riskWarning.title);
    const [message] = await db
      .select()
      .from(campaignMessages)
      .where(eq(campaignMessages.email, [mail!.to].flat()[0]!.text));
    expect(mail!.messageId).toBe(`<${message!.id}@agentesfx.com.br>`);
    expect(smtp.envelopeFrom.at(before + received.indexOf(mail!))).toBe(
      `bounces+${message!.id}@bounces.agentesfx.com.br`,
    );
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(campaign?.status).toBe("done");

    // One click on the link withdraws the consent the message came from.
    expect(await unsubscribe(unsubscribeUrl!.split("/").at(-1)!)).toBe(true);
    expect((await campaignFigures(db, id)).unsubscribed).toBe(1);
    expect(await campaignFigures(db, id)).toMatchObject({ recipients: 2, sent: 2 });
  });

  it("gives each recipient a message of its own: its campaign's body, its own unsubscribe link, no one else's", async () => {
    const at = await seedPeople("own");
    const db = await getDb();
    const first = await newDraft({
      subject: "Primeira",
      body: "Corpo-da-PRIMEIRA campanha.",
      audience: "both",
      origem: "own",
    });
    const second = await newDraft({
      subject: "Segunda",
      body: "Corpo-da-SEGUNDA campanha.",
      audience: "waitlist",
      origem: "own",
    });
    const before = smtp.messages.length;
    expect((await first.form("enviar")).result.ok).toBe(true);
    expect((await second.form("enviar")).result.ok).toBe(true);
    // Both campaigns go out interleaved, through the body cache, in one drain.
    await drain();
    const received = smtp.messages.slice(before);
    // Every recipient of both (the newsletter part reaches other tests' readers too).
    const written = await db.$count(
      campaignMessages,
      sql`${campaignMessages.campaignId} in (${first.id}, ${second.id})`,
    );
    expect(received).toHaveLength(written);

    const tokenOf = (mail: (typeof received)[number]) =>
      /descadastrar\/([\w-]{43})>/.exec(
        mail.headerLines.find((line) => line.key === "list-unsubscribe")?.line ?? "",
      )?.[1];
    const tokens = received.map(tokenOf);
    expect(new Set(tokens).size).toBe(received.length);
    for (const [index, mail] of received.entries()) {
      const to = [mail.to].flat()[0]!.text;
      const own = tokens[index]!;
      const mine = mail.subject === "Primeira" ? "PRIMEIRA" : "SEGUNDA";
      const theirs = mine === "PRIMEIRA" ? "SEGUNDA" : "PRIMEIRA";
      expect(mail.html).toContain(`Corpo-da-${mine}`);
      expect(`${mail.html}${mail.text}`).not.toContain(`Corpo-da-${theirs}`);
      expect(mail.html).toContain(`/descadastrar/${own}`);
      expect(mail.text!.split(own).length - 1).toBe(1);
      for (const other of tokens.filter((token) => token !== own)) {
        expect(`${mail.html}${mail.text}`).not.toContain(other);
      }
      // The link belongs to the person it was sent to.
      const [owner] = rowsOf<{ email: string }>(
        await db.execute(sql`
          select coalesce(s.email, w.email) as email from email_tokens t
            left join newsletter_subscribers s on s.id = t.subscriber_id
            left join waitlist w on w.id = t.waitlist_id
          where t.token_hash = ${hashToken(own)}`),
      );
      expect(owner?.email).toBe(to);
    }
    expect(received.filter((mail) => [mail.to].flat()[0]!.text === at("nos-dois"))).toHaveLength(2);
  });

  it("treats 550 as a hard bounce, 450 and 421 as deferrals, and concludes only when all settle", async () => {
    const at = await seedPeople("smtp");
    const db = await getDb();
    smtp.answers.set(at("trend-com"), 550);
    smtp.answers.set(at("nos-dois"), 450);
    smtp.answers.set(at("yen-com"), 421);
    const { id, form } = await newDraft({
      subject: "Respostas",
      body: "Texto.",
      audience: "waitlist",
      origem: "smtp",
    });
    expect((await form("enviar")).result.ok).toBe(true);
    await drain();
    const byEmail = async (email: string) =>
      (await db.select().from(campaignMessages).where(eq(campaignMessages.email, email)))[0];
    expect(await byEmail(at("trend-com"))).toMatchObject({ status: "failed" });
    const [report] = await db
      .select()
      .from(deliveryReports)
      .where(eq(deliveryReports.recipient, at("trend-com")));
    expect(report).toMatchObject({ kind: "hard-bounce", source: "smtp-answer" });
    expect(report?.detail).toContain("550");
    const [suppression] = await db
      .select()
      .from(suppressions)
      .where(eq(suppressions.email, at("trend-com")));
    expect(suppression?.reason).toBe("hard-bounce");
    for (const deferred of [at("nos-dois"), at("yen-com")]) {
      expect(await byEmail(deferred)).toMatchObject({ status: "pending", attempts: 1 });
    }
    let [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(campaign?.status).toBe("sending");
    expect(await campaignFigures(db, id)).toMatchObject({ deferred: 2, failed: 1, bounced: 1 });

    // The servers recover; the retries are due: everything settles and it concludes.
    smtp.answers.clear();
    await db
      .update(campaignMessages)
      .set({ runAt: sql`now()` })
      .where(eq(campaignMessages.campaignId, id));
    await drain();
    [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(campaign?.status).toBe("done");
    expect(await campaignFigures(db, id)).toMatchObject({ recipients: 3, sent: 2, failed: 1 });
  });

  it("refuses what cannot be sent with Portuguese errors, keeping the draft", async () => {
    await seedPeople("bad");
    const big = "a".repeat(100 * 1024 + 1);
    const { id, form } = await newDraft({ subject: "", body: "", audience: "waitlist" });
    expect((await form("enviar")).result.fieldErrors).toMatchObject({
      subject: copy.errors.subjectRequired,
      body: copy.errors.bodyRequired,
    });
    expect((await form("salvar", { body: big })).result.fieldErrors).toMatchObject({
      body: copy.errors.bodyTooLarge,
    });
    const nobody = await form("enviar", {
      subject: "Ninguém",
      body: "Texto",
      origem: "origem-que-nao-existe",
    });
    expect(nobody.result.fieldErrors).toMatchObject({ audience: copy.errors.audienceEmpty });
    const past = await form("agendar", {
      subject: "Passado",
      body: "Texto",
      origem: "bad",
      scheduledAt: "2020-01-01T10:00",
    });
    expect(past.result.fieldErrors).toMatchObject({ scheduledAt: copy.errors.schedulePast });
    // Everything typed before the refusal is in the draft.
    const opened = await loadCampaign(id);
    expect(opened?.campaign).toMatchObject({ status: "draft", subject: "Passado", body: "Texto" });
    const db = await getDb();
    expect(await db.$count(campaignMessages, eq(campaignMessages.campaignId, id))).toBe(0);

    // Scheduled for later, then cancelled: nothing goes.
    const scheduled = await form("agendar", {
      subject: "Depois",
      body: "Texto",
      origem: "bad",
      scheduledAt: "2099-01-01T10:00",
    });
    expect(scheduled.result.notice).toBe(copy.scheduled);
    expect((await form("salvar")).status).toBe(409);
    const cancel = await campaignAction(
      new Map([
        ["intent", "cancelar"],
        ["id", id],
      ]) as never,
      STAFF,
    );
    expect(cancel.result.notice).toBe(copy.cancelled);
  });
});

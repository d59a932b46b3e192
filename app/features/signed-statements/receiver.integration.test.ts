import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import SMTPConnection from "nodemailer/lib/smtp-connection/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  performanceStatements,
  recordLogEntries,
  robots,
  signedStatementMessageParts,
  signedStatementMessages,
} from "../../../db/schema.ts";
import { dkimRecord, startDkimDns, type DkimDns } from "../../../tests/support/dkim-dns.ts";
import {
  brokerKey,
  composeStatementMail,
  deliverSmtp,
  signMail,
  signedStatementMail,
} from "../../../tests/support/signed-statement-mail.ts";
import {
  generatedLedger,
  mt4Statement,
  mt5Statement,
  periodStatements,
  utf16le,
  utf8,
} from "../../../tests/support/statement-fixtures.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { getVerifiedView } from "../performance/public-view.server.ts";
import { getPublishedRecord, getPublishedReference } from "../performance/queries.server.ts";
import { loader as staffMessageLoader } from "../../routes/admin/signed-statement-message.ts";
import { loader as messageLoader } from "../../routes/site/statement-message.ts";
import { dkimResolver, verifyBrokerSignature } from "./dkim.server.ts";
import { MESSAGES_PER_CONNECTION, SIGNED_MESSAGE_MAX_BYTES } from "./model.ts";
import { saveInbox, type Inbox } from "./queries.server.ts";
import { startStatementReceiver, type StatementReceiver } from "./receiver.server.ts";

// Issue 38 (docs/decisions/377-379): broker statements delivered over real SMTP to the
// receiver, signed for real with generated RSA keys whose public halves a DNS server of
// ours serves; every refusal kept with its reason, nothing refused ever published.

const DOMAIN = "extratos.agentesfx.test";
const broker = brokerKey("mail.corretora-exemplo.com");
const stranger = brokerKey("outra-corretora.com");
const unpublished = brokerKey("mail.corretora-exemplo.com", "semchave");

let dns: DkimDns;
let receiver: StatementReceiver;
let inbox: Inbox;
let address: string;

const statementOf = (account: string, months = 14) => {
  const ledger = { ...generatedLedger({ trades: 120, months }), account };
  return utf16le(mt5Statement(ledger));
};
const goodStatement = statementOf("87654321");

beforeAll(async () => {
  dns = await startDkimDns();
  dns.publish(broker.selector, broker.domain, dkimRecord(broker.publicKey));
  dns.publish(stranger.selector, stranger.domain, dkimRecord(stranger.publicKey));
  receiver = await startStatementReceiver({
    port: 0,
    host: "127.0.0.1",
    domain: DOMAIN,
    resolver: dkimResolver([dns.server]),
  });
  const db = await getDb();
  const [robot] = await db
    .select({ id: robots.id, slug: robots.slug })
    .from(robots)
    .where(eq(robots.key, "midaspulse"));
  inbox = await saveInbox(
    robot!,
    {
      accountNumber: "87654321",
      brokerDomains: [broker.domain],
      accountKind: "real",
      broker: "Corretora Exemplo",
      serverClock: "+00:00",
      currency: "USD",
    },
    "staff@agentesfx.test",
  );
  address = `${inbox.mailbox}@${DOMAIN}`;
});

afterAll(async () => {
  await receiver?.close();
  await dns?.close();
});

const send = (raw: Buffer | string, to: string | string[] = address) =>
  deliverSmtp(receiver.port, raw, { from: `reports@${broker.domain}`, to });

async function messages() {
  const db = await getDb();
  return db
    .select()
    .from(signedStatementMessages)
    .where(eq(signedStatementMessages.robotId, inbox.robotId))
    .orderBy(asc(signedStatementMessages.receivedAt));
}

async function lastMessage() {
  return (await messages()).at(-1)!;
}

async function statementsOfRobot() {
  const db = await getDb();
  return db
    .select({ id: performanceStatements.id })
    .from(performanceStatements)
    .where(eq(performanceStatements.robotId, inbox.robotId));
}

/** Delivery refused with this SMTP code; the message kept with this reason; nothing stored. */
async function expectRefused(raw: Buffer | string, code: number, reason: string) {
  const before = await statementsOfRobot();
  const published = await getPublishedReference(inbox.robotId);
  await expect(send(raw)).rejects.toMatchObject({ responseCode: code });
  const kept = await lastMessage();
  expect(kept, JSON.stringify({ ...kept, detail: kept.detail })).toMatchObject({
    outcome: "refused",
    reason,
    statementId: null,
  });
  expect(await statementsOfRobot()).toEqual(before);
  expect((await getPublishedReference(inbox.robotId))?.statementId).toBe(published?.statementId);
  return kept;
}

describe("a statement e-mailed signed by the broker", () => {
  it("is verified, stored with the raw message and its SHA-256, logged and published with its badge", async () => {
    const raw = await signedStatementMail({ to: address, statement: goodStatement }, broker);
    // A refusal here names what was kept, mailauth's words included.
    const answer = await send(raw).catch(async (error: Error) => {
      throw new Error(`${error.message}: ${JSON.stringify(await lastMessage())}`);
    });
    expect(answer.response).toMatch(/^250 2\.0\.0 statement received/);
    expect(dns.asked).toContain(`TXT ${broker.selector}._domainkey.${broker.domain}`);

    const kept = await lastMessage();
    expect(kept).toMatchObject({
      outcome: "accepted",
      reason: null,
      signingDomain: broker.domain,
      sha256: crypto.createHash("sha256").update(raw).digest("hex"),
      size: raw.length,
    });
    const db = await getDb();
    const parts = await db
      .select({ bytes: signedStatementMessageParts.bytes })
      .from(signedStatementMessageParts)
      .where(eq(signedStatementMessageParts.messageId, kept.id))
      .orderBy(asc(signedStatementMessageParts.part));
    expect(Buffer.concat(parts.map((part) => Buffer.from(part.bytes))).equals(raw)).toBe(true);

    const [statement] = await db
      .select()
      .from(performanceStatements)
      .where(eq(performanceStatements.id, kept.statementId!));
    expect(statement).toMatchObject({
      signedByDomain: broker.domain,
      sha256: crypto.createHash("sha256").update(goodStatement).digest("hex"),
      uploadedBy: `dkim:${broker.domain}`,
      reconciled: true,
    });
    const log = await db
      .select({ kind: recordLogEntries.kind, sha: recordLogEntries.fileSha256 })
      .from(recordLogEntries)
      .where(eq(recordLogEntries.statementId, statement!.id));
    expect(log.map((entry) => entry.kind).sort()).toEqual(["publication", "statement"]);

    const view = await getVerifiedView(inbox.robotId);
    expect(view?.statementId).toBe(statement!.id);
    expect(view?.signature?.domain).toBe(broker.domain);
    expect(view?.signature?.messageSha256).toBe(kept.sha256);

    // Anyone downloads the raw message of the published statement, byte for byte, with its
    // SHA-256, and re-verifies its DKIM signature (docs/decisions/431).
    const download = (await messageLoader({ params: { id: statement!.id } } as never)) as Response;
    expect(download.headers.get("Content-Type")).toBe("message/rfc822");
    expect(download.headers.get("X-Checksum-SHA256")).toBe(kept.sha256);
    const downloaded = Buffer.from(await download.arrayBuffer());
    expect(downloaded.equals(raw)).toBe(true);
    expect(
      await verifyBrokerSignature(
        downloaded,
        [broker.domain],
        dkimResolver([dns.server]),
        new Date(),
      ),
    ).toMatchObject({ ok: true, domain: broker.domain });
  });

  it("lets staff download any kept message, a refused one too, and the public none of those", async () => {
    const raw = await composeStatementMail(
      { to: address, statement: statementOf("87654321", 21) },
      broker.domain,
    );
    await expect(send(raw)).rejects.toMatchObject({ responseCode: 550 });
    const kept = await lastMessage();
    expect(kept.reason).toBe("unsigned");
    const staff = (await staffMessageLoader({
      params: { id: inbox.robotId, messageId: kept.id },
    } as never)) as Response;
    expect(Buffer.from(await staff.arrayBuffer()).equals(Buffer.from(raw))).toBe(true);
    expect(staff.headers.get("Cache-Control")).toBe("no-store");
    // Another robot's id finds nothing.
    await expect(
      staffMessageLoader({
        params: { id: "00000000-0000-4000-8000-000000000000", messageId: kept.id },
      } as never),
    ).rejects.toMatchObject({ init: { status: 404 } });
    // A statement never published has no public message.
    await expect(
      messageLoader({ params: { id: "00000000-0000-4000-8000-000000000000" } } as never),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("reads a statement sent as the message's HTML body", async () => {
    const body = new TextEncoder().encode(
      mt5Statement({
        ...generatedLedger({ trades: 130, months: 15, seed: 5 }),
        account: "87654321",
      }),
    );
    const raw = await signedStatementMail({ to: address, statement: body, inline: true }, broker);
    await send(raw);
    expect(await lastMessage()).toMatchObject({
      outcome: "accepted",
      signingDomain: broker.domain,
    });
  });

  it("refuses a replayed message and a statement already received", async () => {
    const raw = await signedStatementMail({ to: address, statement: goodStatement }, broker);
    await expectRefused(raw, 550, "replayed");
  });

  it("refuses a tampered body", async () => {
    const raw = (
      await signedStatementMail({ to: address, statement: statementOf("87654321", 16) }, broker)
    ).toString("latin1");
    // One base64 character of the attachment changed after signing.
    const at = raw.lastIndexOf("AAAA");
    const tampered = `${raw.slice(0, at)}AAAB${raw.slice(at + 4)}`;
    const kept = await expectRefused(tampered, 550, "signature-failed");
    expect(kept.detail).toMatch(/body hash did not verify/);
  });

  it("refuses a tampered signed header", async () => {
    const raw = (
      await signedStatementMail({ to: address, statement: statementOf("87654321", 16) }, broker)
    ).toString();
    const tampered = raw.replace("Subject: Daily Confirmation", "Subject: Daily Confirmatiom");
    const kept = await expectRefused(tampered, 550, "signature-failed");
    expect(kept.detail).toMatch(/bad signature/);
  });

  it("refuses an expired signature", async () => {
    const raw = await composeStatementMail(
      { to: address, statement: statementOf("87654321", 17) },
      broker.domain,
    );
    const day = 86_400_000;
    const signed = await signMail(raw, broker, {
      signTime: new Date(Date.now() - 3 * day),
      expires: new Date(Date.now() - day),
    });
    const kept = await expectRefused(signed, 550, "signature-failed");
    expect(kept.detail).toMatch(/expired/);
  });

  it("refuses a domain not on the account's list, and an unsigned message", async () => {
    const other = await signedStatementMail(
      { to: address, statement: statementOf("87654321", 18) },
      stranger,
    );
    expect(await expectRefused(other, 550, "domain-not-allowed")).toMatchObject({
      signingDomain: stranger.domain,
    });
    const unsigned = await composeStatementMail(
      { to: address, statement: statementOf("87654321", 18) },
      broker.domain,
    );
    await expectRefused(unsigned, 550, "unsigned");
  });

  it("refuses a key that does not resolve", async () => {
    const raw = await signedStatementMail(
      { to: address, statement: statementOf("87654321", 19) },
      unpublished,
    );
    const kept = await expectRefused(raw, 550, "key-unresolved");
    expect(kept.detail).toMatch(/no key/);
  });

  it("refuses a statement for another account, with the account it names", async () => {
    const raw = await signedStatementMail(
      { to: address, statement: statementOf("11112222") },
      broker,
    );
    const kept = await expectRefused(raw, 550, "account-mismatch");
    expect(kept.detail).toContain("11112222");
  });

  it("refuses a signed message without a statement", async () => {
    const raw = await signedStatementMail(
      { to: address, statement: new TextEncoder().encode("<p>Olá</p>"), fileName: "nota.html" },
      broker,
    );
    await expectRefused(raw, 550, "unreadable-statement");
  });

  // The reader process finds the statement in the message (docs/decisions/490).
  it("refuses a signed message with no HTML attachment or body, and a statement over 5 MB", async () => {
    const plain = Buffer.from(
      [
        `From: Statements <reports@${broker.domain}>`,
        `To: ${address}`,
        "Subject: Daily Confirmation",
        `Message-ID: <${crypto.randomUUID()}@${broker.domain}>`,
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=utf-8",
        "",
        "Segue o extrato em anexo.",
        "",
      ].join("\r\n"),
    );
    const none = await expectRefused(await signMail(plain, broker), 550, "no-statement");
    expect(none.signingDomain).toBe(broker.domain);
    const large = await signedStatementMail(
      {
        to: address,
        statement: new TextEncoder().encode(`<html>${" ".repeat(5 * 1024 * 1024)}</html>`),
        fileName: "Statement.htm",
      },
      broker,
    );
    const kept = await expectRefused(large, 550, "unreadable-statement");
    expect(kept.detail).toBe("statement over 5 MB");
  });

  it("refuses a message over the limit (kept without its body), and keeps serving", async () => {
    const huge = `Subject: grande\r\n\r\n${"a".repeat(SIGNED_MESSAGE_MAX_BYTES + 10)}`;
    const kept = await expectRefused(huge, 552, "too-large");
    expect(kept.sha256).toBeNull();
    const db = await getDb();
    const parts = await db
      .select()
      .from(signedStatementMessageParts)
      .where(eq(signedStatementMessageParts.messageId, kept.id));
    expect(parts).toHaveLength(0);
  });

  it("refuses unknown mailboxes and a second recipient at RCPT, storing nothing", async () => {
    const before = (await messages()).length;
    await expect(send("Subject: x\r\n\r\nx", `ninguem@${DOMAIN}`)).rejects.toMatchObject({
      responseCode: 550,
    });
    await expect(send("Subject: x\r\n\r\nx", `${inbox.mailbox}@outro.test`)).rejects.toMatchObject({
      responseCode: 550,
    });
    expect((await messages()).length).toBe(before);
    // The second recipient is refused; the message goes to the first only (and, unsigned,
    // is refused and kept).
    const answer = await send("Subject: x\r\n\r\nx", [address, `outra-${address}`]).catch(
      (error: { responseCode?: number }) => error,
    );
    expect(answer).toMatchObject({ responseCode: 550 });
    expect(await lastMessage()).toMatchObject({ reason: "unsigned" });
    expect((await messages()).length).toBe(before + 1);
  });
});

describe("one SMTP connection", () => {
  it(`delivers at most ${MESSAGES_PER_CONNECTION} messages; the next is told to reconnect and nothing of it is kept`, async () => {
    const before = (await messages()).length;
    const connection = new SMTPConnection({ host: "127.0.0.1", port: receiver.port });
    await new Promise<void>((resolve, reject) =>
      connection.connect((error) => (error ? reject(error) : resolve())),
    );
    const envelope = { from: `reports@${broker.domain}`, to: [address] };
    // Unsigned, so each is refused (550) and kept as a message of the inbox; the connection
    // stays open after a 550.
    const answers: (number | string)[] = [];
    try {
      for (let i = 0; i < MESSAGES_PER_CONNECTION + 2; i++) {
        const answer = await new Promise<number | string>((resolve) =>
          connection.send(envelope, `Subject: extrato ${i}\r\n\r\nsem assinatura ${i}`, (error) =>
            resolve(error ? (error.responseCode ?? error.code ?? "error") : 250),
          ),
        );
        answers.push(answer);
        if (answer !== 550) break;
        // A refused transaction leaves the client mid-transaction; RSET starts the next.
        await new Promise<void>((resolve, reject) =>
          connection.reset((error) => (error ? reject(error) : resolve())),
        );
      }
    } finally {
      connection.close();
    }
    expect(answers).toEqual([...Array<number>(MESSAGES_PER_CONNECTION).fill(550), 421]);
    const kept = (await messages()).slice(before);
    expect(kept).toHaveLength(MESSAGES_PER_CONNECTION);
    expect(kept.every((message) => message.reason === "unsigned")).toBe(true);
  });
});

describe("a DKIM key whose DNS does not answer", () => {
  it("is answered 451 so the broker tries again, and kept for staff", async () => {
    // Port 9 (discard) on the loopback: nothing answers DNS there.
    const silent = await startStatementReceiver({
      port: 0,
      host: "127.0.0.1",
      domain: DOMAIN,
      resolver: dkimResolver(["127.0.0.1:9"]),
    });
    try {
      const raw = await signedStatementMail(
        { to: address, statement: statementOf("87654321", 20) },
        broker,
      );
      await expect(
        deliverSmtp(silent.port, raw, { from: `reports@${broker.domain}`, to: address }),
      ).rejects.toMatchObject({ responseCode: 451 });
      expect(await lastMessage()).toMatchObject({
        outcome: "refused",
        reason: "key-unresolved",
        signingDomain: broker.domain,
      });
    } finally {
      await silent.close();
    }
  });
});

describe("statements of one account delivered at once", () => {
  it("are received one after the other: the published record combines every one of them", async () => {
    const db = await getDb();
    const [robot] = await db
      .select({ id: robots.id, slug: robots.slug })
      .from(robots)
      .where(eq(robots.key, "trendkey-btc"));
    const daily = await saveInbox(
      robot!,
      {
        accountNumber: "55512345",
        brokerDomains: [broker.domain],
        accountKind: "real",
        broker: "Corretora Exemplo",
        serverClock: "+00:00",
        currency: "USD",
      },
      "staff@agentesfx.test",
    );
    const to = `${daily.mailbox}@${DOMAIN}`;
    const ledger = { ...generatedLedger({ trades: 90, months: 1, seed: 7 }), account: "55512345" };
    const day = (i: number) => `2021.11.0${i + 1} 00:00:00`;
    const days = periodStatements(
      ledger,
      [0, 1, 2].map((i) => ({ from: day(i), to: day(i + 1) })),
    );
    const mails = await Promise.all(
      days.map((period, i) =>
        signedStatementMail(
          {
            to,
            statement: utf8(mt4Statement(period.ledger, { openingBalance: period.openingBalance })),
            fileName: `Statement-${i + 1}.htm`,
          },
          broker,
        ),
      ),
    );
    const deliver = (raw: Buffer) =>
      deliverSmtp(receiver.port, raw, { from: `reports@${broker.domain}`, to });
    await deliver(mails[0]!);
    // The second and third days on two connections at once, as a broker's end-of-day run
    // sends them: each combined with the days published before it.
    const answers = await Promise.all(mails.slice(1).map(deliver));
    expect(answers.map((answer) => answer.response)).toEqual([
      expect.stringMatching(/^250 /),
      expect.stringMatching(/^250 /),
    ]);
    const shown = await getPublishedReference(daily.robotId);
    const record = await getPublishedRecord(shown!.publicationId);
    expect(record.trades).toBe(days.reduce((sum, period) => sum + period.ledger.trades.length, 0));
  });
});

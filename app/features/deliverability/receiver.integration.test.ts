import { readFileSync } from "node:fs";
import net from "node:net";
import { Readable } from "node:stream";
import { eq, like } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryReports, emailOutbox, suppressions } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { reportIntakeLimits, reportMaxBytes } from "../../platform/mail/deliverability-model.ts";
import { bounceAddressFor } from "../../platform/mail/report.server.ts";
import { receiveReportPost, startBounceReceiver, type BounceReceiver } from "./receiver.server.ts";

// Read once, on first use, by the env module.
process.env.SITE_URL = "https://agentesfx.com.br";
process.env.MAIL_BOUNCE_DOMAIN = "bounces.agentesfx.com.br";
process.env.BOUNCE_HTTP_SECRET = "segredo-do-relay-com-24-caracteres";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const fixture = (name: string) =>
  readFileSync(new URL(`../../platform/mail/report-fixtures/${name}`, import.meta.url), "utf8");

async function sentMessage(recipient: string): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .insert(emailOutbox)
    .values({ template: "newsletter-welcome", recipient, payload: {}, status: "sent" })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

async function suppressionOf(email: string) {
  const db = await getDb();
  const [row] = await db.select().from(suppressions).where(eq(suppressions.email, email));
  return row;
}

let receiver: BounceReceiver;
beforeAll(async () => {
  receiver = await startBounceReceiver(0, "127.0.0.1");
});
afterAll(() => receiver.close());

/** Delivers a report to the receiver over SMTP, as a remote mail server's bounce would come. */
function deliver(raw: string | Buffer, to: string, port = receiver.port) {
  const client = nodemailer.createTransport({ host: "127.0.0.1", port });
  return client.sendMail({ envelope: { from: "", to }, raw }).finally(() => client.close());
}

describe("the bounce receiver (SMTP)", () => {
  it("takes a bounce addressed to the message's VERP sender and suppresses its recipient", async () => {
    const id = await sentMessage("sumiu@exemplo.com.br");
    // A report that names its message only by the envelope it arrived under.
    const raw = fixture("exim-no-such-user.eml")
      .replace(/^Message-ID: <[^>]+>$/m, "Message-ID: <outro@exemplo>")
      .replace(UUID, "00000000-0000-4000-8000-00000000000f");
    await deliver(raw, bounceAddressFor(id, "bounces.agentesfx.com.br"));
    expect(await suppressionOf("sumiu@exemplo.com.br")).toMatchObject({
      reason: "hard-bounce",
      messageId: id,
    });
  });

  it("refuses other domains' recipients and reports over 1 MB, and keeps serving", async () => {
    await expect(deliver("Subject: oi\r\n\r\noi", "alguem@exemplo.com.br")).rejects.toMatchObject({
      responseCode: 550,
    });
    const huge = `Subject: grande\r\n\r\n${"a".repeat(reportMaxBytes + 10)}`;
    await expect(
      deliver(
        huge,
        bounceAddressFor("00000000-0000-4000-8000-000000000000", "bounces.agentesfx.com.br"),
      ),
    ).rejects.toMatchObject({ responseCode: 552 });
    const id = await sentMessage("depois@exemplo.com.br");
    await deliver(
      fixture("postfix-user-unknown.eml").replace(UUID, id),
      `bounces+${id}@bounces.agentesfx.com.br`,
    );
    expect(await suppressionOf("depois@exemplo.com.br")).toMatchObject({ reason: "hard-bounce" });
  });
});

/** A raw SMTP connection: `say` sends a line (or none) and resolves with the next reply. */
async function smtpConnection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let buffered = "";
  const waiting: ((line: string) => void)[] = [];
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    buffered += chunk;
    // A reply ends with a line whose code is followed by a space ("250 ok", not "250-...").
    let match;
    while ((match = /^(?:\d{3}-[^\n]*\n)*\d{3} [^\n]*\n/.exec(buffered))) {
      buffered = buffered.slice(match[0].length);
      waiting.shift()?.(match[0]);
    }
  });
  const reply = () => new Promise<string>((resolve) => waiting.push(resolve));
  const greeting = await reply();
  return {
    greeting,
    say: (line: string) => {
      const answer = reply();
      socket.write(`${line}\r\n`);
      return answer;
    },
    close: () => socket.destroy(),
  };
}

describe("the bounce receiver's limits (decision 404)", () => {
  const unmatched = (n: number) =>
    bounceAddressFor(
      `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
      "bounces.agentesfx.com.br",
    );

  it("keeps the first 64 KB of a report that names no message of ours", async () => {
    const body = `Subject: relatorio longo\r\nX-Marca: inicio\r\n\r\n${"linha de texto\r\n".repeat(10_000)}`;
    await deliver(body, unmatched(640));
    const db = await getDb();
    const [report] = await db
      .select()
      .from(deliveryReports)
      .where(eq(deliveryReports.subject, "relatorio longo"));
    expect(report!.reviewedAt).toBeNull();
    expect(Buffer.byteLength(report!.raw!)).toBe(reportIntakeLimits.reviewRawMaxBytes);
    expect(report!.raw).toContain("X-Marca: inicio");
  });

  it("refuses, for a while, connections, messages and recipients past their limits", async () => {
    const limited = await startBounceReceiver(0, "127.0.0.1", {
      ...reportIntakeLimits,
      connectionsPerAddress: 2,
      messagesPerConnection: 2,
      recipientsPerMessage: 1,
      reportsPerAddressPerHour: 3,
    });
    const opened = [];
    try {
      opened.push(await smtpConnection(limited.port), await smtpConnection(limited.port));
      const third = await smtpConnection(limited.port);
      opened.push(third);
      expect(third.greeting).toMatch(/^421 /);
      const [first] = opened;
      expect(await first!.say("EHLO mx.exemplo.com.br")).toMatch(/^250/);
      for (let message = 1; message <= 2; message += 1) {
        expect(await first!.say("MAIL FROM:<>")).toMatch(/^250/);
        expect(await first!.say(`RCPT TO:<${unmatched(message)}>`)).toMatch(/^250/);
        expect(await first!.say(`RCPT TO:<${unmatched(99)}>`)).toMatch(/^452 /);
        expect(await first!.say("DATA")).toMatch(/^354/);
        expect(await first!.say(`Subject: limite ${message}\r\n\r\noi\r\n.`)).toMatch(/^250/);
      }
      expect(await first!.say("MAIL FROM:<>")).toMatch(/^421 /);
      for (const connection of opened.splice(0)) connection.close();
      // The receiver counts a connection out when it sees it closed.
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The hourly limit of the address: its third report is taken, the fourth waits.
      await deliver("Subject: limite 3\r\n\r\noi", unmatched(3), limited.port);
      await expect(
        deliver("Subject: limite 4\r\n\r\noi", unmatched(4), limited.port),
      ).rejects.toMatchObject({ responseCode: 451 });
      const db = await getDb();
      const stored = await db
        .select({ subject: deliveryReports.subject })
        .from(deliveryReports)
        .where(like(deliveryReports.subject, "limite %"));
      expect(stored.map((r) => r.subject).sort()).toEqual(["limite 1", "limite 2", "limite 3"]);
    } finally {
      for (const connection of opened) connection.close();
      await limited.close();
    }
  });
});

describe("POST /correio/relatorios", () => {
  const post = (body: string | Buffer, headers: Record<string, string> = {}) =>
    receiveReportPost({
      headers: { authorization: `Bearer ${process.env.BOUNCE_HTTP_SECRET}`, ...headers },
      body: Readable.from([Buffer.from(body)]),
    });

  it("stores a report posted with the shared secret, and refuses one without it", async () => {
    const id = await sentMessage("reclamante@exemplo.com.br");
    expect(
      await post(fixture("arf-abuse.eml").replace(UUID, id), { authorization: "Bearer errado" }),
    ).toMatchObject({ status: 401 });
    expect(await suppressionOf("reclamante@exemplo.com.br")).toBeUndefined();
    const answer = await post(fixture("arf-abuse.eml").replace(UUID, id));
    expect(answer.status).toBe(202);
    expect(await suppressionOf("reclamante@exemplo.com.br")).toMatchObject({ reason: "complaint" });
    const db = await getDb();
    const [report] = await db
      .select()
      .from(deliveryReports)
      .where(eq(deliveryReports.id, answer.body));
    expect(report).toMatchObject({ source: "http", kind: "complaint", messageId: id });
  });

  it("refuses a report over 1 MB, declared or streamed", async () => {
    const huge = Buffer.alloc(reportMaxBytes + 1, "a");
    expect(await post(huge)).toMatchObject({ status: 413 });
    expect(await post(huge, { "content-length": String(huge.length) })).toMatchObject({
      status: 413,
    });
  });
});

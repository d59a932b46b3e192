import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { reportMaxBytes } from "./deliverability-model.ts";
import {
  bounceAddressFor,
  classifyStatus,
  readReport,
  type ReportContext,
} from "./report.server.ts";

const context: ReportContext = {
  bounceDomain: "bounces.agentesfx.com.br",
  messageIdDomain: "agentesfx.com.br",
};
const fixture = (name: string) =>
  readFileSync(new URL(`./report-fixtures/${name}`, import.meta.url));

async function read(name: string, extra: Partial<ReportContext> = {}) {
  const reading = await readReport(fixture(name), { ...context, ...extra });
  if (!reading.ok) throw new Error(`${name} was not read: ${reading.reason}`);
  return reading.report;
}

describe("delivery reports in the styles of real mail servers", () => {
  it.each([
    [
      "postfix-user-unknown.eml",
      "hard-bounce",
      "3f1c6a52-8d7e-4b0a-9c1e-2a4b6c8d0e11",
      "joao.silva@exemplo.com.br",
      "5.1.1",
    ],
    [
      "postfix-delayed.eml",
      "soft-bounce",
      "7a0b9c8d-1e2f-4a3b-8c4d-5e6f7a8b9c0d",
      "maria@caixa-cheia.com.br",
      "4.2.2",
    ],
    [
      "exim-no-such-user.eml",
      "hard-bounce",
      "c2d3e4f5-a6b7-4c8d-9e0f-1a2b3c4d5e6f",
      "pedro@provedor.net.br",
      "5.0.0",
    ],
    [
      "exchange-recipient-not-found.eml",
      "hard-bounce",
      "0d1e2f3a-4b5c-4d6e-8f7a-8b9c0d1e2f3a",
      "ana.costa@empresa.com.br",
      "5.1.10",
    ],
    // A full mailbox is a 5xx, yet the address is real: soft.
    [
      "gmail-over-quota.eml",
      "soft-bounce",
      "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9",
      "lucas.pereira@gmail.com",
      "5.2.2",
    ],
    [
      "arf-abuse.eml",
      "complaint",
      "9b8a7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d",
      "carla@example.com",
      null,
    ],
    [
      "auto-reply-out-of-office.eml",
      "auto-reply",
      "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
      null,
      null,
    ],
    ["unclassified-reply.eml", "unclassified", "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e", null, null],
  ])("%s is a %s of message %s", async (name, kind, messageId, recipient, status) => {
    const report = await read(name);
    expect(report).toMatchObject({ kind, messageId, recipient, status });
  });

  it("keeps the remote server's answer as the detail", async () => {
    const report = await read("exchange-recipient-not-found.eml");
    expect(report.detail).toBe(
      "550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup",
    );
    expect((await read("exim-no-such-user.eml")).detail).toBe("No Such User Here");
  });

  it("finds the message by the returned Message-ID when the envelope says nothing", async () => {
    const raw = fixture("exim-no-such-user.eml")
      .toString("utf8")
      .replace(/^(Envelope-to|To):.*$/gm, "$1: postmaster@agentesfx.com.br")
      .replace(/^Return-path: <bounces.*$/gm, "Return-path: <>");
    const reading = await readReport(Buffer.from(raw), context);
    expect(reading.ok && reading.report.messageId).toBe("c2d3e4f5-a6b7-4c8d-9e0f-1a2b3c4d5e6f");
  });

  it("prefers the envelope recipient the receiver saw", async () => {
    const report = await read("unclassified-reply.eml", {
      envelopeTo: [bounceAddressFor("00000000-0000-4000-8000-000000000001", context.bounceDomain)],
    });
    expect(report.messageId).toBe("00000000-0000-4000-8000-000000000001");
  });

  it("reads the RFC 5965 example as a complaint about no message of ours", async () => {
    const report = await read("arf-rfc5965-example.eml");
    expect(report).toMatchObject({
      kind: "complaint",
      messageId: null,
      recipient: "user@example.com",
    });
  });
});

describe("bad reports", () => {
  it("refuses a report over 1 MB unread", async () => {
    const huge = Buffer.concat([fixture("postfix-user-unknown.eml"), Buffer.alloc(reportMaxBytes)]);
    expect(await readReport(huge, context)).toEqual({ ok: false, reason: "too-large" });
  });

  it.each([
    ["binary noise", Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
    ["an empty message", Buffer.alloc(0)],
    ["a report cut in the middle", fixture("postfix-user-unknown.eml").subarray(0, 1500)],
    [
      "a report with no fields",
      Buffer.from(
        "Content-Type: multipart/report; report-type=delivery-status; boundary=x\n\n--x\n" +
          "Content-Type: message/delivery-status\n\n\n--x--\n",
      ),
    ],
  ])("reads %s as unclassified, naming nothing it cannot know", async (_, raw) => {
    const reading = await readReport(raw, context);
    if (reading.ok) expect(reading.report.kind).toBe("unclassified");
    else expect(reading.reason).toBe("unreadable");
  });

  it("never takes a Message-ID of another domain for ours", async () => {
    const raw = fixture("unclassified-reply.eml")
      .toString("utf8")
      .replace(/bounces\+[^@]+@bounces\.agentesfx\.com\.br/g, "someone@example.com")
      .replace("@agentesfx.com.br>", "@elsewhere.example>");
    const reading = await readReport(Buffer.from(raw), context);
    expect(reading.ok && reading.report.messageId).toBeNull();
  });
});

describe("classifyStatus", () => {
  it.each([
    ["5.1.1", "failed", "hard-bounce"],
    ["5.7.1", "failed", "hard-bounce"],
    ["5.2.2", "failed", "soft-bounce"],
    ["4.4.7", "failed", "soft-bounce"],
    ["4.2.2", "delayed", "soft-bounce"],
    ["2.0.0", "delivered", "auto-reply"],
    [null, "failed", "unclassified"],
  ] as const)("%s with action %s is %s", (status, action, kind) => {
    expect(classifyStatus(status, action)).toBe(kind);
  });
});

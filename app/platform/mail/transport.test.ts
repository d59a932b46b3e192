import type { Readable } from "node:stream";
import fc from "fast-check";
import type { ParsedMail } from "mailparser";
import nodemailer from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import type Mail from "nodemailer/lib/mailer";
import { describe, expect, it } from "vitest";
import { startSmtpServer } from "../../../tests/support/smtp-server.ts";
import type { Env } from "../http/env.server.ts";
import { sendInOnePiece } from "./one-piece.server.ts";
import {
  addressOf,
  assertMailTransportConfigured,
  mailOptions,
  parsedOnce,
  smtpTransport,
} from "./transport.server.ts";

const base = { NODE_ENV: "production", DATABASE_URL: "postgres://db/app" } as Env;

describe("the mail transport check", () => {
  it("refuses production on PostgreSQL without SMTP_URL, naming the setting", () => {
    expect(() => assertMailTransportConfigured(base)).toThrow(/SMTP_URL is not set/);
  });

  it("accepts SMTP_URL, the embedded database, or a non-production run", () => {
    expect(() =>
      assertMailTransportConfigured({ ...base, SMTP_URL: "smtp://mail:25" }),
    ).not.toThrow();
    expect(() => assertMailTransportConfigured({ ...base, DATABASE_URL: undefined })).not.toThrow();
    expect(() => assertMailTransportConfigured({ ...base, NODE_ENV: "development" })).not.toThrow();
  });
});

describe("a message's parts", () => {
  it("are delimited by boundaries named by the message's id, the same when it is sent again", async () => {
    const smtp = await startSmtpServer();
    const transport = smtpTransport(smtp.url, "Agentes FX <nao-responda@agentesfx.com.br>");
    try {
      const id = "6f1c2a9e-4b7d-4e1a-9c3f-2d8b5e7a1c04";
      const email = {
        id,
        messageId: `<${id}@agentesfx.com.br>`,
        to: "maria@example.com",
        subject: "Confirme sua inscrição",
        html: "<p>Olá, Maria!</p>",
        text: "Olá, Maria!",
        linkTokens: [],
      };
      await transport.send(email);
      await transport.send(email);
      const [first, second] = await smtp.waitForMessages(2);
      const boundary = (mail: ParsedMail) =>
        (mail.headers.get("content-type") as { params: { boundary: string } }).params.boundary;
      expect(boundary(first!)).toContain(id);
      expect(boundary(second!)).toBe(boundary(first!));
      expect(first!.text?.trim()).toBe("Olá, Maria!");
      expect(first!.html).toBe("<p>Olá, Maria!</p>");
    } finally {
      transport.close();
      await smtp.close();
    }
  });
});

describe("the addresses nodemailer is given (decision 312)", () => {
  const addressText = fc.string({
    unit: fc.constantFrom(..."aZ09._%+-=!#$&*/?^`{|}~'@ \"(),:;<>[]\\çé\t"),
    maxLength: 30,
  });

  it("are given already read only when nodemailer's parser reads them as they are", () => {
    fc.assert(
      fc.property(fc.oneof(addressText, fc.emailAddress()), (text) => {
        const given = addressOf(text);
        if (typeof given === "string") return;
        expect(given).toEqual({ name: "", address: text });
        expect(addressparser(text)).toEqual([{ name: "", address: text }]);
      }),
      { numRuns: 2000 },
    );
    // Every address we send to is given already read.
    expect(addressOf("maria.silva+lista@example.com.br")).toEqual({
      name: "",
      address: "maria.silva+lista@example.com.br",
    });
  }, 60_000);

  it("make the same message and envelope as the addresses written out", async () => {
    const stream = sendInOnePiece(
      nodemailer.createTransport({ streamTransport: true, newline: "windows" } as never),
    );
    const sent = async (options: Mail.Options) => {
      const info = (await stream.sendMail({ ...options, date: new Date(0) })) as unknown as {
        message: Readable;
        envelope: unknown;
      };
      const chunks: Buffer[] = [];
      for await (const chunk of info.message) chunks.push(chunk as Buffer);
      return { message: Buffer.concat(chunks).toString("latin1"), envelope: info.envelope };
    };
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.emailAddress(), addressText),
        fc.string({ unit: fc.constantFrom(..."Agentes FX çã\"'<>,."), maxLength: 20 }),
        fc.emailAddress(),
        fc.option(fc.emailAddress(), { nil: undefined }),
        fc.option(fc.constantFrom("bounces.agentesfx.com.br", "b.example.com"), { nil: undefined }),
        fc.boolean(),
        async (to, name, fromAddress, replyTo, bounceDomain, marketing) => {
          const from = name ? `"${name.replaceAll('"', "")}" <${fromAddress}>` : fromAddress;
          const email = {
            id: "6f1c2a9e-4b7d-4e1a-9c3f-2d8b5e7a1c04",
            messageId: "<6f1c2a9e-4b7d-4e1a-9c3f-2d8b5e7a1c04@agentesfx.com.br>",
            to,
            subject: "Confirme sua inscrição",
            html: "<p>Olá!</p>",
            text: "Olá!",
            linkTokens: [],
            ...(marketing ? { unsubscribeUrl: "https://agentesfx.com.br/descadastrar/t" } : {}),
          };
          const written = mailOptions(
            email,
            { from, ...(replyTo ? { replyTo } : {}) },
            bounceDomain,
          );
          const read = mailOptions(
            email,
            {
              from: parsedOnce(addressparser(from), from),
              ...(replyTo ? { replyTo: parsedOnce(addressparser(replyTo), replyTo) } : {}),
            },
            bounceDomain,
          );
          const asWritten = await sent({
            ...written,
            to,
            ...(bounceDomain
              ? { envelope: { from: `bounces+${email.id}@${bounceDomain}`, to } }
              : {}),
          });
          expect(await sent(read)).toEqual(asWritten);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});

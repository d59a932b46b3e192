import crypto from "node:crypto";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { SMTPServer } from "smtp-server";
import type { ParsedMail } from "mailparser";
import { describe, expect, it } from "vitest";
import { startSmtpServer } from "../../../tests/support/smtp-server.ts";
import type { Env } from "../http/env.server.ts";
import { assertMailTransportConfigured, smtpTransport } from "./transport.server.ts";

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

describe("a message signed with DKIM", () => {
  it("verifies with mailauth against the key's public half (a resolver of ours for DNS)", async () => {
    const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
    const raw: Buffer[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          raw.push(Buffer.concat(chunks));
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as { port: number };
    const transport = smtpTransport(
      `smtp://127.0.0.1:${port}`,
      "Agentes FX <nao-responda@agentesfx.com.br>",
      {
        dkim: {
          domainName: "agentesfx.com.br",
          keySelector: "sel1",
          privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
        },
      },
    );
    try {
      const id = crypto.randomUUID();
      await transport.send({
        id,
        messageId: `<${id}@agentesfx.com.br>`,
        to: "maria@example.com",
        subject: "Confirme sua inscrição",
        html: "<p>Olá, Maria!</p>",
        text: "Olá, Maria!",
        linkTokens: [],
      });
      const publicDer = publicKey.export({ type: "spki", format: "der" }).toString("base64");
      const asked: string[] = [];
      const result = await dkimVerify(raw[0]!, {
        resolver: async (name: string, type: string) => {
          asked.push(`${type} ${name}`);
          if (type === "TXT" && name === "sel1._domainkey.agentesfx.com.br") {
            return [[`v=DKIM1; k=rsa; p=${publicDer}`]];
          }
          throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
        },
      });
      expect(asked).toContain("TXT sel1._domainkey.agentesfx.com.br");
      expect(result.results[0]?.signingDomain).toBe("agentesfx.com.br");
      expect(result.results[0]?.status.result).toBe("pass");
    } finally {
      transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

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

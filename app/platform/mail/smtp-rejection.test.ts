import pino from "pino";
import { describe, expect, it } from "vitest";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { smtpTransport } from "./transport.server.ts";

// Issue 25, class 6: an SMTP rejection must not put the recipient's address in the logs.
// The senders log the transport's error under `err`, which pino serializes with this.
const logged = (error: unknown) => JSON.stringify(pino.stdSerializers.err(error as Error));

const smtp = await smtpServerForFile();

const message = { subject: "Teste", html: "<p>Teste</p>", text: "Teste" };
const from = "Agentes FX <nao-responda@agentesfx.com.br>";
// One transport sends every message; a campaign's has a VERP sender and unsubscribe headers.
const senders = {
  messages: (to: string) => {
    const transport = smtpTransport(smtp.url, from);
    return transport
      .send({ id: "o1", messageId: "<o1@a.b>", to, ...message, linkTokens: [] })
      .finally(() => transport.close());
  },
  campaigns: (to: string) => {
    const transport = smtpTransport(smtp.url, from, { bounceDomain: "bounces.a.b" });
    return transport
      .send({
        id: "c1",
        messageId: "<c1@a.b>",
        to,
        ...message,
        unsubscribeUrl: "https://a.b/sair",
        linkTokens: [],
      })
      .finally(() => transport.close());
  },
};

describe("an SMTP rejection as the logs see it", () => {
  it.each([
    ["messages", 550],
    ["messages", 450],
    ["campaigns", 550],
  ] as const)("%s: keeps the answer's code, never the address (%i)", async (sender, code) => {
    const address = `maria.rejeitada.${sender}.${code}@example.com`;
    smtp.answers.set(address, code);
    const error = await senders[sender](address).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    const line = logged(error);
    expect(line).toContain(`${code} <[address]>: scripted answer ${code}`);
    expect(line).not.toContain("maria.rejeitada");
    expect(line).not.toContain("@example.com");
    expect(error).toMatchObject({ responseCode: code, command: "RCPT TO" });
  });
});

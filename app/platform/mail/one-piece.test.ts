import { generateKeyPairSync } from "node:crypto";
import { type Readable, Transform } from "node:stream";
import fc from "fast-check";
import nodemailer, { type Transporter } from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { describe, expect, it } from "vitest";
import MimeNode from "nodemailer/lib/mime-node";
import { readInOneChunk, sendInOnePiece } from "./one-piece.server.ts";

// Each message's boundaries are random: compared as what they are.
const sameBoundaries = (message: string) =>
  message.replace(/--_NmP-[0-9a-f]+-Part_(\d+)/g, "--_NmP-boundary-Part_$1");

/** The message a stream transport hands on, and in how many pieces it came. */
async function sent(transporter: Transporter, mail: Mail.Options) {
  const info = (await transporter.sendMail(mail)) as unknown as { message: Readable };
  const chunks: Buffer[] = [];
  for await (const chunk of info.message) chunks.push(chunk as Buffer);
  return { message: Buffer.concat(chunks).toString("latin1"), pieces: chunks.length };
}

const text = fc.string({
  unit: fc.constantFrom(..."abc XYZ 019 .<>&\"' çãé ✓\r\n\t=-_"),
  maxLength: 400,
});
const ascii = fc.string({ unit: fc.constantFrom(..."abc XYZ 019 .-\n"), maxLength: 60 });

describe("a message sent in one piece", () => {
  const plain = (newline?: string) =>
    nodemailer.createTransport({ streamTransport: true, ...(newline ? { newline } : {}) } as never);
  const onePiece = (newline?: string) => sendInOnePiece(plain(newline));

  it.each(["windows", undefined])(
    "is the bytes nodemailer streams, in one piece, for any subject and bodies (newline %s)",
    async (newline) => {
      const [before, after] = [plain(newline), onePiece(newline)];
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            subject: text,
            html: text,
            text: fc.oneof(text, ascii),
            textEncoding: fc.constantFrom("base64" as const, undefined),
            unsubscribe: fc.boolean(),
          }),
          async ({ subject, html, text, textEncoding, unsubscribe }) => {
            const mail: Mail.Options = {
              from: '"Agentes FX" <nao-responda@agentesfx.com.br>',
              replyTo: "suporte@agentesfx.com.br",
              to: "pessoa@exemplo.com.br",
              subject,
              html,
              text,
              ...(textEncoding ? { textEncoding } : {}),
              messageId: "<1@agentesfx.com.br>",
              date: new Date("2026-11-28T07:00:00Z"),
              envelope: { from: "bounces+1@b.agentesfx.com.br", to: "pessoa@exemplo.com.br" },
              ...(unsubscribe
                ? {
                    list: { unsubscribe: "https://agentesfx.com.br/descadastrar/abc" },
                    headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
                  }
                : {}),
            };
            const [streamed, whole] = [await sent(before, mail), await sent(after, mail)];
            expect(sameBoundaries(whole.message)).toBe(sameBoundaries(streamed.message));
            // Quoted-printable bodies stay with nodemailer's streams.
            if (textEncoding === "base64") expect(whole.pieces).toBe(1);
          },
        ),
        { numRuns: 150 },
      );
    },
  );

  it("streams a raw message as nodemailer streams a raw node, for any text", async () => {
    const node = (whole: string) =>
      new MimeNode("message/rfc822", { baseBoundary: "raw" } as never).setRaw(whole);
    const read = async (stream: Readable) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("latin1");
    };
    await fc.assert(
      fc.asyncProperty(fc.oneof(text, ascii).filter(Boolean), async (whole) => {
        const ours = readInOneChunk(node(whole), whole).createReadStream();
        expect(await read(ours)).toBe(await read(node(whole).createReadStream()));
      }),
      { numRuns: 500 },
    );
  });

  it("comes from one Readable, not through nodemailer's stream stages", async () => {
    const mail = {
      from: "a@b.example",
      to: "c@d.example",
      subject: "s",
      text: "parte única",
      textEncoding: "base64" as const,
    };
    const info = (await onePiece(undefined).sendMail(mail)) as unknown as { message: Readable };
    expect(info.message).not.toBeInstanceOf(Transform);
  });

  it("leaves a message nodemailer signs with DKIM to nodemailer's streams", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
    const signing = sendInOnePiece(
      nodemailer.createTransport({
        streamTransport: true,
        dkim: {
          domainName: "b.example",
          keySelector: "s1",
          privateKey: privateKey.export({ type: "pkcs1", format: "pem" }).toString(),
        },
      } as never),
    );
    const { message } = await sent(signing, {
      from: "a@b.example",
      to: "c@d.example",
      subject: "s",
      text: "parte única",
      textEncoding: "base64",
    });
    expect(message).toMatch(/^DKIM-Signature: /);
  });

  it("leaves a raw message and a streamed body as they are", async () => {
    const raw = "From: a@b.example\r\nTo: c@d.example\r\nSubject: raw\r\n\r\nbody\r\n";
    const rawMail = { raw, envelope: { from: "a@b.example", to: "c@d.example" } };
    expect((await sent(onePiece(), rawMail)).message).toBe(raw);
    const fromStream = {
      from: "a@b.example",
      to: "c@d.example",
      text: (await import("node:stream")).Readable.from(["parte ", "única ç"]),
      textEncoding: "base64" as const,
      messageId: "<2@b.example>",
      date: new Date("2026-11-28T07:00:00Z"),
    };
    const { message } = await sent(onePiece(), fromStream);
    expect(message).toContain(Buffer.from("parte única ç").toString("base64"));
  });
});

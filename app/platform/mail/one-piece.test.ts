import type { Readable } from "node:stream";
import fc from "fast-check";
import nodemailer, { type Transporter } from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { describe, expect, it } from "vitest";
import { sendInOnePiece } from "./one-piece.server.ts";

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
  const plain = () =>
    nodemailer.createTransport({ streamTransport: true, newline: "windows" } as never);
  const onePiece = () => sendInOnePiece(plain());

  it("is the bytes nodemailer streams, in one piece, for any subject and bodies", async () => {
    const [before, after] = [plain(), onePiece()];
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

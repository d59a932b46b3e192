import fc from "fast-check";
import nodemailer from "nodemailer";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import { describe, expect, it } from "vitest";
import {
  skipByteLoopOfDataStream,
  type DataStream as Stream,
  type TransformFunction,
  withoutByteLoop,
} from "./dot-stuffing.server.ts";

// nodemailer's DataStream is not exported: the file its SMTP connection loads.
const { default: DataStream } = (await import(
  new URL("./smtp-connection/data-stream.js", import.meta.resolve("nodemailer")).href
)) as { default: new () => Stream };
const nodemailers = DataStream.prototype._transform as unknown as TransformFunction;

/** What a data stream hands the socket for these chunks, and its counters. */
async function stuffed(chunks: Buffer[], transform: TransformFunction) {
  const stream = new DataStream();
  stream._transform = transform as Stream["_transform"];
  const out: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => stream.on("end", resolve));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await ended;
  return {
    bytes: Buffer.concat(out).toString("latin1"),
    inByteCount: stream.inByteCount,
    outByteCount: stream.outByteCount,
  };
}

// Bytes the dot-stuffing treats apart, and others, in chunks cut anywhere.
const chunks = fc.array(
  fc.uint8Array({ maxLength: 40 }).chain((sizes) =>
    fc.array(fc.constantFrom(0x0d, 0x0a, 0x2e, 0x61, 0x20, 0xff, 0x0d, 0x0a), {
      minLength: sizes.length,
      maxLength: sizes.length,
    }),
  ),
  { maxLength: 6 },
);
const crlfLines = fc.array(fc.stringMatching(/^[A-Za-z0-9+/= .]{0,80}$/), { maxLength: 30 });

describe("nodemailer's dot-stuffing without its byte loop", () => {
  it("hands on the bytes and counts of nodemailer's own, for any chunks", async () => {
    await fc.assert(
      fc.asyncProperty(chunks, async (parts) => {
        const buffers = parts.map((part) => Buffer.from(part));
        expect(await stuffed(buffers, withoutByteLoop(nodemailers))).toEqual(
          await stuffed(buffers, nodemailers),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it("is nodemailer's for CRLF lines, some starting with a dot, cut anywhere", async () => {
    await fc.assert(
      fc.asyncProperty(crlfLines, fc.nat(), async (lines, cut) => {
        const whole = Buffer.from(lines.map((line) => line + "\r\n").join(""), "latin1");
        const at = whole.length ? cut % whole.length : 0;
        const buffers = [whole.subarray(0, at), whole.subarray(at)];
        expect(await stuffed(buffers, withoutByteLoop(nodemailers))).toEqual(
          await stuffed(buffers, nodemailers),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it("does not run nodemailer's loop over a message of CRLF lines none of which starts with a dot", async () => {
    let loops = 0;
    const counted: TransformFunction = function (chunk, encoding, done) {
      loops += 1;
      nodemailers.call(this, chunk, encoding, done);
    };
    const message = Buffer.from("Subject: x\r\n\r\nUEFSVA==\r\nx.x\r\n");
    const out = await stuffed([message, Buffer.from("second line\r\n")], withoutByteLoop(counted));
    expect(out.bytes).toBe(message.toString("latin1") + "second line\r\n.\r\n");
    expect(loops).toBe(0);
    await stuffed([Buffer.from(".dot\r\n")], withoutByteLoop(counted));
    expect(loops).toBe(1);
  });

  it("is given to the data streams of nodemailer's SMTP connections, which still stuff dots", async () => {
    const { startSmtpServer } = await import("../../../tests/support/smtp-server.ts");
    const smtp = await startSmtpServer();
    skipByteLoopOfDataStream(SMTPConnection);
    const transporter = nodemailer.createTransport(smtp.url);
    try {
      await transporter.sendMail({
        from: "a@example.com",
        to: "b@example.com",
        subject: "dots",
        text: ".first\n..second\nthird.\r\n.",
      });
      const [mail] = await smtp.waitForMessages(1);
      expect(mail!.text?.trimEnd()).toBe(".first\n..second\nthird.\n.");
      expect(DataStream.prototype._transform).not.toBe(nodemailers);
    } finally {
      transporter.close();
      await smtp.close();
    }
  });
});

// A message composed by nodemailer, written out in one piece (docs/decisions/299).
// nodemailer streams each message part by part: a PassThrough per body, a base64 encoder
// joined by `stream.pipeline` (whose finish makes an AbortError each time), and every piece
// reaches the SMTP socket as a write of its own, about a dozen a message. Our bodies are
// strings, so the whole message is known at once: the same bytes, joined here
// synchronously from nodemailer's own tree (its headers, its boundaries, its encodings),
// replace the tree by a raw message node, as nodemailer builds one for a `raw` message with
// its envelope and Message-ID, and nodemailer sends that as it sends any raw message.
import { Readable } from "node:stream";
import type { Transporter } from "nodemailer";
import MimeNode from "nodemailer/lib/mime-node";

/**
 * What nodemailer's `createReadStream` would produce for this tree (before its final newline
 * check), or undefined when a part is anything but a string or a buffer in base64, or a
 * string it passes as it is (7bit): a stream, a file, a quoted-printable body stay with
 * nodemailer's streams.
 */
export function composedInOnePiece(node: MimeNode): string | undefined {
  const parts: string[] = [];
  return write(node, parts) ? parts.join("") : undefined;
}

function write(node: MimeNode, parts: string[]): boolean {
  const content: unknown = node.content;
  // nodemailer streams no body for an empty one.
  const body = content === undefined || content === null || content === "" ? undefined : content;
  const encoding = body === undefined ? false : node.getTransferEncoding();
  if (body !== undefined) {
    const base64 = encoding === "base64" && (typeof body === "string" || Buffer.isBuffer(body));
    const asItIs = typeof body === "string" && encoding !== "quoted-printable";
    if (!base64 && !asItIs) return false;
  }
  // Building the headers settles the node's multipart boundary, as streaming does.
  parts.push(node.buildHeaders() + "\r\n\r\n");
  if (body !== undefined) {
    parts.push(encoding === "base64" ? base64Lines(body as string | Buffer) : (body as string));
  }
  if (!node.multipart) return node.childNodes.length === 0;
  for (const [index, child] of node.childNodes.entries()) {
    parts.push(`${index > 0 ? "\r\n" : ""}--${node.boundary}\r\n`);
    if (!write(child, parts)) return false;
  }
  parts.push(`\r\n--${node.boundary}--\r\n`);
  return true;
}

/**
 * Base64 in lines of 76 characters, the last without a line break: what nodemailer's base64
 * encoder writes (its `wrap`, a regular expression over the text, costs more).
 */
function base64Lines(body: string | Buffer): string {
  const encoded = (typeof body === "string" ? Buffer.from(body, "utf8") : body).toString("base64");
  const lines: string[] = [];
  for (let at = 0; at < encoded.length; at += 76) lines.push(encoded.slice(at, at + 76));
  return lines.join("\r\n");
}

/**
 * What nodemailer's `createReadStream` streams for a raw node with nothing to do after it (no
 * transform, no DKIM or other process function, no newline conversion): the raw text with a
 * final line break (its LastNewline: none after LF, LF after CR, else CRLF).
 */
export function withLastNewline(whole: string): string {
  return whole.endsWith("\n") ? whole : whole.endsWith("\r") ? `${whole}\n` : `${whole}\r\n`;
}

/** What a raw node still does when it streams: set when a message goes out. */
interface StreamSteps {
  _transforms: unknown[];
  _processFuncs: unknown[];
  newline?: unknown;
}

/**
 * The raw node streams its message as one chunk of one Readable (docs/decisions/295) instead of
 * nodemailer's chain for a raw node (a PassThrough for the content, one for the output, its
 * LastNewline, a `pipeline` with its AbortError at the end, `finished`, three setImmediate),
 * about 0.1 ms of CPU a message. The bytes are those of that chain (`withLastNewline`). When
 * something is to happen to the stream by the time it is read (a transform, DKIM's signing,
 * a newline conversion), nodemailer's own `createReadStream` streams it.
 */
export function readInOneChunk(raw: MimeNode, whole: string): MimeNode {
  const nodemailers = raw.createReadStream;
  raw.createReadStream = function (this: MimeNode & StreamSteps, options) {
    // An empty raw text is no raw message to nodemailer: it would write headers.
    if (!whole || this._transforms.length > 0 || this._processFuncs.length > 0 || this.newline) {
      return nodemailers.call(this, options);
    }
    const bytes = Buffer.from(withLastNewline(whole));
    return new Readable({
      read() {
        this.push(bytes);
        this.push(null);
      },
    });
  } as MimeNode["createReadStream"];
  return raw;
}

/** Makes every message this transporter sends go out in one piece when it can. */
export function sendInOnePiece(transporter: Transporter): Transporter {
  transporter.use("stream", (mail, done) => {
    // A raw message is already one piece.
    if (mail.data.raw) return done();
    const tree = mail.message;
    const whole = composedInOnePiece(tree);
    if (whole !== undefined) {
      const raw = new MimeNode("message/rfc822", {
        newline: mail.data.newline,
        keepBcc: tree.keepBcc,
        // A raw node has no parts: a fixed boundary spares drawing a random one.
        baseBoundary: "raw",
      } as ConstructorParameters<typeof MimeNode>[1]).setRaw(whole);
      raw.setEnvelope(tree.getEnvelope());
      // Read by the transports for their logs and answers; a raw node never writes headers.
      raw.setHeader("Message-ID", tree.messageId());
      mail.message = readInOneChunk(raw, whole);
    }
    done();
  });
  return transporter;
}

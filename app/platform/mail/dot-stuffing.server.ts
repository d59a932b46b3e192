// nodemailer's SMTP data stream without its byte loop for a chunk it would not change
// (docs/decisions/313). nodemailer stays the SMTP client: its DataStream still stuffs dots,
// turns bare CR and LF into CRLF and ends the data, but it looks at every byte of a message in
// JavaScript to find the few places that need it (about 40 µs for a 10 KB confirmation, ~4 %
// of the worker's CPU a message). Our messages are written in one piece with CRLF line breaks
// (decision 299) and base64 bodies, so their chunks need nothing: Buffer's native search finds
// each CR and LF, and a chunk where every CR is followed by LF, every LF follows CR and no
// line starts with a dot is handed on as it is, with nodemailer's own counters and last byte.
// Any other chunk goes through nodemailer's own `_transform`.
import type { Transform, TransformCallback } from "node:stream";
import type SMTPConnection from "nodemailer/lib/smtp-connection";

const CR = 0x0d;
const LF = 0x0a;
const DOT = 0x2e;

/** What nodemailer's DataStream keeps between chunks. */
export interface DataStream extends Transform {
  inByteCount: number;
  outByteCount: number;
  /** The previous chunk's last byte; false before the first. */
  lastByte: number | false;
}

/**
 * Whether nodemailer's dot-stuffing would hand this chunk on unchanged after `lastByte`: no
 * CR without LF after it, no LF without CR before it, no dot starting a line.
 */
export function unchangedByDotStuffing(chunk: Buffer, lastByte: number | false): boolean {
  const length = chunk.length;
  if (lastByte === CR && chunk[0] !== LF) return false;
  if (chunk[0] === DOT && (lastByte === LF || lastByte === false)) return false;
  for (let at = chunk.indexOf(CR); at !== -1; at = chunk.indexOf(CR, at + 1)) {
    if (at + 1 < length && chunk[at + 1] !== LF) return false;
  }
  for (let at = chunk.indexOf(LF); at !== -1; at = chunk.indexOf(LF, at + 1)) {
    if ((at > 0 ? chunk[at - 1] : lastByte) !== CR) return false;
    if (at + 1 < length && chunk[at + 1] === DOT) return false;
  }
  return true;
}

export type TransformFunction = (
  this: DataStream,
  chunk: Buffer | string,
  encoding: BufferEncoding,
  done: TransformCallback,
) => void;

/** nodemailer's `_transform` with the unchanged chunk handed on without its byte loop. */
export function withoutByteLoop(nodemailers: TransformFunction): TransformFunction {
  return function (this: DataStream, chunk, encoding, done) {
    if (
      !Buffer.isBuffer(chunk) ||
      chunk.length === 0 ||
      !unchangedByDotStuffing(chunk, this.lastByte)
    ) {
      nodemailers.call(this, chunk, encoding, done);
      return;
    }
    // What nodemailer's loop does for a chunk it found nothing to change in.
    this.inByteCount += chunk.length;
    this.outByteCount += chunk.length;
    this.push(chunk);
    this.lastByte = chunk[chunk.length - 1] as number;
    done();
  };
}

const installed = new WeakSet<object>();

/**
 * Gives the data streams of nodemailer's SMTP connections the fast path: DataStream is not
 * exported, so its prototype is reached through the first stream a connection makes.
 */
export function skipByteLoopOfDataStream(connection: typeof SMTPConnection): void {
  const prototype = connection.prototype as unknown as {
    _createSendStream: (this: unknown, ...args: unknown[]) => DataStream;
  };
  if (installed.has(prototype)) return;
  installed.add(prototype);
  const create = prototype._createSendStream;
  prototype._createSendStream = function (...args) {
    const stream = create.apply(this, args);
    const streamPrototype = Object.getPrototypeOf(stream) as { _transform: TransformFunction };
    if (!installed.has(streamPrototype)) {
      installed.add(streamPrototype);
      streamPrototype._transform = withoutByteLoop(streamPrototype._transform);
    }
    return stream;
  };
}

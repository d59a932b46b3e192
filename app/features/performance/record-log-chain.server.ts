import crypto from "node:crypto";
import { recordLogKinds, type RecordLogKind } from "./model.ts";

// The public record log's text form (docs/decisions/370): one entry a line, its fields
// separated by tabs, the last one the previous line's hash. An entry's hash is the SHA-256 of
// its line with the newline, so `sed -n 3p registro.txt | sha256sum` prints what line 4 ends
// with, and anyone can re-check the whole chain with standard tools.

/** The previous hash of the first entry. */
export const GENESIS_HASH = "0".repeat(64);

export interface LogEntry {
  seq: number;
  /** ISO 8601, UTC, milliseconds. */
  at: string;
  kind: RecordLogKind;
  robot: string;
  account: string;
  fileSha256: string;
  previousHash: string;
}

export const sha256Hex = (bytes: string | Uint8Array) =>
  crypto.createHash("sha256").update(bytes).digest("hex");

/** The entry as its line of /registro.txt, without the newline. */
export function entryLine(entry: LogEntry): string {
  return [
    entry.seq,
    entry.at,
    entry.kind,
    entry.robot,
    entry.account,
    entry.fileSha256,
    entry.previousHash,
  ].join("\t");
}

export const entryHash = (entry: LogEntry) => sha256Hex(`${entryLine(entry)}\n`);

/** The whole log as /registro.txt serves it. */
export const logText = (entries: readonly LogEntry[]) =>
  entries.map((entry) => `${entryLine(entry)}\n`).join("");

export type LogCheck =
  | { ok: true; size: number; headHash: string }
  | { ok: false; line: number; problem: "malformed" | "sequence" | "chain" };

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * Re-checks a log's text as a visitor would: lines numbered from 1 in order, each naming the
 * hash of the line before it. A changed, removed or inserted line breaks the chain at the
 * line after it; the head hash is then compared against a signed head.
 */
export function checkLogText(text: string): LogCheck {
  const lines = text === "" ? [] : text.replace(/\n$/, "").split("\n");
  let previous = GENESIS_HASH;
  for (const [index, line] of lines.entries()) {
    const fields = line.split("\t");
    const [seq, at, kind, robot, account, fileSha256, previousHash] = fields;
    const wellFormed =
      fields.length === 7 &&
      !Number.isNaN(Date.parse(at ?? "")) &&
      recordLogKinds.includes(kind as RecordLogKind) &&
      robot &&
      account &&
      HEX64.test(fileSha256 ?? "") &&
      HEX64.test(previousHash ?? "");
    if (!wellFormed) return { ok: false, line: index + 1, problem: "malformed" };
    if (seq !== String(index + 1)) return { ok: false, line: index + 1, problem: "sequence" };
    if (previousHash !== previous) return { ok: false, line: index + 1, problem: "chain" };
    previous = sha256Hex(`${line}\n`);
  }
  return { ok: true, size: lines.length, headHash: previous };
}

/** A signed head: how many entries the log had, its last hash, and when it was signed. */
export interface LogHead {
  size: number;
  hash: string;
  signedAt: string;
}

/** The exact bytes a head's signature covers: the first four lines of its document. */
export const headMessage = (head: LogHead) =>
  `agentes-fx registro v1\nentradas ${head.size}\nhash ${head.hash}\ndata ${head.signedAt}\n`;

/**
 * A head as a dated document staff can hand to a timestamping service (RFC 3161: `openssl ts
 * -query -data cabeca.txt -sha256`): the signed message, then its Ed25519 signature.
 */
export const headDocument = (head: LogHead, signature: string) =>
  `${headMessage(head)}assinatura-ed25519 ${signature}\n`;

export function signHead(head: LogHead, privateKey: crypto.KeyObject): string {
  return crypto.sign(null, Buffer.from(headMessage(head)), privateKey).toString("base64");
}

export function verifyHead(head: LogHead, signature: string, publicKeyPem: string): boolean {
  try {
    return crypto.verify(
      null,
      Buffer.from(headMessage(head)),
      crypto.createPublicKey(publicKeyPem),
      Buffer.from(signature, "base64"),
    );
  } catch {
    return false;
  }
}

const pems = new WeakMap<crypto.KeyObject, string>();

/**
 * The public key in PEM, as /registro/chave.pem serves it (openssl reads it as is). Derived
 * once per key: each entry's head carries it, inside the transaction that appends the entry
 * (0.3 ms a derivation, docs/decisions/490).
 */
export function publicKeyPem(privateKey: crypto.KeyObject): string {
  let pem = pems.get(privateKey);
  if (pem === undefined) {
    pem = crypto.createPublicKey(privateKey).export({ type: "spki", format: "pem" }).toString();
    pems.set(privateKey, pem);
  }
  return pem;
}

// The process that reads uploads of statements (docs/decisions/198, 233, 263, 265), off the
// server's event loop and heap: each upload's body arrives in parts, then its end (null: the
// upload was given up). It answers with the form (its fields, the file's name and size) and,
// when the form can be analysed, then sends the file back in parts and its analysis. It ends
// with its parent. A statement e-mailed signed (docs/decisions/490) arrives as the whole
// message instead: the reader finds the statement in it and answers as for an upload whose
// form holds that file.
import crypto from "node:crypto";
import { statementOfMessage } from "../signed-statements/mail-statement.server.ts";
import { combineStatements } from "./combine.ts";
import { computeRecord } from "./compute.ts";
import { STATEMENT_MAX_BYTES } from "./limits.ts";
import { serverClocks, type ServerClock } from "./model.ts";
import { parseStatement } from "./statement-parse.ts";
import type {
  CombinedStatements,
  StatementAnalysis,
  UploadForm,
} from "./statement-analysis.server.ts";

export type ReaderRequest =
  | { part: Uint8Array }
  | { end: { contentType: string } | null }
  | { mail: { raw: Uint8Array; serverClock: ServerClock } }
  | { combine: { files: Uint8Array[]; serverClock: ServerClock } };
export type ReaderReply =
  | { form: UploadForm | null }
  | { filePart: Uint8Array }
  | { analysis: StatementAnalysis }
  | { combined: CombinedStatements };

// Parts of the file sent back, each serialised on its own (see PART_BYTES in the sender).
const PART_BYTES = 256 * 1024;

async function analyse(bytes: Uint8Array, serverClock: ServerClock): Promise<StatementAnalysis> {
  const parsed = await parseStatement(bytes);
  if (!parsed.ok) return parsed;
  const { header, format } = parsed.statement;
  // Hashed here too: 3.9 MB held the server's event loop for 10-25 ms (docs/decisions/250).
  const sha256 = crypto.createHash("sha256").update(bytes).digest("hex");
  return {
    ok: true,
    header,
    format,
    sha256,
    computed: computeRecord(parsed.statement, serverClock),
  };
}

const isServerClock = (value: unknown): value is ServerClock =>
  serverClocks.some((clock) => clock === value);

/**
 * The upload's form as undici reads it (the multipart parser of `Request.formData`; null if
 * it cannot). The file is analysed when the upload's action would go on to analyse it: a
 * file is there (an empty one with a name is a file), within the size limit, with a known
 * server clock.
 */
async function readUpload(body: Uint8Array<ArrayBuffer>, contentType: string): Promise<void> {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    reply({ form: null });
    return;
  }
  const fields: [string, string][] = [];
  for (const [name, value] of form) if (typeof value === "string") fields.push([name, value]);
  const entry = form.get("file");
  const file = entry instanceof File && (entry.size > 0 || entry.name !== "") ? entry : null;
  const serverClock = form.get("serverClock");
  const described = file && { name: file.name, size: file.size };
  if (!file || file.size > STATEMENT_MAX_BYTES || !isServerClock(serverClock)) {
    reply({ form: { fields, file: described, analysing: false } });
    return;
  }
  reply({ form: { fields, file: described, analysing: true } });
  await analyseAndSendBack(new Uint8Array(await file.arrayBuffer()), serverClock);
}

/** The file analysed, then sent back in parts when the analysis succeeded, then the analysis. */
async function analyseAndSendBack(bytes: Uint8Array, serverClock: ServerClock): Promise<void> {
  const analysis = await analyse(bytes, serverClock);
  // The server stores the file only after an analysis it can publish.
  if (analysis.ok) {
    for (let at = 0; at < bytes.byteLength; at += PART_BYTES) {
      reply({ filePart: bytes.subarray(at, at + PART_BYTES) });
    }
  }
  reply({ analysis });
}

/**
 * A received message: the statement it carries as the form's file (none: no file), analysed
 * when within the size limit.
 */
async function readMail(raw: Uint8Array, serverClock: ServerClock): Promise<void> {
  const statement = await statementOfMessage(raw);
  if (!statement) {
    reply({ form: { fields: [], file: null, analysing: false } });
    return;
  }
  const file = { name: statement.fileName, size: statement.bytes.byteLength };
  const analysing = file.size <= STATEMENT_MAX_BYTES;
  reply({ form: { fields: [], file, analysing } });
  if (analysing) await analyseAndSendBack(statement.bytes, serverClock);
}

const reply = (message: ReaderReply) => process.send?.(message);

/** The record of several stored statements of one account (docs/decisions/430). */
async function combine(files: Uint8Array[], serverClock: ServerClock): Promise<CombinedStatements> {
  const parts = [];
  for (const file of files) {
    const parsed = await parseStatement(file);
    if (!parsed.ok) return parsed;
    parts.push({ statement: parsed.statement });
  }
  const computed = combineStatements(parts, serverClock);
  return computed.ok ? { ok: true, record: computed.record } : computed;
}

let parts: Uint8Array[] = [];
process.on("message", (message: ReaderRequest) => {
  if ("combine" in message) {
    void combine(message.combine.files, message.combine.serverClock).then((combined) =>
      reply({ combined }),
    );
    return;
  }
  if ("mail" in message) {
    void readMail(message.mail.raw, message.mail.serverClock);
    return;
  }
  if ("part" in message) {
    parts.push(message.part);
    return;
  }
  if (!message.end) {
    parts = [];
    return;
  }
  const body = new Uint8Array(parts.reduce((size, part) => size + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    body.set(part, offset);
    offset += part.byteLength;
  }
  parts = [];
  void readUpload(body, message.end.contentType);
});
process.once("disconnect", () => process.exit(0));

// The process that reads and computes uploaded statements (docs/decisions/198, 233, 263), off
// the server's event loop and heap: each file arrives in parts, then the clock that ends it;
// one answer per file. It ends with its parent.
import crypto from "node:crypto";
import { computeRecord } from "./compute.ts";
import type { ServerClock } from "./model.ts";
import { parseStatement } from "./statement-parse.ts";
import type { StatementAnalysis } from "./statement-analysis.server.ts";

export type ReaderMessage = { part: Uint8Array } | { serverClock: ServerClock };

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

let parts: Uint8Array[] = [];
process.on("message", (message: ReaderMessage) => {
  if ("part" in message) {
    parts.push(message.part);
    return;
  }
  const bytes = new Uint8Array(parts.reduce((size, part) => size + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  parts = [];
  void analyse(bytes, message.serverClock).then((answer) => process.send?.(answer));
});
process.once("disconnect", () => process.exit(0));

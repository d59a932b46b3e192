// The child process that reads and computes an uploaded statement (docs/decisions/198, 233),
// off the server's event loop and heap: one upload, one message in, one answer out.
import crypto from "node:crypto";
import { computeRecord } from "./compute.ts";
import type { ServerClock } from "./model.ts";
import { parseStatement } from "./statement-parse.ts";
import type { StatementAnalysis } from "./statement-analysis.server.ts";

export interface AnalysisRequest {
  bytes: Uint8Array;
  serverClock: ServerClock;
}

async function analyse({ bytes, serverClock }: AnalysisRequest): Promise<StatementAnalysis> {
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

process.once("message", (request: AnalysisRequest) => {
  void analyse(request).then((answer) => process.send?.(answer));
});

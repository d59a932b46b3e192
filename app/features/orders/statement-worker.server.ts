// The worker thread that reads a bank statement (statement.server.ts): answers each file's
// bytes with what they hold, so a 5 MB statement never holds the server's event loop. The
// credits go back in parts, so the server copies them in slices between its other work.
import { parentPort } from "node:worker_threads";
import type { StatementCredit } from "./statement-read.server.ts";
import { readStatement, type StatementResult } from "./statement-read.server.ts";

export type StatementReply = { credits: StatementCredit[] } | { result: StatementResult };

const CREDITS_PER_PART = 500;
const reply = (message: StatementReply) => parentPort?.postMessage(message);

parentPort?.on("message", (bytes: Uint8Array) => {
  void readStatement(bytes).then((result) => {
    if (!result.ok) return reply({ result });
    const { credits } = result.statement;
    for (let at = 0; at < credits.length; at += CREDITS_PER_PART) {
      reply({ credits: credits.slice(at, at + CREDITS_PER_PART) });
    }
    reply({ result: { ok: true, statement: { ...result.statement, credits: [] } } });
  });
});

// Reading an uploaded bank statement off the web thread (docs/decisions/341), as the
// MetaTrader reader does: one worker thread per file, ended once it answers; its credits
// arrive in parts (statement-worker.server.ts).
import { Worker } from "node:worker_threads";
import { entryModule } from "../../platform/entry-module.server.ts";
import type { StatementCredit, StatementResult } from "./statement-read.server.ts";
import type { StatementReply } from "./statement-worker.server.ts";

export type {
  Statement,
  StatementCredit,
  StatementError,
  StatementResult,
} from "./statement-read.server.ts";

/** What a statement file holds, read in a worker thread of its own. */
export async function parseStatement(bytes: Uint8Array): Promise<StatementResult> {
  const worker = new Worker(
    entryModule(import.meta.url, "./statement-worker.server.ts", "statement-read-worker"),
    // The file is at most 5 MB; its element tree stays far below this.
    { resourceLimits: { maxOldGenerationSizeMb: 256 } },
  );
  try {
    return await new Promise<StatementResult>((resolve, reject) => {
      const credits: StatementCredit[] = [];
      worker.on("message", (message: StatementReply) => {
        if ("credits" in message) {
          credits.push(...message.credits);
          return;
        }
        const { result } = message;
        resolve(result.ok ? { ok: true, statement: { ...result.statement, credits } } : result);
      });
      worker.once("error", reject);
      worker.once("exit", (code) =>
        reject(new Error(`the statement reader exited (${code}) without answering`)),
      );
      worker.postMessage(bytes);
    });
  } finally {
    await worker.terminate();
  }
}

/** Digits of an account number, so "12345-6" and "123456" are the same account. */
function accountDigits(account: string): string {
  return account.replace(/\D/g, "");
}

/**
 * Whether a statement's ACCTID is the account staff configured: the same digits, once leading
 * zeros are set aside, or those digits after a branch of at most five digits ("0001" or
 * "0001-9" written before the account, as several banks export it).
 */
export function isSameAccount(statementAccount: string, expected: string): boolean {
  const [longer, shorter] = [accountDigits(statementAccount), accountDigits(expected)]
    .map((digits) => digits.replace(/^0+/, ""))
    .sort((a, b) => b.length - a.length);
  if (!longer || !shorter) return longer === shorter;
  if (longer === shorter) return true;
  return longer.endsWith(shorter) && longer.length - shorter.length <= 5;
}

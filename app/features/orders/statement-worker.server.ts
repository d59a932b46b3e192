// The worker thread that reads a bank statement (statement.server.ts): answers each file's
// bytes with what they hold, so a 5 MB statement never holds the server's event loop.
import { parentPort } from "node:worker_threads";
import { readStatement } from "./statement-read.server.ts";

parentPort?.on("message", (bytes: Uint8Array) => {
  void readStatement(bytes).then((result) => parentPort?.postMessage(result));
});

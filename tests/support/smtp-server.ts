// A real SMTP server for tests (smtp-server + mailparser): every message it accepts is
// parsed and kept; `refuse` makes it answer 451 to every message, as a server in trouble;
// `delayMs` makes it take that long to answer each message, as a slow relay; `answers`
// scripts the reply to RCPT TO per address (421, 450, 550...; 250 when absent).
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface TestSmtpServer {
  url: string;
  port: number;
  messages: ParsedMail[];
  /** The envelope sender (MAIL FROM) of each accepted message, in the same order. */
  envelopeFrom: string[];
  refuse: boolean;
  delayMs: number;
  /** The most messages it was receiving at once. */
  maxInFlight: number;
  answers: Map<string, number>;
  /** Resolves once at least `count` messages arrived (rejects after timeoutMs). */
  waitForMessages: (count: number, timeoutMs?: number) => Promise<ParsedMail[]>;
  close: () => Promise<void>;
}

export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  const state: TestSmtpServer = {
    url: "",
    port: 0,
    messages,
    envelopeFrom: [],
    refuse: false,
    delayMs: 0,
    maxInFlight: 0,
    answers: new Map(),
    waitForMessages: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(messages);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} messages, got ${messages.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  let inFlight = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // A closing test server cuts its clients' pooled connections after a second instead of
    // smtp-server's 30 s: a worker's pool, left open by a test, held worker.integration for
    // 30 s of its 37.
    closeTimeout: 1_000,
    onRcptTo(address, _session, callback) {
      const code = state.answers.get(address.address.toLowerCase());
      if (!code || code < 400) return callback();
      // Real servers name the address in their answer (Postfix: "<a@b>: Recipient address
      // rejected"); so does this one, so tests see what a log could leak.
      const answer = `<${address.address}>: scripted answer ${code}`;
      callback(Object.assign(new Error(answer), { responseCode: code }));
    },
    onData(stream, session, callback) {
      if (state.refuse) {
        stream.resume();
        stream.on("end", () =>
          callback(Object.assign(new Error("try again later"), { responseCode: 451 })),
        );
        return;
      }
      inFlight += 1;
      state.maxInFlight = Math.max(state.maxInFlight, inFlight);
      simpleParser(stream)
        .then(async (mail) => {
          if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
          const from = session.envelope.mailFrom;
          state.envelopeFrom.push(from ? from.address : "");
          messages.push(mail);
          for (const waiter of [...waiters]) waiter();
          callback();
        })
        .catch(callback)
        .finally(() => (inFlight -= 1));
    },
  });
  // A sender killed mid-session (the SIGKILL tests) resets its connection; smtp-server
  // reports that as an 'error' event, which would otherwise crash the test process.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  state.port = (server.server.address() as AddressInfo).port;
  state.url = `smtp://127.0.0.1:${state.port}`;
  return state;
}

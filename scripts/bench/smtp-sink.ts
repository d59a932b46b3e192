// A local SMTP server in a process of its own for the benchmarks (the load generator's
// process must not also be the mail server's): it accepts every message, optionally taking
// `delayMs` to answer each, and reports over IPC how many arrived and when each recipient's
// did, with each message's Message-ID and Subject. Run as a child of startSmtpSink().
import { fork } from "node:child_process";
import type { AddressInfo } from "node:net";
import libmime from "libmime";
import { SMTPServer } from "smtp-server";

type Request = { id: number; kind: "count" | "arrivals" };
/** Recipient, epoch milliseconds it was accepted at, the message's Message-ID and Subject. */
type Arrival = [string, number, string, string];
type Reply = { id: number; count?: number; arrivals?: Arrival[] };

export interface Delivery {
  at: number;
  messageId: string;
  subject: string;
}

export interface SmtpSink {
  url: string;
  /** The sink's process, for its CPU. */
  pid: number;
  count: () => Promise<number>;
  /** Recipient -> epoch milliseconds at which each of its messages was accepted. */
  arrivals: () => Promise<Map<string, number[]>>;
  /** Recipient -> each message it was handed, in order. */
  deliveries: () => Promise<Map<string, Delivery[]>>;
  close: () => Promise<void>;
}

export async function startSmtpSink({ delayMs = 0 } = {}): Promise<SmtpSink> {
  const child = fork(import.meta.filename, ["--child", String(delayMs)], { stdio: "inherit" });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (message) => resolve((message as { port: number }).port));
    child.once("exit", (code) => reject(new Error(`SMTP sink exited with ${code}`)));
  });
  let next = 0;
  const ask = (kind: Request["kind"]) =>
    new Promise<Reply>((resolve) => {
      const id = next++;
      const onReply = (message: unknown) => {
        if ((message as Reply).id !== id) return;
        child.off("message", onReply);
        resolve(message as Reply);
      };
      child.on("message", onReply);
      child.send({ id, kind } satisfies Request);
    });
  const deliveries = async () => {
    const map = new Map<string, Delivery[]>();
    for (const [to, at, messageId, subject] of (await ask("arrivals")).arrivals ?? []) {
      const list = map.get(to);
      if (list) list.push({ at, messageId, subject });
      else map.set(to, [{ at, messageId, subject }]);
    }
    return map;
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    pid: child.pid as number,
    count: async () => (await ask("count")).count ?? 0,
    arrivals: async () =>
      new Map([...(await deliveries())].map(([to, list]) => [to, list.map(({ at }) => at)])),
    deliveries,
    close: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

if (process.argv[2] === "--child") {
  const delayMs = Number(process.argv[3] ?? 0);
  const arrivals: Arrival[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      // Only the header block is kept, to read the Message-ID and the Subject.
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < 16_384 && !head.includes("\r\n\r\n")) head += chunk.toString("latin1");
      });
      stream.on("end", () => {
        const headers = head.split("\r\n\r\n")[0]!.replace(/\r\n[ \t]+/g, " ");
        const messageId = /^message-id:\s*(<[^>\r\n]+>)/im.exec(headers)?.[1] ?? "";
        const subject = libmime.decodeWords(/^subject:[ \t]*(.*)$/im.exec(headers)?.[1] ?? "");
        const done = () => {
          const at = Date.now();
          for (const to of session.envelope.rcptTo) {
            arrivals.push([to.address, at, messageId, subject]);
          }
          callback();
        };
        if (delayMs > 0) setTimeout(done, delayMs);
        else done();
      });
    },
  });
  server.on("error", () => {});
  server.listen(0, "127.0.0.1", () => {
    process.send?.({ port: (server.server.address() as AddressInfo).port });
  });
  process.on("message", (message) => {
    const { id, kind } = message as Request;
    process.send?.(
      kind === "count" ? { id, count: arrivals.length } : ({ id, arrivals } satisfies Reply),
    );
  });
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}

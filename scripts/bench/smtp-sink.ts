// A local SMTP server in a process of its own for the benchmarks (the load generator's
// process must not also be the mail server's): it accepts every message, optionally taking
// `delayMs` to answer each, and reports over IPC how many arrived and when each recipient's
// did. Run as a child of startSmtpSink().
import { fork } from "node:child_process";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

type Request = { id: number; kind: "count" | "arrivals" };
type Reply = { id: number; count?: number; arrivals?: [string, number][] };

export interface SmtpSink {
  url: string;
  count: () => Promise<number>;
  /** Recipient -> epoch milliseconds at which each of its messages was accepted. */
  arrivals: () => Promise<Map<string, number[]>>;
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
  return {
    url: `smtp://127.0.0.1:${port}`,
    count: async () => (await ask("count")).count ?? 0,
    arrivals: async () => {
      const map = new Map<string, number[]>();
      for (const [to, at] of (await ask("arrivals")).arrivals ?? []) {
        map.set(to, [...(map.get(to) ?? []), at]);
      }
      return map;
    },
    close: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

if (process.argv[2] === "--child") {
  const delayMs = Number(process.argv[3] ?? 0);
  const arrivals: [string, number][] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        const done = () => {
          const at = Date.now();
          for (const to of session.envelope.rcptTo) arrivals.push([to.address, at]);
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

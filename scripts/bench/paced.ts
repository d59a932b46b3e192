// An open-loop load generator in a process of its own (decision 310): it posts a form at a
// fixed rate, each post at its scheduled time whether or not the earlier ones have answered,
// as visitors arrive, so a slow server meets a queue instead of a generator that waits for it
// (wrk's connections wait: a closed loop measures capacity, not a given rate).
// Each post's latency runs from its scheduled time, so time it spent waiting for a free
// connection, or for this process, counts as the visitor's. Keep-alive connections (at most
// `maxConnections`) that write each request whole and read each answer only as far as its
// status and end: Node's http client cost about 160 µs of this process's CPU a post, CPU
// the server's processes lose on this machine (the generator's own is about 30 µs with wrk);
// the process reports its own CPU for the run.
import { fork } from "node:child_process";
import net from "node:net";
import { browserHeaders } from "./wrk.ts";

export interface PacedFormOptions {
  url: string;
  path: string;
  /** The body; every `{n}` becomes `<prefix>-<post number>`. */
  template: string;
  /** The body's type; a urlencoded form by default. */
  contentType?: string;
  /** Post n carries `Authorization: Bearer <bearerTokens[n % length]>` (robots' heartbeats). */
  bearerTokens?: string[];
  prefix: string;
  successStatus: number;
  /** Posts per second, and for how long. */
  rate: number;
  seconds: number;
  maxConnections?: number;
  /** Answer when each post was written (`sentAt`). */
  recordSentAt?: boolean;
  /**
   * Robots that stop: from `afterSeconds` into the run, the posts of these indexes of
   * `bearerTokens` are not sent (neither offered nor counted).
   */
  stop?: { tokens: number[]; afterSeconds: number };
}

export interface PacedFormResult {
  /** Posts sent: the robots that stopped skipped the rest of theirs. */
  offered: number;
  successful: number;
  /** Answers with another status and posts that failed at the socket. */
  failed: number;
  /** From the first post's scheduled time to the last answer, s. */
  seconds: number;
  /** Successful answers per second over `seconds`. */
  answeredPerSecond: number;
  /** From each post's scheduled time to its answer, ms. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** How late this process sent a post after its scheduled time, p99, ms. */
  sendLagP99Ms: number;
  /** This process's CPU from the first post to the last answer, ms. */
  generatorCpuMs: number;
  /** With `recordSentAt`: when post n + 1 was written, epoch ms. */
  sentAt?: number[];
}

/** Runs the paced generator in a child process and answers its figures. */
export async function pacedForm(options: PacedFormOptions): Promise<PacedFormResult> {
  const child = fork(import.meta.filename, ["--child"], { stdio: "inherit" });
  const result = new Promise<PacedFormResult>((resolve, reject) => {
    child.once("message", (message) => resolve(message as PacedFormResult));
    child.once("exit", (code) => reject(new Error(`the paced generator exited with ${code}`)));
  });
  child.send(options);
  return result;
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * One keep-alive connection: each request written whole, each answer read only as far as its
 * status and where it ends (Content-Length, the last chunk, or the connection's close).
 */
class Connection {
  readonly socket: net.Socket;
  private received: Buffer = Buffer.alloc(0);
  private answered: ((status: number | null) => void) | undefined;
  /** An answer with neither length nor chunks ends with the connection: its status. */
  private endsAtClose: number | null = null;
  /** When its last answer ended, and how long the server keeps it open idle after that. */
  idleSince = 0;
  keepAliveMs = 5_000;

  constructor(target: URL, onClose: (connection: Connection) => void) {
    this.socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
    this.socket.on("data", (chunk: Buffer) => this.read(chunk));
    this.socket.on("error", () => {});
    this.socket.on("close", () => {
      this.settle(this.endsAtClose);
      onClose(this);
    });
  }

  send(request: Buffer, answered: (status: number | null) => void) {
    this.answered = answered;
    this.endsAtClose = null;
    this.socket.write(request);
  }

  private settle(status: number | null) {
    const answered = this.answered;
    this.answered = undefined;
    answered?.(status);
  }

  private read(chunk: Buffer) {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    const headEnd = this.received.indexOf("\r\n\r\n");
    if (headEnd < 0 || !this.answered) return;
    const head = this.received.toString("latin1", 0, headEnd);
    const status = Number(head.slice(9, 12));
    const bodyStart = headEnd + 4;
    const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
    let end: number | undefined;
    if (length) end = bodyStart + Number(length[1]);
    else if (/\r\ntransfer-encoding:[ \t]*chunked/i.test(head)) {
      end = chunkedEnd(this.received, bodyStart);
    } else if (status === 204 || status === 304) end = bodyStart;
    else {
      this.endsAtClose = status;
      return;
    }
    if (end === undefined || this.received.length < end) return;
    this.received = this.received.subarray(end);
    if (/\r\nconnection:[ \t]*close/i.test(head)) this.socket.destroy();
    const keepAlive = /\r\nkeep-alive:[ \t]*timeout=(\d+)/i.exec(head);
    if (keepAlive) this.keepAliveMs = Number(keepAlive[1]) * 1000;
    this.idleSince = performance.now();
    this.settle(status);
  }
}

/** Where a chunked body starting at `at` ends, or undefined while it has not all arrived. */
function chunkedEnd(received: Buffer, at: number): number | undefined {
  for (;;) {
    const lineEnd = received.indexOf("\r\n", at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(received.toString("latin1", at, lineEnd), 16);
    // The last chunk, then the empty line that ends a body without trailers.
    if (size === 0) return lineEnd + 4 <= received.length ? lineEnd + 4 : undefined;
    at = lineEnd + 2 + size + 2;
    if (at > received.length) return undefined;
  }
}

async function run(options: PacedFormOptions): Promise<PacedFormResult> {
  const target = new URL(options.url);
  const maxConnections = options.maxConnections ?? 256;
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  // A skipped post's latency stays NaN and is left out of the figures.
  const latencies = new Float64Array(total).fill(NaN);
  const lags = new Float64Array(total);
  const sentAt = options.recordSentAt ? new Float64Array(total) : undefined;
  // Every header but the body's length, as Node's http client sent them.
  const head =
    `POST ${options.path} HTTP/1.1\r\nHost: ${target.host}\r\nConnection: keep-alive\r\n` +
    `Content-Type: ${options.contentType ?? "application/x-www-form-urlencoded"}\r\n` +
    `Origin: ${target.origin}\r\n` +
    Object.entries(browserHeaders)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
  const idle: Connection[] = [];
  let open = 0;
  // Posts due while every connection is busy, in order: their wait counts as their latency.
  const waiting: number[] = [];
  let sent = 0;
  let settled = 0;
  let successful = 0;
  let failed = 0;
  let skipped = 0;
  const stopped = new Set(options.stop?.tokens);
  const stopsAt = Math.round((options.stop?.afterSeconds ?? Infinity) * options.rate);
  const isSkipped = (index: number) =>
    index >= stopsAt && stopped.has(index % (options.bearerTokens?.length ?? 1));
  const cpuBefore = process.cpuUsage();
  const start = performance.now() + 20;
  let lastAnswer = start;
  await new Promise<void>((resolve) => {
    const onClose = (connection: Connection) => {
      open -= 1;
      const at = idle.indexOf(connection);
      if (at >= 0) idle.splice(at, 1);
      dispatch();
    };
    const finish = (index: number, status: number | null) => {
      lastAnswer = performance.now();
      latencies[index] = lastAnswer - (start + index * interval);
      if (status === options.successStatus) successful += 1;
      else failed += 1;
      if ((settled += 1) === total) resolve();
    };
    const post = (connection: Connection, index: number) => {
      const body = options.template.replaceAll("{n}", `${options.prefix}-${index + 1}`);
      const tokens = options.bearerTokens;
      const authorization = tokens
        ? `Authorization: Bearer ${tokens[index % tokens.length]}\r\n`
        : "";
      const request = Buffer.from(
        `${head}${authorization}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      if (sentAt) sentAt[index] = performance.timeOrigin + performance.now();
      connection.send(request, (status) => {
        finish(index, status);
        if (!connection.socket.destroyed) idle.push(connection);
        dispatch();
      });
    };
    const dispatch = () => {
      while (waiting.length > 0) {
        const connection = idle.pop();
        // One the server may be closing as the post is written would lose it: as Node's
        // Agent does, a connection is not reused within a second of its Keep-Alive timeout.
        if (
          connection &&
          performance.now() - connection.idleSince > connection.keepAliveMs - 1000
        ) {
          connection.socket.destroy();
        } else if (connection) post(connection, waiting.shift()!);
        else if (open < maxConnections) {
          open += 1;
          post(new Connection(target, onClose), waiting.shift()!);
        } else return;
      }
    };
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor((now - start) / interval) + 1);
      while (sent < due) {
        lags[sent] = now - (start + sent * interval);
        if (isSkipped(sent)) {
          skipped += 1;
          if ((settled += 1) === total) resolve();
        } else waiting.push(sent);
        sent += 1;
      }
      dispatch();
      if (sent < total) {
        setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
      }
    };
    setTimeout(tick, start - performance.now());
    if (total === 0) resolve();
  });
  const cpu = process.cpuUsage(cpuBefore);
  for (const connection of idle) connection.socket.destroy();
  const answered = latencies.filter((latency) => !Number.isNaN(latency)).sort();
  lags.sort();
  const seconds = (lastAnswer - start) / 1000;
  return {
    offered: total - skipped,
    successful,
    failed,
    seconds,
    answeredPerSecond: successful / seconds,
    p50Ms: round(percentile(answered, 50)),
    p99Ms: round(percentile(answered, 99)),
    maxMs: round(answered.at(-1) ?? NaN),
    sendLagP99Ms: round(percentile(lags, 99)),
    generatorCpuMs: (cpu.user + cpu.system) / 1000,
    ...(sentAt ? { sentAt: Array.from(sentAt) } : {}),
  };
}

if (process.argv[2] === "--child") {
  process.once("message", (options) => {
    void run(options as PacedFormOptions).then((result) =>
      process.send?.(result, () => process.exit(0)),
    );
  });
}

// An open-loop load generator in a process of its own (decision 310): it posts a form at a
// fixed rate, each post at its scheduled time whether or not the earlier ones have answered,
// as visitors arrive, so a slow server meets a queue instead of a generator that waits for it
// (wrk and autocannon's connections wait: a closed loop measures capacity, not a given rate).
// Each post's latency runs from its scheduled time, so time it spent waiting for a free
// connection, or for this process, counts as the visitor's. Node's http client on keep-alive
// connections (at most `maxConnections`); the process reports its own CPU for the run.
import { fork } from "node:child_process";
import http from "node:http";
import { browserHeaders } from "./wrk.ts";

export interface PacedFormOptions {
  url: string;
  path: string;
  /** The urlencoded body; every `{n}` becomes `<prefix>-<post number>`. */
  template: string;
  prefix: string;
  successStatus: number;
  /** Posts per second, and for how long. */
  rate: number;
  seconds: number;
  maxConnections?: number;
}

export interface PacedFormResult {
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

async function run(options: PacedFormOptions): Promise<PacedFormResult> {
  const target = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxConnections ?? 256 });
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const latencies = new Float64Array(total);
  const lags = new Float64Array(total);
  let sent = 0;
  let settled = 0;
  let successful = 0;
  let failed = 0;
  const cpuBefore = process.cpuUsage();
  const start = performance.now() + 20;
  let lastAnswer = start;
  await new Promise<void>((resolve) => {
    const post = (index: number) => {
      const due = start + index * interval;
      const body = options.template.replaceAll("{n}", `${options.prefix}-${index + 1}`);
      let done = false;
      const finish = (ok: boolean) => {
        if (done) return;
        done = true;
        lastAnswer = performance.now();
        latencies[index] = lastAnswer - due;
        if (ok) successful += 1;
        else failed += 1;
        if ((settled += 1) === total) resolve();
      };
      const request = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: options.path,
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": Buffer.byteLength(body),
            Origin: target.origin,
            ...browserHeaders,
          },
        },
        (response) => {
          response.resume();
          response.on("end", () => finish(response.statusCode === options.successStatus));
          response.on("error", () => finish(false));
        },
      );
      request.on("error", () => finish(false));
      request.end(body);
    };
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor((now - start) / interval) + 1);
      while (sent < due) {
        lags[sent] = now - (start + sent * interval);
        post(sent);
        sent += 1;
      }
      if (sent < total) {
        setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
      }
    };
    setTimeout(tick, start - performance.now());
    if (total === 0) resolve();
  });
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  latencies.sort();
  lags.sort();
  const seconds = (lastAnswer - start) / 1000;
  return {
    offered: total,
    successful,
    failed,
    seconds,
    answeredPerSecond: successful / seconds,
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies.at(-1) ?? NaN),
    sendLagP99Ms: round(percentile(lags, 99)),
    generatorCpuMs: (cpu.user + cpu.system) / 1000,
  };
}

if (process.argv[2] === "--child") {
  process.once("message", (options) => {
    void run(options as PacedFormOptions).then((result) =>
      process.send?.(result, () => process.exit(0)),
    );
  });
}

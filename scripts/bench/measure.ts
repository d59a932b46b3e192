import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { type BuiltServer, startBuiltServer } from "../../tests/support/built-server.ts";

/**
 * Resident memory of a process and the processes it started (the web server's statement
 * reader, decision 263), in MB (Linux /proc): what the server costs the machine.
 */
export function rssMegabytes(pid: number): number {
  return Math.round(treeRssKilobytes(pid) / 1024);
}

function treeRssKilobytes(pid: number): number {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return 0; // it ended between the listing and the reading
  }
  const own = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return own + childPids(pid).reduce((sum, child) => sum + treeRssKilobytes(child), 0);
}

function childPids(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) =>
        fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean),
      )
      .map(Number);
  } catch {
    return [];
  }
}

/** CPU time a process has used so far (user + system), ms (Linux /proc). */
export function cpuMilliseconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticksPerSecond = 100; // USER_HZ on Linux
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/** The load average over 1, 5 and 15 minutes, as `uptime` prints it. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

/** Peak resident memory of a process so far in MB (Linux /proc). */
export function peakRssMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/**
 * Resident memory once it has settled: start-up work (PGlite compiles its WebAssembly in
 * the background for several seconds) ends, then two readings a second apart agree within
 * 1 MB; at most 60 s.
 */
export async function settledRssMegabytes(pid: number): Promise<number> {
  let previous = rssMegabytes(pid);
  for (let waited = 0; waited < 60; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const current = rssMegabytes(pid);
    if (Math.abs(current - previous) <= 1) return current;
    previous = current;
  }
  return previous;
}

/** Runs `run` against the built server on a fresh DATA_DIR, then stops it and removes the folder. */
export async function withBuiltServer<T>(
  label: string,
  env: Record<string, string | undefined>,
  run: (server: BuiltServer) => Promise<T>,
): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agentes-bench-${label}-`));
  try {
    // A fresh embedded database takes over a minute to start on a busy machine.
    const server = await startBuiltServer({ DATA_DIR: dataDir, ...env }, { timeoutMs: 180_000 });
    try {
      return await run(server);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// The /healthz prober runs on a thread of its own: on the bench's main thread, its own work
// (reading a large download, building an upload) would delay the prober's timers and
// answers, and the figures would be the client's.
const healthProberSource = `
  const { parentPort, workerData } = require("node:worker_threads");
  const latencies = [];
  let running = true;
  parentPort.once("message", () => (running = false));
  (async () => {
    // A first, unmeasured check: a new thread's first fetch pays for connecting and compiling.
    await (await fetch(workerData.url + "/healthz")).arrayBuffer();
    parentPort.postMessage("ready");
    while (running) {
      const started = performance.now();
      await (await fetch(workerData.url + "/healthz")).arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, workerData.intervalMs));
    }
    parentPort.postMessage(latencies);
  })();
`;

/**
 * Starts asking `url`/healthz every `intervalMs` from a worker thread; `stop()` gives the
 * latencies (ms) measured since the first, unmeasured, check answered.
 */
export async function startHealthProber(
  url: string,
  intervalMs: number,
): Promise<{ stop(): Promise<number[]> }> {
  const prober = new Worker(healthProberSource, { eval: true, workerData: { url, intervalMs } });
  await new Promise((resolve) => prober.once("message", resolve));
  const probed = new Promise<number[]>((resolve) => prober.once("message", resolve));
  return {
    async stop() {
      prober.postMessage("stop");
      const latencies = await probed;
      await prober.terminate();
      return latencies;
    },
  };
}

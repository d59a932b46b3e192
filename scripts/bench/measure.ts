import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
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

// The /healthz prober runs in a process of its own, as a visitor would: on the bench's main
// thread, its own work (reading a large download, building an upload) would delay the
// prober's timers and answers, and even on a thread of the bench's process the download's
// decompression and garbage held it back (a 1,000,000-row export: 64-78 ms once a run on a
// thread, 29-33 ms as a process of its own).
const healthProberSource = `
  const { url, intervalMs, path } = JSON.parse(process.argv[1]);
  const latencies = [];
  let running = true;
  process.once("message", () => (running = false));
  (async () => {
    // A first, unmeasured check: a new process's first fetch pays for connecting and compiling.
    await (await fetch(url + path)).arrayBuffer();
    process.send("ready");
    while (running) {
      const started = performance.now();
      await (await fetch(url + path)).arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
    process.send(latencies, () => process.exit(0));
  })();
`;

/**
 * Starts asking `url` + `path` (/healthz by default) every `intervalMs` from a process of its
 * own; `stop()` gives the latencies (ms) measured since the first, unmeasured, check answered.
 */
export async function startHealthProber(
  url: string,
  intervalMs: number,
  path = "/healthz",
): Promise<{ stop(): Promise<number[]> }> {
  const prober = spawn(
    process.execPath,
    ["-e", healthProberSource, JSON.stringify({ url, intervalMs, path })],
    { stdio: ["ignore", "inherit", "inherit", "ipc"] },
  );
  await new Promise((resolve) => prober.once("message", resolve));
  const probed = new Promise<number[]>((resolve) =>
    prober.once("message", (latencies) => resolve(latencies as number[])),
  );
  return {
    async stop() {
      prober.send("stop");
      return probed;
    },
  };
}

export interface LoopBlocking {
  /** Delays of the event loop (monitorEventLoopDelay, 10 ms resolution), wall clock, ms. */
  p99: number;
  max: number;
  /**
   * The most CPU this thread spent between two 1 ms timer turns, ms: the longest stretch of
   * work that held the loop, which the machine's load does not stretch (a busy machine
   * stretches the wall-clock delays above).
   */
  maxCpu: number;
}

/** This process's event loop watched from inside, until `stop()`. */
export function startLoopMonitor(): { stop(): LoopBlocking } {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let maxCpu = 0;
  let last = process.threadCpuUsage();
  const tick = setInterval(() => {
    const now = process.threadCpuUsage();
    maxCpu = Math.max(maxCpu, (now.user - last.user + now.system - last.system) / 1000);
    last = now;
  }, 1);
  return {
    stop() {
      clearInterval(tick);
      histogram.disable();
      return { p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6, maxCpu };
    },
  };
}

/** CPU time of a process and the processes it started (the web's statement reader), ms. */
export function treeCpuMilliseconds(pid: number): number {
  let own: number;
  try {
    own = cpuMilliseconds(pid);
  } catch {
    return 0; // it ended between the listing and the reading
  }
  return own + childPids(pid).reduce((sum, child) => sum + treeCpuMilliseconds(child), 0);
}

/**
 * Every PostgreSQL process's CPU so far, ms, by pid, and which serve `database` (a backend's
 * title names its database: "postgres: 15/main: user database host(port) state").
 */
function postgresCpu(database: string | undefined): Map<number, { ms: number; ours: boolean }> {
  const found = new Map<number, { ms: number; ours: boolean }>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue;
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
      const ours = database !== undefined && title.includes(` ${database} `);
      found.set(Number(entry), { ms: cpuMilliseconds(Number(entry)), ours });
    } catch {
      // it ended while being read
    }
  }
  return found;
}

/** The machine's busy CPU time so far, every core (Linux /proc/stat), ms. */
function machineBusyMilliseconds(): number {
  const [, user, nice, system, , , irq, softirq, steal] = fs
    .readFileSync("/proc/stat", "utf8")
    .split("\n", 1)[0]!
    .trim()
    .split(/\s+/)
    .map(Number);
  return ((user! + nice! + system! + irq! + softirq! + steal!) * 1000) / 100; // USER_HZ
}

export interface CpuBudget {
  seconds: number;
  /** Process (or group) -> CPU over the window, ms per second of the window. */
  perSecond: [string, number][];
  /** The whole machine's busy CPU, ms per second (a core is 1,000). */
  machinePerSecond: number;
}

/**
 * Starts reading where a window's CPU goes: the `processes` given (each with the processes it
 * started; an undefined pid is left out), PostgreSQL's backends of `database` and its other
 * processes (without `database`, PostgreSQL is none of the bench's), and this process
 * (the bench: seeding, counting). `stop(generators)` adds the CPU that processes which ended
 * within the window reported for themselves (the load generators) and answers ms per second
 * for each, plus what the rest of the machine used (other programs, ended processes).
 * A PostgreSQL process that started within the window counts whole; one that ended is lost.
 */
export function startCpuBudget(
  processes: Record<string, number | undefined>,
  database?: string,
): { stop: (generators?: Record<string, number>) => CpuBudget } {
  const read = () => ({
    at: performance.now(),
    processes: Object.entries(processes).flatMap(([name, pid]) =>
      pid === undefined ? [] : [[name, treeCpuMilliseconds(pid)] as const],
    ),
    postgres: postgresCpu(database),
    self: process.cpuUsage(),
    machine: machineBusyMilliseconds(),
  });
  const before = read();
  return {
    stop(generators = {}) {
      const after = read();
      const seconds = (after.at - before.at) / 1000;
      const used: [string, number][] = after.processes.map(([name, ms], index) => [
        name,
        ms - before.processes[index]![1],
      ]);
      let postgresOurs = 0;
      let postgresRest = 0;
      for (const [pid, { ms, ours }] of after.postgres) {
        const delta = ms - (before.postgres.get(pid)?.ms ?? 0);
        if (ours) postgresOurs += delta;
        else postgresRest += delta;
      }
      if (database !== undefined) {
        used.push(["PostgreSQL (this database)", postgresOurs]);
        used.push(["PostgreSQL (rest)", postgresRest]);
      }
      used.push(...Object.entries(generators));
      const self = process.cpuUsage(before.self);
      used.push(["this bench", (self.user + self.system) / 1000]);
      const machine = after.machine - before.machine;
      const listed = used.reduce((sum, [, ms]) => sum + ms, 0);
      used.push(["rest of the machine", Math.max(0, machine - listed)]);
      return {
        seconds,
        perSecond: used.map(([name, ms]) => [name, Math.round(ms / seconds)]),
        machinePerSecond: Math.round(machine / seconds),
      };
    },
  };
}

export function formatCpuBudget(budget: CpuBudget): string {
  return (
    `CPU, ms per second of the ${budget.seconds.toFixed(1)} s window ` +
    `(${os.availableParallelism()} cores: ${os.availableParallelism() * 1000}): ` +
    budget.perSecond.map(([name, ms]) => `${name} ${ms}`).join(", ") +
    `; machine busy ${budget.machinePerSecond}`
  );
}

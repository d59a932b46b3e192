// wrk (Debian's, in a process of its own) loading one URL, for the page-view benchmarks:
// a generator in the bench's own Node process measured itself at about 3,000 req/s, a tenth
// of what the server answers (docs/decisions/245). wrk's figures come from a Lua `done`
// hook as one JSON line, so nothing here parses wrk's human-readable report.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { cpuMilliseconds } from "./measure.ts";

/** The header a browser (Chrome) sends that changes what a page view costs: compression. */
export const browserHeaders = { "Accept-Encoding": "gzip, deflate, br, zstd" };

export interface WrkResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /**
   * Answers that failed: socket errors (connect, read, write, timeout) and statuses >= 400,
   * wrk's own counters; with `countStatuses`, every status outside 2xx (3xx too).
   */
  failed: number;
  /** CPU the `cpuOf` processes used per request answered, in microseconds. */
  cpuMicrosecondsPerRequest?: number;
  /** wrk's own CPU (user + system, all its threads) for the whole run, ms. */
  generatorCpuMs: number;
}

// `done` runs once in wrk's main Lua state; each thread's `failed` is read through its handle.
// A `response` hook makes wrk hand every answer to Lua (about 2.5 µs of wrk's CPU each), so
// it is defined only when asked for.
function script(countStatuses: boolean, gapMs: number): string {
  return `
local threads = {}
${gapMs > 0 ? `function delay() return ${gapMs} end` : ""}
function setup(thread) table.insert(threads, thread) end
function init(args) failed = 0 end
${
  countStatuses
    ? `function response(status, headers, body)
  if status < 200 or status > 299 then failed = failed + 1 end
end`
    : ""
}
function done(summary, latency, requests)
  local outside = 0
  for _, thread in ipairs(threads) do outside = outside + thread:get("failed") end
  local e = summary.errors
  io.write(string.format(
    '\\nWRK_JSON {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,' ..
    '"socketErrors":%d,"statusErrors":%d,"outside2xx":%d,"cpuUs":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    latency.max, e.connect + e.read + e.write + e.timeout, e.status, outside, os.clock() * 1e6))
end
`;
}

interface Report {
  requests: number;
  durationUs: number;
  p50Us: number;
  p99Us: number;
  maxUs: number;
  socketErrors: number;
  statusErrors: number;
  outside2xx: number;
  /** os.clock() in `done`: the process's CPU time, every thread's, after they ended. */
  cpuUs: number;
}

const ms = (microseconds: number) => Math.round(microseconds / 10) / 100;

/** Every process whose CPU counts for a server: `pid` and its children (nginx's workers). */
function processTree(pid: number): number[] {
  const childrenFile = `/proc/${pid}/task/${pid}/children`;
  const children = fs.existsSync(childrenFile)
    ? fs.readFileSync(childrenFile, "utf8").split(" ").filter(Boolean).map(Number)
    : [];
  return [pid, ...children.flatMap(processTree)];
}

function cpuOfTree(pid: number): number {
  return processTree(pid).reduce((total, one) => total + cpuMilliseconds(one), 0);
}

/**
 * Runs wrk with a Lua script (written to a folder of its own, removed after) and answers the
 * figures its `done` hook printed as one `WRK_JSON` line. `args`: wrk's arguments, given the
 * script's path.
 */
async function runWrkScript<T>(script: string, args: (scriptFile: string) => string[]): Promise<T> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-wrk-"));
  try {
    const scriptFile = path.join(folder, "script.lua");
    fs.writeFileSync(scriptFile, script);
    const { stdout } = await promisify(execFile)("wrk", args(scriptFile));
    const line = stdout.split("\n").find((one) => one.startsWith("WRK_JSON "));
    if (!line) throw new Error(`wrk printed no figures:\n${stdout}`);
    return JSON.parse(line.slice("WRK_JSON ".length)) as T;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** Whether wrk is installed (`wrk -v` prints its version and exits 1). */
export async function wrkInstalled(): Promise<boolean> {
  try {
    await promisify(execFile)("wrk", ["-v"]);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 1;
  }
}

/**
 * Loads `url` for `seconds` with `connections` keep-alive connections from one wrk thread
 * (the other core is the server's), sending `headers`. `cpuOf`: a server's pid, whose CPU
 * (with its children's) per request is reported. `gapMs`: each connection waits that long
 * after an answer before its next request (a light probe rather than a load).
 */
export async function wrk(
  url: string,
  {
    seconds,
    connections = 32,
    headers = browserHeaders,
    countStatuses = false,
    cpuOf,
    gapMs = 0,
  }: {
    seconds: number;
    connections?: number;
    headers?: Record<string, string>;
    countStatuses?: boolean;
    cpuOf?: number;
    /** A pause after each answer before the connection's next request, ms. */
    gapMs?: number;
  },
): Promise<WrkResult> {
  const cpuBefore = cpuOf === undefined ? 0 : cpuOfTree(cpuOf);
  const report = await runWrkScript<Report>(script(countStatuses, gapMs), (scriptFile) => {
    const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "-s", scriptFile];
    for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
    return [...args, url];
  });
  const cpuUsed = cpuOf === undefined ? 0 : cpuOfTree(cpuOf) - cpuBefore;
  return {
    requests: report.requests,
    requestsPerSecond: Math.round(report.requests / (report.durationUs / 1e6)),
    p50Ms: ms(report.p50Us),
    p99Ms: ms(report.p99Us),
    maxMs: ms(report.maxUs),
    failed: report.socketErrors + (countStatuses ? report.outside2xx : report.statusErrors),
    generatorCpuMs: report.cpuUs / 1000,
    ...(cpuOf === undefined || report.requests === 0
      ? {}
      : { cpuMicrosecondsPerRequest: Math.round((cpuUsed * 1000) / report.requests) }),
  };
}

export interface FormLoadResult {
  /** Answers counted (every status), and the run's length from wrk's start to the last. */
  answered: number;
  seconds: number;
  /** Answers with `successStatus`. */
  successful: number;
  /** Answers with another status, plus socket errors (connect, read, write, timeout). */
  failed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** wrk's own CPU for the whole run, ms. */
  generatorCpuMs: number;
}

// Form posts, each with its own body: `template` with every `{n}` replaced by
// `<prefix>-<thread>-<counter>` (so an e-mail address in it is unique per thread and request).
// The run ends after `requests` posts or `seconds`, whichever comes first, and never with a
// post in flight: once either is reached, `delay()` holds every connection's next post back
// and the thread stops when the last one sent has answered, then interrupts wrk's main
// thread, which otherwise sleeps the whole `-d`; so the posts answered are exactly the posts
// the server received, and a row count afterwards can be compared with the successes.
// `delay()` runs before each request is sent (not `request()`, which wrk also calls once at
// start-up to check the script), so it is where the posts are counted.
const formScript = `
local ffi = require("ffi")
ffi.cdef[[
  typedef struct { long sec; long nsec; } bench_timespec;
  int clock_gettime(int clock, bench_timespec *ts);
  int kill(int pid, int sig);
  int getpid(void);
]]
local clock = ffi.new("bench_timespec")
local function now()
  ffi.C.clock_gettime(1, clock) -- CLOCK_MONOTONIC
  return tonumber(clock.sec) + tonumber(clock.nsec) / 1e9
end

local threads = {}
function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

function init(args)
  prefix, path, successStatus = args[1], args[2], tonumber(args[3])
  quota, deadline = tonumber(args[4]), now() + tonumber(args[5])
  parts = {}
  for piece in (args[6] .. "{n}"):gmatch("(.-){n}") do table.insert(parts, piece) end
  headers = { ["Content-Type"] = "application/x-www-form-urlencoded", ["Origin"] = args[7],
    ["Accept-Encoding"] = "${browserHeaders["Accept-Encoding"]}" }
  tag = prefix .. "-" .. wrk.thread:get("id") .. "-"
  counter, sent, answered, successful, other, draining = 0, 0, 0, 0, 0, false
end

function delay()
  if draining then return 3600000 end
  if sent >= quota or now() >= deadline then
    draining = true
    return 3600000
  end
  sent = sent + 1
  return 0
end

function request()
  counter = counter + 1
  local n = tag .. counter
  local body = parts[1]
  for i = 2, #parts do body = body .. n .. parts[i] end
  return wrk.format("POST", path, headers, body)
end

function response(status, headers, body)
  answered = answered + 1
  if status == successStatus then successful = successful + 1 else other = other + 1 end
  if draining and answered >= sent then
    wrk.thread:stop()
    ffi.C.kill(ffi.C.getpid(), 2) -- SIGINT: wrk's main thread stops sleeping and reports
  end
end

function done(summary, latency, requests)
  local successful, other = 0, 0
  for _, thread in ipairs(threads) do
    successful = successful + thread:get("successful")
    other = other + thread:get("other")
  end
  local e = summary.errors
  io.write(string.format(
    '\\nWRK_JSON {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,' ..
    '"socketErrors":%d,"successful":%d,"other":%d,"cpuUs":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    latency.max, e.connect + e.read + e.write + e.timeout, successful, other, os.clock() * 1e6))
end
`;

/**
 * Posts `template` (urlencoded, `{n}` made unique per post) to `url` + `path` from one wrk
 * thread with `connections` keep-alive connections, as a browser without JavaScript would
 * (Origin of the site, the Accept-Encoding of `browserHeaders`), until `requests` posts or `seconds` (wrk's own process: the
 * generator's CPU is printed with the figures, decision 310).
 */
export async function wrkForm(
  url: string,
  {
    path: formPath,
    template,
    prefix,
    successStatus,
    connections,
    requests = Number.MAX_SAFE_INTEGER,
    seconds = 3600,
  }: {
    path: string;
    template: string;
    prefix: string;
    successStatus: number;
    connections: number;
    requests?: number;
    seconds?: number;
  },
): Promise<FormLoadResult> {
  // `-d` only bounds a run whose last post never answers (a socket error); the script ends it.
  const bound = Math.ceil(Math.min(seconds, 3600) + 120);
  const report = await runWrkScript<
    Omit<Report, "statusErrors" | "outside2xx"> & { successful: number; other: number }
  >(formScript, (scriptFile) => [
    "-t1",
    `-c${connections}`,
    `-d${bound}s`,
    "--timeout",
    "30s",
    "-s",
    scriptFile,
    url + formPath,
    "--",
    prefix,
    formPath,
    String(successStatus),
    String(Math.min(requests, 2 ** 52)),
    String(seconds),
    template,
    new URL(url).origin,
  ]);
  return {
    answered: report.requests,
    seconds: report.durationUs / 1e6,
    successful: report.successful,
    failed: report.other + report.socketErrors,
    p50Ms: ms(report.p50Us),
    p99Ms: ms(report.p99Us),
    maxMs: ms(report.maxUs),
    generatorCpuMs: report.cpuUs / 1000,
  };
}

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
}

// `done` runs once in wrk's main Lua state; each thread's `failed` is read through its handle.
// A `response` hook makes wrk hand every answer to Lua (about 2.5 µs of wrk's CPU each), so
// it is defined only when asked for.
function script(countStatuses: boolean): string {
  return `
local threads = {}
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
    '"socketErrors":%d,"statusErrors":%d,"outside2xx":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    latency.max, e.connect + e.read + e.write + e.timeout, e.status, outside))
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
 * (with its children's) per request is reported.
 */
export async function wrk(
  url: string,
  {
    seconds,
    connections = 32,
    headers = browserHeaders,
    countStatuses = false,
    cpuOf,
  }: {
    seconds: number;
    connections?: number;
    headers?: Record<string, string>;
    countStatuses?: boolean;
    cpuOf?: number;
  },
): Promise<WrkResult> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-wrk-"));
  try {
    const scriptFile = path.join(folder, "report.lua");
    fs.writeFileSync(scriptFile, script(countStatuses));
    const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "-s", scriptFile];
    for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
    const cpuBefore = cpuOf === undefined ? 0 : cpuOfTree(cpuOf);
    const { stdout } = await promisify(execFile)("wrk", [...args, url]);
    const cpuUsed = cpuOf === undefined ? 0 : cpuOfTree(cpuOf) - cpuBefore;
    const line = stdout.split("\n").find((one) => one.startsWith("WRK_JSON "));
    if (!line) throw new Error(`wrk printed no figures:\n${stdout}`);
    const report = JSON.parse(line.slice("WRK_JSON ".length)) as Report;
    return {
      requests: report.requests,
      requestsPerSecond: Math.round(report.requests / (report.durationUs / 1e6)),
      p50Ms: ms(report.p50Us),
      p99Ms: ms(report.p99Us),
      maxMs: ms(report.maxUs),
      failed: report.socketErrors + (countStatuses ? report.outside2xx : report.statusErrors),
      ...(cpuOf === undefined || report.requests === 0
        ? {}
        : { cpuMicrosecondsPerRequest: Math.round((cpuUsed * 1000) / report.requests) }),
    };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

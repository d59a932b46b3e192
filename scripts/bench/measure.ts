import fs from "node:fs";
import autocannon from "autocannon";

// Shared pieces of the benchmark scripts: an autocannon run summarised, and a process's RSS.
export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  errors: number;
  non2xx: number;
}

export async function runAutocannon(options: autocannon.Options): Promise<LoadFigures> {
  const result = await autocannon(options);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    ok: result["2xx"],
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kilobytes / 1024);
}

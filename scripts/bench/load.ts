// `npm run bench:load`: page views of /, /precos and /blog under load (autocannon on
// loopback against the built server on PGlite), then sign-ups on PostgreSQL, each with the
// server's memory before and after. Targets (DESIGN.md): >= 2,000 page views/s and
// >= 1,000 sign-ups/s on PostgreSQL, p99 < 100 ms, on 2 cores.
import autocannon from "autocannon";
import { postgresReachable } from "../../tests/support/postgres.ts";
import { rssMegabytes, withBuiltServer } from "./measure.ts";
import { formatSignupResult, measureSignups, type SignupBenchResult } from "./signup.ts";

const loadPaths = ["/", "/precos", "/blog"] as const;

export interface PageLoadResult {
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  failed: number;
  rssBeforeMb: number;
  rssAfterMb: number;
}

async function measurePageLoad({ durationSeconds = 10, connections = 32 } = {}): Promise<
  PageLoadResult[]
> {
  return withBuiltServer("load", {}, async (server) => {
    const pid = server.process.pid as number;
    const results: PageLoadResult[] = [];
    for (const pagePath of loadPaths) {
      const url = server.url + pagePath;
      await autocannon({ url, connections, duration: 2 }); // warm-up
      const rssBeforeMb = rssMegabytes(pid);
      const run = await autocannon({ url, connections, duration: durationSeconds });
      results.push({
        path: pagePath,
        requestsPerSecond: Math.round(run.requests.average),
        p50Ms: run.latency.p50,
        p99Ms: run.latency.p99,
        ok: run["2xx"],
        failed: run.non2xx + run.errors + run.timeouts,
        rssBeforeMb,
        rssAfterMb: rssMegabytes(pid),
      });
    }
    return results;
  });
}

export function formatPageLoadResult(result: PageLoadResult): string {
  return [
    result.path.padEnd(14),
    `${result.requestsPerSecond} req/s`.padStart(18),
    `p50 ${result.p50Ms} ms`.padStart(12),
    `p99 ${result.p99Ms} ms`.padStart(12),
    `ok ${result.ok}`.padStart(10),
    `failed ${result.failed}`.padStart(10),
    `RSS ${result.rssBeforeMb}->${result.rssAfterMb} MB`.padStart(29),
  ].join("  ");
}

/** Page views, then sign-ups on PostgreSQL (PGlite when PostgreSQL is unreachable). */
export async function measureLoad(): Promise<{
  pages: PageLoadResult[];
  signups: SignupBenchResult;
}> {
  const pages = await measurePageLoad();
  const database = (await postgresReachable()) ? "postgres" : "pglite";
  return { pages, signups: await measureSignups({ database }) };
}

if (import.meta.main) {
  const { pages, signups } = await measureLoad();
  console.log("\nPage views (target >= 2,000 req/s, p99 < 100 ms)");
  for (const result of pages) console.log(formatPageLoadResult(result));
  console.log("\nSign-ups (target >= 1,000/s on PostgreSQL, p99 < 100 ms)");
  console.log(formatSignupResult(signups));
}

// `npm run bench`: every benchmark in one run, then one summary table against the targets
// of DESIGN.md. Prints figures only; record them in docs/benchmarks.md.
import os from "node:os";
import { formatPageLoadResult, measureLoad } from "./load.ts";
import { withBuiltServer } from "./measure.ts";
import { benchPages, budgetMisses, budgets, formatPageBenchTable } from "./pages.ts";
import { formatSignupResult } from "./signup.ts";

const pages = await withBuiltServer("summary", {}, (server) =>
  benchPages(server.url, { lighthouse: true, runs: 1 }),
);
const load = await measureLoad();

console.log(`\nPages (budgets: JS <= ${budgets.jsGzipBytes / 1024} KB gz, Lighthouse perf >= 98)`);
console.log(formatPageBenchTable(pages));
console.log("\nPage views under load");
for (const result of load.pages) console.log(formatPageLoadResult(result));
console.log("\nSign-ups under load");
console.log(formatSignupResult(load.signups));

const worst = (values: number[]) => Math.min(...values);
const rows = [
  ["public pages within budget", "all", budgetMisses(pages).length === 0 ? "all" : "misses"],
  [
    "max JS per page, KB gz",
    "<= 120",
    (Math.max(...pages.map((p) => p.jsGzipBytes)) / 1024).toFixed(1),
  ],
  [
    "min Lighthouse performance",
    ">= 98",
    String(worst(pages.map((p) => p.lighthouse?.performance ?? 0))),
  ],
  ["min page views/s", ">= 2000", String(worst(load.pages.map((p) => p.requestsPerSecond)))],
  ["max page-view p99, ms", "< 100", String(Math.max(...load.pages.map((p) => p.p99Ms)))],
  [
    `sign-ups/s (${load.signups.database})`,
    ">= 1000",
    String(Math.round(load.signups.signupsPerSecond)),
  ],
  ["sign-up p99, ms", "< 100", String(load.signups.p99Ms)],
  ["sign-up rows = successes", "yes", load.signups.rows === load.signups.successful ? "yes" : "NO"],
];
console.log(`\nSummary (${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)})`);
for (const [name, target, measured] of rows) {
  console.log(`${name!.padEnd(32)}${target!.padStart(10)}${measured!.padStart(12)}`);
}

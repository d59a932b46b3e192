// `npm run bench`: every benchmark in one run, then one summary table against the targets
// of docs/product.md section 11. Prints figures only; record them in docs/benchmarks.md.
import os from "node:os";
import { formatComparison } from "./file-server.ts";
import { formatMemoryResult, formatPageLoadResult, measureLoad } from "./load.ts";
import { withBuiltServer } from "./measure.ts";
import { benchPages, budgetMisses, budgets, formatPageBenchTable } from "./pages.ts";
import { formatSignupResult } from "./signup.ts";

const pages = await withBuiltServer("summary", {}, (server) =>
  benchPages(server.url, { lighthouse: true }),
);
const load = await measureLoad();

console.log(
  `\nPages (no JS but /contato <= ${budgets.jsGzipBytes} bytes gz; Lighthouse ${budgets.performance})`,
);
console.log(formatPageBenchTable(pages));
console.log("\nPage views under load");
for (const result of load.pages) console.log(formatPageLoadResult(result));
for (const result of load.memory) console.log(formatMemoryResult(result));
for (const result of load.files) console.log(formatComparison(result));
console.log("\nSign-ups under load");
console.log(formatSignupResult(load.signups));

const worst = (values: number[]) => Math.min(...values);
const rows = [
  ["public pages within budget", "all", budgetMisses(pages).length === 0 ? "all" : "misses"],
  [
    "/contato JS, bytes gz",
    `<= ${budgets.jsGzipBytes}`,
    String(pages.find((p) => p.path === "/contato")?.jsGzipBytes ?? "-"),
  ],
  [
    "min Lighthouse performance",
    `>= ${budgets.performance}`,
    String(worst(pages.flatMap((p) => p.lighthouse.map((scores) => scores.performance)))),
  ],
  ["min page views/s", ">= 5000", String(worst(load.pages.map((p) => p.requestsPerSecond)))],
  ["max page-view p99, ms", "< 20", String(Math.max(...load.pages.map((p) => p.p99Ms)))],
  ...load.files.map((f) => [
    `${f.path} vs nginx, ratio`,
    ">= 0.5",
    (f.ours.requestsPerSecond / f.nginx.requestsPerSecond).toFixed(2),
  ]),
  ...load.memory.map((m) => [
    `max RSS, MB (${m.database})`,
    m.database === "postgres" ? "<= 150" : "<= 350",
    String(Math.max(m.idleMb, m.afterLoadMb)),
  ]),
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

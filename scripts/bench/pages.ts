// `npm run bench:pages`: for every public page, the gzipped JavaScript and CSS it loads and
// its Lighthouse mobile scores, measured on the production build (never in a timed test).
// Flags: --no-lighthouse (sizes only), --runs=N (median of N Lighthouse runs per page,
// default 5), --throttling-method=simulate|devtools|both (default both: Lighthouse's
// simulated throttling and its real, devtools one), --paths=/a,/b (only these pages),
// --strict (exit 1 when a budget is missed). Targets: no JavaScript on the pages
// that HTML serves alone, /contato under 120,000 bytes gzipped, the admin's figure printed;
// Lighthouse 100 in every category on every public page.
import os from "node:os";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { seedPosts } from "../../db/seed-data.ts";
import { publicPaths } from "../../app/lib/public-routes.ts";
import { withBuiltServer } from "./measure.ts";

const adminPath = "/admin";
/** Pages that keep React's scripts (decision 060); every other page must load none. */
const hydratedPaths = new Set(["/contato", adminPath]);

export const budgets = {
  /** The pages that hydrate (/contato); every other public page: none at all. */
  jsGzipBytes: 120_000,
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
} as const;

const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface AssetSize {
  url: string;
  bytes: number;
  gzipBytes: number;
}

export interface PageAssets {
  path: string;
  status: number;
  js: AssetSize[];
  css: AssetSize[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

export type ThrottlingMethod = "simulate" | "devtools";

export interface LighthouseScores {
  throttlingMethod: ThrottlingMethod;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Largest Contentful Paint and Total Blocking Time, ms (simulated mobile). */
  lcpMs: number;
  tbtMs: number;
}

export interface PageBench extends PageAssets {
  lighthouse: LighthouseScores[];
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, "i").exec(tag)?.[1];

/** Script and stylesheet URLs an HTML page references (modulepreload, script, inline imports). */
function assetUrlsFromHtml(html: string, pageUrl: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, "rel")?.toLowerCase();
    const href = attribute(tag, "href");
    if (!href) continue;
    if (rel === "modulepreload") js.add(new URL(href, pageUrl).href);
    if (rel === "stylesheet") css.add(new URL(href, pageUrl).href);
  }
  for (const [tag, body = ""] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    const src = attribute(tag.slice(0, tag.indexOf(">") + 1), "src");
    if (src) js.add(new URL(src, pageUrl).href);
    for (const specifier of [...staticImports(body), ...dynamicImports(body)])
      js.add(new URL(specifier, pageUrl).href);
  }
  return { js: [...js], css: [...css] };
}

/** Specifiers of static imports and re-exports in (minified) module code; not import(). */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/\bfrom\s*["']([^"']+)["']/g)) found.add(match[1]!);
  for (const match of code.matchAll(/\bimport\s*["']([^"']+)["']/g)) found.add(match[1]!);
  return [...found].filter(isPathSpecifier);
}

/** Specifiers of import("…") with a literal path, as in React Router's inline module. */
function dynamicImports(code: string): string[] {
  return [...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)]
    .map((match) => match[1]!)
    .filter(isPathSpecifier);
}

const isPathSpecifier = (specifier: string) => /^(\.{1,2}\/|\/)/.test(specifier);

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

function sizeOf(url: string, text: string): AssetSize {
  const buffer = Buffer.from(text);
  return { url, bytes: buffer.length, gzipBytes: gzipSync(buffer).length };
}

/**
 * Fetches a page, then every script it preloads or imports (following static imports, so a
 * module missing from the preloads still counts) and every stylesheet; gzips each as the
 * server's compression would.
 */
async function measurePageAssets(baseUrl: string, pagePath: string): Promise<PageAssets> {
  const pageUrl = new URL(pagePath, baseUrl).href;
  const response = await fetch(pageUrl);
  const html = await response.text();
  const { js: entryScripts, css: stylesheets } = assetUrlsFromHtml(html, pageUrl);

  const js: AssetSize[] = [];
  const seen = new Set<string>();
  const queue = [...entryScripts];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = await fetchText(url);
    js.push(sizeOf(url, code));
    for (const specifier of staticImports(code)) queue.push(new URL(specifier, url).href);
  }
  const css = await Promise.all(stylesheets.map(async (url) => sizeOf(url, await fetchText(url))));
  const total = (assets: AssetSize[]) => assets.reduce((sum, asset) => sum + asset.gzipBytes, 0);
  return {
    path: pagePath,
    status: response.status,
    js,
    css,
    jsGzipBytes: total(js),
    cssGzipBytes: total(css),
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const maxFailedRuns = 3;

/** Lighthouse's default (mobile, simulated throttling) scores, through a running Chrome. */
async function lighthouseScores(
  url: string,
  chromePort: number,
  runs: number,
  throttlingMethod: ThrottlingMethod,
): Promise<LighthouseScores> {
  const results: LighthouseScores[] = [];
  let failedRuns = 0;
  while (results.length < runs) {
    const result = await lighthouse(url, {
      port: chromePort,
      logLevel: "error",
      output: "json",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      throttlingMethod,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    // A run whose trace Lighthouse could not read (NO_NAVSTART, NO_FCP...) has no scores,
    // only zeros; Lighthouse's own advice is to run it again.
    const { runtimeError } = result.lhr;
    if (runtimeError) {
      if (++failedRuns > maxFailedRuns) throw new Error(`${url}: ${runtimeError.message}`);
      console.warn(`${url}: Lighthouse run failed (${runtimeError.code}), running it again`);
      continue;
    }
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    results.push({
      throttlingMethod,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
      tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
    });
  }
  const pick = (key: Exclude<keyof LighthouseScores, "throttlingMethod">) =>
    median(results.map((result) => result[key]));
  return {
    throttlingMethod,
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcpMs: pick("lcpMs"),
    tbtMs: pick("tbtMs"),
  };
}

/** Every public page (the static ones and one seeded blog post), then the admin's login. */
const benchPaths: readonly string[] = [...publicPaths, `/blog/${seedPosts[0]!.slug}`, adminPath];

/** Measures every path against a running server; Lighthouse unless `lighthouse: false`. */
export async function benchPages(
  baseUrl: string,
  {
    paths = benchPaths,
    lighthouse: withLighthouse = true,
    runs = 5,
    throttlingMethods = ["simulate", "devtools"],
  }: {
    paths?: readonly string[];
    lighthouse?: boolean;
    runs?: number;
    throttlingMethods?: readonly ThrottlingMethod[];
  } = {},
): Promise<PageBench[]> {
  const chrome = withLighthouse
    ? await chromeLauncher.launch({
        chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
        chromeFlags,
      })
    : undefined;
  try {
    const results: PageBench[] = [];
    for (const pagePath of paths) {
      const assets = await measurePageAssets(baseUrl, pagePath);
      const scores: LighthouseScores[] = [];
      // The admin is not a public page: its weight is printed, Lighthouse skips it.
      if (chrome && pagePath !== adminPath) {
        for (const method of throttlingMethods) {
          scores.push(
            await lighthouseScores(new URL(pagePath, baseUrl).href, chrome.port, runs, method),
          );
        }
      }
      results.push({ ...assets, lighthouse: scores });
    }
    return results;
  } finally {
    chrome?.kill();
  }
}

/** The pages that miss a budget, with what they miss. */
export function budgetMisses(results: readonly PageBench[]): string[] {
  const misses: string[] = [];
  for (const result of results) {
    const problems: string[] = [];
    if (result.status !== 200) problems.push(`HTTP ${result.status}`);
    if (result.path === adminPath) continue;
    if (hydratedPaths.has(result.path)) {
      if (result.jsGzipBytes > budgets.jsGzipBytes) problems.push("JS");
    } else if (result.js.length > 0) {
      problems.push("loads JavaScript");
    }
    for (const scores of result.lighthouse) {
      const method = scores.throttlingMethod;
      if (scores.performance < budgets.performance) problems.push(`performance (${method})`);
      if (scores.accessibility < budgets.accessibility) problems.push(`accessibility (${method})`);
      if (scores.bestPractices < budgets.bestPractices) problems.push(`best-practices (${method})`);
      if (scores.seo < budgets.seo) problems.push(`SEO (${method})`);
    }
    if (problems.length > 0) misses.push(`${result.path}: ${problems.join(", ")}`);
  }
  return misses;
}

export function formatPageBenchTable(results: readonly PageBench[]): string {
  const header = [
    "page",
    "JS gz bytes",
    "files",
    "throttling",
    "perf",
    "a11y",
    "best",
    "seo",
    "LCP ms",
    "TBT ms",
  ];
  const rows = results.flatMap((result) => {
    const weight = [result.path, String(result.jsGzipBytes), String(result.js.length)];
    if (result.lighthouse.length === 0) return [[...weight, "-", "-", "-", "-", "-", "-", "-"]];
    return result.lighthouse.map((scores, index) => [
      ...(index === 0 ? weight : ["", "", ""]),
      scores.throttlingMethod,
      ...[
        scores.performance,
        scores.accessibility,
        scores.bestPractices,
        scores.seo,
        scores.lcpMs,
        scores.tbtMs,
      ].map(String),
    ]);
  });
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => row[column]!.length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join("  ");
  return [line(header), ...rows.map(line)].join("\n");
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string) =>
    args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const runs = Number(option("runs") ?? 5);
  const method = option("throttling-method") ?? "both";
  const throttlingMethods: ThrottlingMethod[] =
    method === "both" ? ["simulate", "devtools"] : [method as ThrottlingMethod];
  await withBuiltServer("pages", { DATABASE_URL: undefined }, async (server) => {
    const paths = option("paths")?.split(",");
    console.log(
      `Measuring ${(paths ?? benchPaths).length} pages on ${server.url} (Lighthouse mobile, median of ${runs}, ${throttlingMethods.join(" and ")} throttling; load average ${os.loadavg()[0]!.toFixed(1)})…`,
    );
    const results = await benchPages(server.url, {
      paths,
      lighthouse: !args.includes("--no-lighthouse"),
      runs: Number.isInteger(runs) && runs > 0 ? runs : 5,
      throttlingMethods,
    });
    console.log(formatPageBenchTable(results));
    const misses = budgetMisses(results);
    console.log(
      misses.length === 0
        ? `All pages within budget (no JavaScript but on /contato, which stays <= ${budgets.jsGzipBytes} bytes gz; Lighthouse 100 in every category).`
        : `Budget missed:\n  ${misses.join("\n  ")}`,
    );
    if (misses.length > 0 && args.includes("--strict")) process.exitCode = 1;
  });
}

if (import.meta.main) {
  await main();
}

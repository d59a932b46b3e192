// `npm run bench:nginx` (issue 40, docs/benchmarks.md "nginx in front"): anonymous views of
// `/` through the shipped deploy/nginx.conf (two web processes with WORKER=off on PostgreSQL,
// nginx with one worker, its micro-cache warm) against nginx with one worker serving the same
// gzip bytes with the same headers as a file (target >= 0.9); and one web process alone
// against a bare Node http server sending its bytes with its headers (target >= 0.7). Each
// pair alternated in one run, `--rounds=N` times (default 3) of `--seconds=N` each (default
// 5), each side warmed by an unmeasured 2 s first; loaded by wrk in a process of its own
// (./wrk.ts). The CPU each side spent per request is printed too: on a shared machine it
// varies less than the rate. Skipped, with a message, without nginx, wrk or PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BuiltServer, freePort, startBuiltServer } from "../../tests/support/built-server.ts";
import { startNginx } from "../../tests/support/nginx.ts";
import {
  createDatabase,
  dropDatabase,
  postgresReachable,
  uniqueDatabaseName,
} from "../../tests/support/postgres.ts";
import {
  headerListOf,
  nginxAndWrkInstalled,
  nodeFloor,
  rawPage,
  startFileNginx,
} from "./file-server.ts";
import { browserHeaders, wrk, type WrkResult } from "./wrk.ts";

const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const rounds = option("rounds", 3);
const seconds = option("seconds", 5);

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const line = (name: string, result: WrkResult) =>
  `${name} ${result.requestsPerSecond} req/s (p99 ${result.p99Ms} ms` +
  (result.cpuMicrosecondsPerRequest === undefined
    ? ""
    : `, ${result.cpuMicrosecondsPerRequest} µs CPU/request`) +
  `, failed ${result.failed})`;

interface Pair {
  ours: WrkResult;
  theirs: WrkResult;
}

function report(title: string, pairs: readonly Pair[], oursName: string, theirsName: string) {
  console.log(title);
  pairs.forEach(({ ours, theirs }, index) => {
    const ratio = ours.requestsPerSecond / theirs.requestsPerSecond;
    console.log(
      `  round ${index + 1}: ${line(oursName, ours)}; ${line(theirsName, theirs)}; ratio ${ratio.toFixed(2)}`,
    );
  });
  const ratios = pairs.map(({ ours, theirs }) => ours.requestsPerSecond / theirs.requestsPerSecond);
  return median(ratios);
}

async function main() {
  if (!(await nginxAndWrkInstalled()) || !(await postgresReachable())) {
    console.log("nginx, wrk or PostgreSQL missing: skipping bench:nginx");
    return;
  }
  const databaseName = uniqueDatabaseName("agentes_bench_nginx");
  const databaseUrl = await createDatabase(databaseName);
  const nginxPort = await freePort();
  const env = {
    DATABASE_URL: databaseUrl,
    WORKER: "off",
    TRUST_PROXY: "1",
    SITE_URL: `http://127.0.0.1:${nginxPort}`,
  };
  const web: BuiltServer[] = [];
  const floorDir = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-bench-floor-"));
  try {
    web.push(await startBuiltServer(env));
    web.push(await startBuiltServer(env));
    const [a, b] = web as [BuiltServer, BuiltServer];
    const proxy = await startNginx({ port: nginxPort, upstreams: [a.port, b.port], workers: 1 });
    try {
      const gzip = browserHeaders["Accept-Encoding"];
      // Warm: the page in nginx's micro-cache, then the bytes and headers it answers with.
      for (let tries = 0; ; tries++) {
        const answer = await rawPage(`${proxy.url}/`, gzip);
        if (answer.headers["x-cache-status"] === "HIT") break;
        if (tries > 50) throw new Error("nginx never answered / from its cache");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const page = await rawPage(`${proxy.url}/`, gzip);
      const identity = await rawPage(`${proxy.url}/`, "identity");
      if (page.headers["content-encoding"] !== "gzip") throw new Error("expected gzip from nginx");
      const file = await startFileNginx(page, identity, 1);
      const throughNginx: Pair[] = [];
      try {
        // Unmeasured first runs: JIT, connection pools, the kernel's page cache.
        await wrk(`${proxy.url}/`, { seconds: 2 });
        await wrk(file.url, { seconds: 2 });
        for (let round = 0; round < rounds; round++) {
          const ours = await wrk(`${proxy.url}/`, { seconds, cpuOf: proxy.pid });
          const theirs = await wrk(file.url, { seconds, cpuOf: file.pid });
          throughNginx.push({ ours, theirs });
        }
      } finally {
        await file.stop();
      }

      // One web process alone against Node's floor with the same bytes and headers.
      const direct = await rawPage(`${a.url}/`, gzip);
      const alone: Pair[] = [];
      await wrk(`${a.url}/`, { seconds: 2 });
      for (let round = 0; round < rounds; round++) {
        const ours = await wrk(`${a.url}/`, { seconds, cpuOf: a.process.pid });
        const theirs = await nodeFloor(floorDir, direct.body, headerListOf(direct), seconds);
        alone.push({ ours, theirs });
      }

      console.log(
        `bench:nginx: ${rounds} alternated rounds of ${seconds} s, wrk -t1 -c32, / (${page.body.length} gzip bytes)`,
      );
      const proxied = report(
        "/ through deploy/nginx.conf (1 nginx worker, 2 web processes) vs nginx serving the bytes as a file (1 worker):",
        throughNginx,
        "proxy",
        "file",
      );
      const node = report(
        "/ from one web process alone vs a bare Node http server with the same bytes and headers:",
        alone,
        "node",
        "floor",
      );
      console.log(`median ratio through nginx ${proxied.toFixed(2)} (target >= 0.9)`);
      console.log(`median ratio of Node alone ${node.toFixed(2)} (target >= 0.7)`);
    } finally {
      await proxy.stop();
    }
  } finally {
    await Promise.all(web.map((server) => server.stop()));
    fs.rmSync(floorDir, { recursive: true, force: true });
    await dropDatabase(databaseName);
  }
}

await main();

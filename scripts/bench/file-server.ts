// Our cached page against Debian's nginx serving the same bytes as a file (issue 25: a
// cached page should cost about what a file costs). Both are loaded by wrk, in a process of
// its own, with the same connections, length and headers; nginx runs unprivileged from a
// temporary prefix. Skipped, with a message, when nginx or wrk is not installed.
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "../../tests/support/built-server.ts";

const NGINX = "/usr/sbin/nginx";
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";

export interface WrkResult {
  requestsPerSecond: number;
  p99Ms: number;
}

export interface FileServerComparison {
  path: string;
  ours: WrkResult;
  nginx: WrkResult;
}

function milliseconds(text: string): number {
  const [, value, unit] = /([\d.]+)(us|ms|s)/.exec(text) ?? [];
  const number = Number(value);
  return unit === "us" ? number / 1000 : unit === "s" ? number * 1000 : number;
}

async function wrk(url: string, seconds: number): Promise<WrkResult> {
  const { stdout } = await promisify(execFile)("wrk", [
    "-t1",
    "-c32",
    `-d${seconds}s`,
    "--latency",
    "-H",
    `Accept-Encoding: ${ACCEPT_ENCODING}`,
    url,
  ]);
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1];
  const p99 = /\s99%\s+(\S+)/.exec(stdout)?.[1];
  if (!rate || !p99) throw new Error(`wrk printed no figures:\n${stdout}`);
  return { requestsPerSecond: Math.round(Number(rate)), p99Ms: milliseconds(p99) };
}

/** The page's bytes and encoding exactly as our server sends them to a browser. */
function rawPage(url: string): Promise<{ body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": ACCEPT_ENCODING } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            body: Buffer.concat(chunks),
            encoding: response.headers["content-encoding"],
          }),
        );
      })
      .on("error", reject);
  });
}

async function installed(command: string): Promise<boolean> {
  try {
    await promisify(execFile)(command, ["-v"]);
    return true;
  } catch (error) {
    // `wrk -v` exits 1 after printing its version.
    return (error as { code?: unknown }).code === 1;
  }
}

/** Loads `pagePath` on our server, then the same bytes from nginx; undefined when skipped. */
export async function compareWithNginx(
  serverUrl: string,
  pagePath: string,
  seconds: number,
): Promise<FileServerComparison | undefined> {
  if (!fs.existsSync(NGINX) || !(await installed("wrk"))) {
    console.log(`nginx (${NGINX}) or wrk not installed: skipping the file-server comparison`);
    return undefined;
  }
  const page = await rawPage(serverUrl + pagePath);
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-bench-nginx-"));
  const port = await freePort();
  fs.mkdirSync(path.join(prefix, "html"));
  fs.mkdirSync(path.join(prefix, "logs"));
  fs.mkdirSync(path.join(prefix, "tmp"));
  fs.writeFileSync(path.join(prefix, "html", "index.html"), page.body);
  fs.writeFileSync(
    path.join(prefix, "nginx.conf"),
    `worker_processes auto;
pid ${prefix}/logs/nginx.pid;
daemon off;
error_log ${prefix}/logs/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/tmp; proxy_temp_path ${prefix}/tmp;
  fastcgi_temp_path ${prefix}/tmp; uwsgi_temp_path ${prefix}/tmp; scgi_temp_path ${prefix}/tmp;
  server {
    listen 127.0.0.1:${port};
    root ${prefix}/html;
    location / {
      default_type "text/html; charset=utf-8";
      ${page.encoding ? `add_header Content-Encoding ${page.encoding};` : ""}
      add_header Vary Accept-Encoding;
    }
  }
}
`,
  );
  fs.chmodSync(prefix, 0o755);
  // Unprivileged: as root, drop to nobody before nginx starts (its pid file and logs then go
  // where nobody may write).
  const asRoot = process.getuid?.() === 0;
  const args = [
    "-p",
    prefix,
    "-c",
    path.join(prefix, "nginx.conf"),
    "-e",
    `${prefix}/logs/error.log`,
  ];
  if (asRoot) {
    fs.chmodSync(path.join(prefix, "logs"), 0o777);
    fs.chmodSync(path.join(prefix, "tmp"), 0o777);
  }
  const nginx = asRoot
    ? spawn("setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", NGINX, ...args])
    : spawn(NGINX, args);
  try {
    const nginxUrl = `http://127.0.0.1:${port}/`;
    for (let tries = 0; ; tries++) {
      const served = await rawPage(nginxUrl).catch(() => undefined);
      if (served?.body.equals(page.body)) break;
      if (tries > 50) {
        const log = fs.readFileSync(path.join(prefix, "logs", "error.log"), "utf8");
        throw new Error(`nginx did not serve the page's bytes: ${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const ours = await wrk(serverUrl + pagePath, seconds);
    const theirs = await wrk(nginxUrl, seconds);
    return { path: pagePath, ours, nginx: theirs };
  } finally {
    if (nginx.exitCode === null && nginx.signalCode === null) {
      const exited = new Promise((resolve) => nginx.once("exit", resolve));
      nginx.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(prefix, { recursive: true, force: true });
  }
}

export function formatComparison(result: FileServerComparison): string {
  const ratio = result.ours.requestsPerSecond / result.nginx.requestsPerSecond;
  return `${result.path}: ours ${result.ours.requestsPerSecond} req/s (p99 ${result.ours.p99Ms} ms), nginx ${result.nginx.requestsPerSecond} req/s (p99 ${result.nginx.p99Ms} ms): ratio ${ratio.toFixed(2)} (target >= 0.5, our p99 < 10 ms)`;
}

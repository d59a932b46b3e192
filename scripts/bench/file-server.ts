// Our cached page against Debian's nginx serving the same page as a file (issue 25: a cached
// page should cost about what a file costs). Both are loaded by the same wrk (./wrk.ts) with
// the same connections, length and headers. nginx runs unprivileged from a temporary prefix
// as a production nginx would serve a static site: `worker_processes auto`, the gzip bytes
// through gzip_static (the identity bytes to a client that takes no gzip), and the same header
// block our server sends (its CSP with a fresh nonce per answer, $request_id). Skipped, with
// a message, when nginx or wrk is not installed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../tests/support/built-server.ts";
import { browserHeaders, wrk, type WrkResult, wrkInstalled } from "./wrk.ts";

const NGINX = "/usr/sbin/nginx";
// Headers each server sets for itself on every answer.
const OWN_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "content-type",
  "vary",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
]);

export interface FileServerComparison {
  path: string;
  ours: WrkResult;
  nginx: WrkResult;
  /** Node's own floor: a bare http server sending the same bytes, without and with our headers. */
  floor: { bare: WrkResult; headers: WrkResult };
}

// A process of its own: Node's http server answering every request with the bytes of
// argv[1], with `writeHead(200, headers)` first when argv[3] names a JSON header list.
const FLOOR_SERVER = `
const fs = require("node:fs");
const http = require("node:http");
const [body, port, headersFile] = [fs.readFileSync(process.argv[1]), Number(process.argv[2]), process.argv[3]];
const headers = headersFile ? JSON.parse(fs.readFileSync(headersFile, "utf8")) : undefined;
http
  .createServer(headers ? (_q, s) => { s.writeHead(200, headers); s.end(body); } : (_q, s) => s.end(body))
  .listen(port, "127.0.0.1", () => console.log("ready"));
`;

/** wrk against Node's floor server for `body` (with `headers`, a flat name/value list). */
export async function nodeFloor(
  prefix: string,
  body: Buffer,
  headers: string[] | undefined,
  seconds: number,
): Promise<WrkResult> {
  const bodyFile = path.join(prefix, "floor-body");
  const headersFile = path.join(prefix, "floor-headers.json");
  fs.writeFileSync(bodyFile, body);
  if (headers) fs.writeFileSync(headersFile, JSON.stringify(headers));
  const port = await freePort();
  const args = ["-e", FLOOR_SERVER, bodyFile, String(port), ...(headers ? [headersFile] : [])];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  try {
    await new Promise((resolve, reject) => {
      child.stdout.once("data", resolve);
      child.once("exit", (code) => reject(new Error(`the floor server exited with ${code}`)));
    });
    return await wrk(`http://127.0.0.1:${port}/`, { seconds, cpuOf: child.pid });
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  }
}

export interface RawAnswer {
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}

/** The page's bytes and headers exactly as a server sends them for `accept-encoding`. */
export function rawPage(url: string, acceptEncoding: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ body: Buffer.concat(chunks), headers: response.headers }),
        );
      })
      .on("error", reject);
  });
}

/** Our answer's header block as nginx directives; the CSP nonce becomes nginx's $request_id. */
function addHeaders(answer: RawAnswer): string {
  const nonce = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];
  return Object.entries(answer.headers)
    .filter(([name]) => !OWN_HEADERS.has(name))
    .map(([name, value]) => {
      const text = String(value);
      const shown = nonce ? text.replaceAll(nonce, "$request_id") : text;
      return `add_header ${name} "${shown.replaceAll('"', '\\"')}" always;`;
    })
    .join("\n      ");
}

export interface FileNginx {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * nginx serving `page` (gzip bytes, with `identity` for a client that takes no gzip) as a
 * file, with the page's own header block, from a temporary prefix; `workers`: nginx's
 * worker_processes.
 */
export async function startFileNginx(
  page: RawAnswer,
  identity: RawAnswer,
  workers: number | "auto" = "auto",
): Promise<FileNginx> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-bench-nginx-"));
  const port = await freePort();
  fs.mkdirSync(path.join(prefix, "html"));
  fs.mkdirSync(path.join(prefix, "logs"));
  fs.mkdirSync(path.join(prefix, "tmp"));
  fs.writeFileSync(path.join(prefix, "html", "index.html"), identity.body);
  fs.writeFileSync(path.join(prefix, "html", "index.html.gz"), page.body);
  fs.writeFileSync(
    path.join(prefix, "nginx.conf"),
    `worker_processes ${workers};
pid ${prefix}/logs/nginx.pid;
daemon off;
error_log ${prefix}/logs/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/tmp; proxy_temp_path ${prefix}/tmp;
  fastcgi_temp_path ${prefix}/tmp; uwsgi_temp_path ${prefix}/tmp; scgi_temp_path ${prefix}/tmp;
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  server {
    listen 127.0.0.1:${port};
    root ${prefix}/html;
    location / {
      default_type "text/html; charset=utf-8";
      gzip_static on;
      gzip_vary on;
      ${addHeaders(page)}
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
  const stop = async () => {
    if (nginx.exitCode === null && nginx.signalCode === null) {
      const exited = new Promise((resolve) => nginx.once("exit", resolve));
      nginx.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}/`;
  for (let tries = 0; ; tries++) {
    const served = await rawPage(url, browserHeaders["Accept-Encoding"]).catch(() => undefined);
    if (served?.body.equals(page.body)) break;
    if (tries > 50) {
      const log = fs.readFileSync(path.join(prefix, "logs", "error.log"), "utf8");
      await stop();
      throw new Error(`nginx did not serve the page's bytes: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, pid: nginx.pid!, stop };
}

/** `page`'s header block as a flat name/value list, less what a server sets per answer. */
export function headerListOf(page: RawAnswer): string[] {
  return Object.entries(page.headers)
    .filter(([name]) => !["date", "connection", "keep-alive"].includes(name))
    .flatMap(([name, value]) => [name, String(value)]);
}

/** Whether nginx and wrk are installed. */
export async function nginxAndWrkInstalled(): Promise<boolean> {
  return fs.existsSync(NGINX) && (await wrkInstalled());
}

/** Loads `pagePath` on our server, then the same page from nginx; undefined when skipped. */
export async function compareWithNginx(
  serverUrl: string,
  serverPid: number,
  pagePath: string,
  seconds: number,
): Promise<FileServerComparison | undefined> {
  if (!(await nginxAndWrkInstalled())) {
    console.log(`nginx (${NGINX}) or wrk not installed: skipping the file-server comparison`);
    return undefined;
  }
  const browser = browserHeaders["Accept-Encoding"];
  const page = await rawPage(serverUrl + pagePath, browser);
  if (page.headers["content-encoding"] !== "gzip") {
    throw new Error(`expected our page in gzip, got ${page.headers["content-encoding"]}`);
  }
  const identity = await rawPage(serverUrl + pagePath, "identity");
  const nginx = await startFileNginx(page, identity);
  const floorDir = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-bench-floor-"));
  try {
    const ours = await wrk(serverUrl + pagePath, { seconds, cpuOf: serverPid });
    const theirs = await wrk(nginx.url, { seconds, cpuOf: nginx.pid });
    const floor = {
      bare: await nodeFloor(floorDir, page.body, undefined, seconds),
      headers: await nodeFloor(floorDir, page.body, headerListOf(page), seconds),
    };
    return { path: pagePath, ours, nginx: theirs, floor };
  } finally {
    await nginx.stop();
    fs.rmSync(floorDir, { recursive: true, force: true });
  }
}

const cpu = (result: WrkResult) =>
  result.cpuMicrosecondsPerRequest === undefined
    ? ""
    : `, ${result.cpuMicrosecondsPerRequest} µs CPU/request`;

export function formatComparison(result: FileServerComparison): string {
  const { ours, nginx, floor } = result;
  const ratio = ours.requestsPerSecond / nginx.requestsPerSecond;
  return [
    `${result.path}: ours ${ours.requestsPerSecond} req/s (p99 ${ours.p99Ms} ms${cpu(ours)}, failed ${ours.failed})`,
    `nginx ${nginx.requestsPerSecond} req/s (p99 ${nginx.p99Ms} ms${cpu(nginx)}, failed ${nginx.failed})`,
    `ratio ${ratio.toFixed(2)} (target >= 0.5, our p99 < 10 ms)`,
  ]
    .join(", ")
    .concat(
      `\n${result.path}: Node's floor, an http server sending the same bytes: bare ${floor.bare.requestsPerSecond} req/s (p99 ${floor.bare.p99Ms} ms${cpu(floor.bare)}, ratio ${(floor.bare.requestsPerSecond / nginx.requestsPerSecond).toFixed(2)}), with our headers ${floor.headers.requestsPerSecond} req/s (p99 ${floor.headers.p99Ms} ms${cpu(floor.headers)}, ratio ${(floor.headers.requestsPerSecond / nginx.requestsPerSecond).toFixed(2)})`,
    );
}

import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// nginx run from the shipped deploy/nginx.conf (docs/decisions/403), for the topology test
// and `npm run bench:nginx`: the same file with its ports, paths and worker count replaced,
// each replacement checked, so a change of the shipped file's shape fails here rather than
// testing another configuration.

const shippedConfig = path.resolve(import.meta.dirname, "../../deploy/nginx.conf");

export interface NginxOptions {
  /** Where nginx listens (127.0.0.1). */
  port: number;
  /** The web processes' ports, in place of 3001 and 3002. */
  upstreams: readonly [number, number];
  /** nginx worker processes (the shipped file says auto). */
  workers?: number;
}

export interface RunningNginx {
  url: string;
  dir: string;
  /** The master's pid (its workers are its children). */
  pid: number;
  /** The access log's lines so far (upstream=… cache=…). */
  accessLog: () => string[];
  stop: () => Promise<void>;
}

function replaceOnce(text: string, from: string, to: string): string {
  if (text.split(from).length !== 2) {
    throw new Error(`deploy/nginx.conf no longer has exactly one "${from}"`);
  }
  return text.replace(from, to);
}

/** The shipped configuration, rendered for a run in `dir`. */
export function renderNginxConfig(dir: string, options: NginxOptions): string {
  let config = fs.readFileSync(shippedConfig, "utf8");
  config = replaceOnce(
    config,
    "worker_processes auto;",
    // As root, nginx's workers would run as nobody, who cannot read a private scratch folder.
    `worker_processes ${options.workers ?? 1};\npid ${dir}/nginx.pid;\n` +
      (process.getuid?.() === 0 ? "user root;\n" : ""),
  );
  config = replaceOnce(config, "listen 80 reuseport;", `listen 127.0.0.1:${options.port};`);
  config = replaceOnce(
    config,
    "server 127.0.0.1:3001 ",
    `server 127.0.0.1:${options.upstreams[0]} `,
  );
  config = replaceOnce(
    config,
    "server 127.0.0.1:3002 ",
    `server 127.0.0.1:${options.upstreams[1]} `,
  );
  config = replaceOnce(config, "/var/log/nginx/agentes-access.log", `${dir}/access.log`);
  config = replaceOnce(config, "/var/cache/nginx/agentes", `${dir}/cache`);
  // nginx's own temporary files, in the scratch folder rather than /var/lib/nginx.
  config = replaceOnce(
    config,
    "    server_tokens off;",
    `    server_tokens off;\n` +
      ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
        .map((kind) => `    ${kind}_temp_path ${dir}/${kind}-temp;`)
        .join("\n"),
  );
  return config;
}

const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** Starts nginx in the foreground on a rendered copy of deploy/nginx.conf. */
export async function startNginx(options: NginxOptions, extraConfig = ""): Promise<RunningNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-nginx-"));
  const configPath = path.join(dir, "nginx.conf");
  fs.writeFileSync(configPath, renderNginxConfig(dir, options) + extraConfig);
  const child = spawn(
    "nginx",
    ["-p", dir, "-e", path.join(dir, "error.log"), "-c", configPath, "-g", "daemon off;"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  running.add(child);
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      running.delete(child);
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = fs.readFileSync(path.join(dir, "error.log"), "utf8");
      throw new Error(`nginx exited with ${child.exitCode}:\n${output}\n${log}`);
    }
    const answer = await fetch(`${url}/healthz`).catch(() => undefined);
    if (answer) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    dir,
    pid: child.pid!,
    accessLog: () => {
      const file = path.join(dir, "access.log");
      return fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
    },
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

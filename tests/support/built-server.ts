import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { startSmtpServer, type TestSmtpServer } from "./smtp-server.ts";

// Starts the production build (`npm run serve`: build/server.js) as a child process on a free
// port, for end-to-end tests, crash tests and benchmarks. Needs `npm run build` first.
export interface BuiltServer {
  url: string;
  port: number;
  process: ChildProcess;
  output: () => string;
  /**
   * The real SMTP server started for a production build on PostgreSQL given no SMTP_URL,
   * which refuses to start without one (docs/decisions/082).
   */
  smtp?: TestSmtpServer;
  /** SIGTERM and wait; resolves with the exit code. */
  stop: () => Promise<number | null>;
  /** SIGKILL and wait. */
  kill: () => Promise<void>;
}

const projectRoot = path.resolve(import.meta.dirname, "../..");

/**
 * What `npm run serve` runs (its environment variables, then node's arguments: V8 flags and
 * build/server.js), so tests and benchmarks run the server as production starts it.
 */
function serveCommand(
  script: "serve" | "worker" = "serve",
  root = projectRoot,
): {
  env: Record<string, string>;
  args: string[];
} {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: Record<"serve" | "worker", string>;
  };
  const words = manifest.scripts[script].split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0] && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name, ...value] = words.shift()!.split("=");
    env[name!] = value.join("=");
  }
  const [command, ...args] = words;
  if (
    command !== "node" ||
    args.at(-1) !== `build/${script === "serve" ? "server" : "worker"}.js`
  ) {
    throw new Error(`Unexpected ${script} script: ${manifest.scripts[script]}`);
  }
  return { env, args };
}

// Every server started is registered here before anything waits for it, so a test that times
// out or throws while one starts never leaves it running: whatever is left dies with the
// test process.
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startBuiltServer(
  env: Record<string, string | undefined>,
  // Start-up has its own limit, apart from the test's: PGlite's first start on a busy
  // 2-core machine has taken over 20 s, and once over 60 s as test:system's first test.
  // `root`: another checkout's build (A/B benchmarks); this one by default.
  {
    port,
    timeoutMs = 120_000,
    root = projectRoot,
  }: { port?: number; timeoutMs?: number; root?: string } = {},
): Promise<BuiltServer> {
  const chosenPort = port ?? (await freePort());
  const databaseUrl = "DATABASE_URL" in env ? env.DATABASE_URL : process.env.DATABASE_URL;
  // A test that names SMTP_URL (even as undefined) chooses for itself.
  const needsSmtp = databaseUrl && !("SMTP_URL" in env);
  const smtp = needsSmtp ? await startSmtpServer() : undefined;
  const serve = serveCommand("serve", root);
  const child = spawn(process.execPath, serve.args, {
    cwd: root,
    env: {
      ...process.env,
      ...serve.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      // Production on PostgreSQL requires a session secret (docs/decisions/030).
      BETTER_AUTH_SECRET: "e2e-only-secret-0123456789-abcdefghijklmnop",
      // Production refuses to start without its public origin.
      SITE_URL: `http://127.0.0.1:${chosenPort}`,
      ...(smtp ? { SMTP_URL: smtp.url } : {}),
      ...env,
      PORT: String(chosenPort),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      running.delete(child);
      void smtp?.close();
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${chosenPort}`;

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`Server exited with ${child.exitCode} before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Server did not become ready within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    port: chosenPort,
    process: child,
    output: () => output,
    smtp,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

export interface BuiltWorker {
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<number | null>;
  kill: () => Promise<void>;
}

/** Starts `npm run worker` (build/worker.js) on PostgreSQL; resolves once it runs. */
export async function startBuiltWorker(
  env: Record<string, string | undefined>,
  { timeoutMs = 60_000 } = {},
): Promise<BuiltWorker> {
  const worker = serveCommand("worker");
  const child = spawn(process.execPath, worker.args, {
    cwd: projectRoot,
    env: {
      ...process.env,
      ...worker.env,
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: "e2e-only-secret-0123456789-abcdefghijklmnop",
      SITE_URL: "http://127.0.0.1:3000",
      ...env,
      // "Worker started" is an info line.
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const deadline = Date.now() + timeoutMs;
  while (!output.includes('"msg":"Worker started"')) {
    if (child.exitCode !== null) {
      throw new Error(`Worker exited with ${child.exitCode} before it was ready:\n${output}`);
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Worker did not start within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

// `npm run psp:local` (scripts/local-psp/main.ts) as a process of its own, for a benchmark:
// the local PSP's work (mutual TLS, each exchange checked against the contract) is not the
// bench's, nor on its event loop. Its certificates are made in a fresh folder; it listens on a
// free port and prints the settings the server takes. Commands go by its standard input.

export interface LocalPspProcess {
  pid: number;
  /** PIX_API_* and PIX_KEY, as it printed them. */
  env: Record<string, string>;
  /** Sends a command; resolves with the lines it printed up to the one `done` accepts. */
  command(line: string, done: (line: string) => boolean): Promise<string[]>;
  stop(): Promise<void>;
}

const projectRoot = path.resolve(import.meta.dirname, "../..");

export async function startLocalPspProcess(): Promise<LocalPspProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-psp-"));
  const child = spawn(process.execPath, ["scripts/local-psp/main.ts"], {
    cwd: projectRoot,
    env: { ...process.env, LOCAL_PSP_DIR: dir, LOCAL_PSP_PORT: "0" },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const lines = createInterface({ input: child.stdout! });
  let listener: ((line: string) => void) | null = null;
  const env: Record<string, string> = {};
  const ready = new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`local PSP exited with ${code}`)));
    listener = (line) => {
      const setting = /^([A-Z_]+)=(.+)$/.exec(line);
      if (setting) env[setting[1]!] = setting[2]!;
      if (line.startsWith("Type ")) resolve();
    };
  });
  lines.on("line", (line) => listener?.(line));
  await ready;
  return {
    pid: child.pid!,
    env,
    command(line, done) {
      return new Promise((resolve) => {
        const printed: string[] = [];
        listener = (output) => {
          printed.push(output);
          if (done(output)) {
            listener = null;
            resolve(printed);
          }
        };
        child.stdin!.write(`${line}\n`);
      });
    },
    async stop() {
      child.stdin!.end();
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

// The README's first command, `npm install && npm start`, on a clean copy of the repository
// with nothing in the environment but PATH (without any node_modules/.bin) and HOME (npm's
// cache): it must serve the site on http://localhost:3000 on the embedded database.
// Tracked files as they are in the working tree (`git stash create`), so uncommitted edits
// count too. About a minute and a half, so it runs apart from `npm test` (docs/decisions/138).

const projectRoot = path.resolve(import.meta.dirname, "../..");
const copy = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-readme-"));

afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8" }).trim();
}

/** Sends a signal to a process group; false once the group has no process left. */
function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

it("`npm install && npm start` serves the site on http://localhost:3000 with an empty environment", async () => {
  const commit = git(projectRoot, "stash", "create") || git(projectRoot, "rev-parse", "HEAD");
  git(os.tmpdir(), "clone", "--quiet", "--shared", "--no-checkout", projectRoot, copy);
  git(copy, "checkout", "--quiet", commit);

  const env: Record<string, string> = {
    PATH: (process.env.PATH ?? "")
      .split(path.delimiter)
      .filter((dir) => !dir.includes("node_modules"))
      .join(path.delimiter),
    HOME: os.homedir(),
    // npm's own settings, not the site's: install from npm's cache where it can.
    npm_config_prefer_offline: "true",
    npm_config_audit: "false",
    npm_config_fund: "false",
  };
  // Other servers on this machine may hold 3000; then the same promise on another port.
  const port = (await portIsFree(3000)) ? 3000 : 3000 + Math.floor(Math.random() * 1000) + 1;
  if (port !== 3000) env.PORT = String(port);

  const child = spawn("sh", ["-c", "npm install && npm start"], {
    cwd: copy,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const origin = `http://localhost:${port}`;
  try {
    const deadline = Date.now() + 240_000;
    let home: Response | undefined;
    while (!home) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`not serving after 4 minutes:\n${output}`);
      home = await fetch(origin).catch(() => undefined);
      if (!home) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain(`<link rel="canonical" href="${origin}/"`);
    expect(fs.existsSync(path.join(copy, "data"))).toBe(true);
  } finally {
    // The whole group: sh exits before the server it started has closed its database, so
    // the copy is removed only once no process of the group is left writing into it.
    signalGroup(child.pid!, "SIGTERM");
    const deadline = Date.now() + 30_000;
    while (signalGroup(child.pid!, 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    signalGroup(child.pid!, "SIGKILL");
  }
}, 300_000);

import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// Issue 25, class 6: a bad setting is one structured line naming the variable, never a stack
// trace, in every process that starts from the settings. Each entry checks them before it
// loads the app's build, so these run from the source tree without one.
const run = promisify(execFile);
// Each test starts a Node process that loads the settings module: seconds on a busy machine.
const processTimeout = 60_000;
const badSettings = {
  PATH: process.env.PATH,
  NODE_ENV: "production",
  DATABASE_URL: "postgres://127.0.0.1:1/none",
  PORT: "http",
  LOG_LEVEL: "loud",
};

async function startWith(entry: string): Promise<{ code: number; lines: string[] }> {
  const outcome = await run(process.execPath, [entry], {
    env: badSettings,
    timeout: processTimeout,
  }).then(
    () => ({ code: 0, stdout: "", stderr: "" }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  return {
    code: outcome.code,
    lines: `${outcome.stdout}${outcome.stderr}`.split("\n").filter((line) => line.trim() !== ""),
  };
}

describe.each(["server.ts", "worker.ts"])("%s with bad settings", (entry) => {
  it(
    "exits 1 with one fatal JSON line per variable and no stack trace",
    async () => {
      const { code, lines } = await startWith(entry);
      expect(code).toBe(1);
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(logged.map((line) => line.variable).sort()).toEqual(
        ["BETTER_AUTH_SECRET", "LOG_LEVEL", "PORT", "SITE_URL", "SMTP_URL"].sort(),
      );
      expect(logged.every((line) => line.level === 60 && !("err" in line))).toBe(true);
      expect(lines.join("\n")).not.toMatch(/\n\s+at /);
    },
    processTimeout,
  );
});

describe("admin:create with bad settings", () => {
  it(
    "names each bad setting on a line of its own, without a stack trace",
    async () => {
      const outcome = await run(
        process.execPath,
        ["scripts/admin-create.ts", "--email", "admin@example.com"],
        {
          env: { ...badSettings, ADMIN_PASSWORD: "uma-senha-bem-longa-1" },
          timeout: processTimeout,
        },
      ).then(
        () => ({ code: 0, stderr: "" }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(outcome.code).toBe(1);
      const lines = outcome.stderr.split("\n").filter((line) => line.trim() !== "");
      expect(lines.map((line) => line.split(":")[0]).sort()).toEqual(
        ["BETTER_AUTH_SECRET", "LOG_LEVEL", "PORT", "SITE_URL", "SMTP_URL"].sort(),
      );
      expect(outcome.stderr).not.toMatch(/\n\s+at /);
    },
    processTimeout,
  );
});

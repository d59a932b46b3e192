import { execFile } from "node:child_process";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { user } from "../db/schema.ts";
import { signInAdmin } from "../app/lib/auth.server.ts";
import { getDb } from "../app/platform/db/db.server.ts";

// Runs the real command (`node scripts/admin-create.ts`) on this test file's database
// (DATABASE_URL or DATA_DIR, set by tests/support/vitest-db-setup.ts).
const script = path.resolve(import.meta.dirname, "admin-create.ts");
const client = { ip: "192.0.2.30", userAgent: null };
const email = "cli@agentesfx.test";

function run(args: string[], password?: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      {
        env: { ...process.env, ADMIN_PASSWORD: password ?? "" },
        cwd: path.resolve(import.meta.dirname, ".."),
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// The database is opened by this process only after the command has run, so on PGlite the
// command can take DATA_DIR's lock.
// Each run that gets past its arguments is a process that opens PGlite and migrates it: tens
// of seconds on a busy machine.
describe("npm run admin:create", { timeout: 90_000 }, () => {
  // Refused before any database module loads, so one database kind is enough.
  it.skipIf(inject("databaseKind") !== "pglite")(
    "refuses a missing e-mail and a short password",
    async () => {
      const noEmail = await run([], "senha-longa-suficiente");
      expect(noEmail.code).toBe(2);
      expect(noEmail.stderr).toContain("--email");
      const short = await run(["--email", email], "curta");
      expect(short.code).toBe(2);
      expect(short.stderr).toContain("at least 12 characters");
    },
  );

  it("creates an admin, then resets the password on a rerun", async () => {
    const created = await run(["--email", email], "primeira-senha-cli");
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(created.stdout).toContain(`Admin ${email} created.`);

    const reset = await run(["--email", email.toUpperCase()], "segunda-senha-cli");
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain(`Password of ${email} reset`);

    const db = await getDb();
    expect(await db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
    expect(await signInAdmin({ email, password: "primeira-senha-cli" }, client)).toBeNull();
    expect(await signInAdmin({ email, password: "segunda-senha-cli" }, client)).not.toBeNull();
  });

  it.skipIf(inject("databaseKind") !== "pglite")(
    "refuses with a clear message while a server holds DATA_DIR, changing nothing",
    async () => {
      await getDb(); // this process now holds DATA_DIR, as a running server would
      const outcome = await run(["--email", "outro@agentesfx.test"], "terceira-senha-cli");
      expect(outcome.code).toBe(2);
      expect(outcome.stderr).toContain("a running server holds the embedded database");
      expect(outcome.stderr).toContain(`process ${process.pid}`);
      const db = await getDb();
      expect(await db.select().from(user).where(eq(user.email, "outro@agentesfx.test"))).toEqual(
        [],
      );
    },
  );
});

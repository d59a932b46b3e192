import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "../support/e2e-test.ts";
import pg from "pg";
import { startBuiltServer } from "../support/built-server.ts";
import { form } from "../support/http.ts";
import {
  createDatabase,
  databaseUrlFor,
  dropDatabase,
  uniqueDatabaseName,
} from "../support/postgres.ts";

// Moving off the embedded database: `npm run db:backup` dumps a running PGlite server, and
// `npm run db:restore` loads the dump into an empty PostgreSQL that a server then runs on,
// with the same rows and a working admin login (docs/decisions/059-embedded-backup.md).
const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, "../..");

function npmScript(script: string, args: string[], env: Record<string, string>) {
  const environment: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete environment.DATABASE_URL;
  return run(process.execPath, [path.join(projectRoot, "scripts", script), ...args], {
    cwd: projectRoot,
    env: environment,
  });
}

// Every row of these tables; of the outbox only what its worker never changes (a message may
// be sent between the dump and the server's stop).
const reads = {
  waitlist: "select * from public.waitlist order by id",
  blog_posts: "select * from public.blog_posts order by id",
  robots: "select * from public.robots order by id",
  user: 'select * from public."user" order by id',
  account: "select * from public.account order by id",
  email_outbox: "select id, recipient, template, created_at from public.email_outbox order by id",
};

async function rowsOf(query: (text: string) => Promise<unknown[]>) {
  const rows: Record<string, unknown[]> = {};
  for (const [table, text] of Object.entries(reads)) rows[table] = await query(text);
  return rows;
}

test("a running embedded server's dump restores into PostgreSQL with its rows and a working login", async () => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-backup-"));
  const dump = path.join(dataDir, "..", `${path.basename(dataDir)}.sql`);
  const databaseName = uniqueDatabaseName("restore");
  const email = "backup-admin@agentesfx.test";
  const password = "senha-do-backup-123";
  try {
    await npmScript("admin-create.ts", ["--email", email], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: password,
    });
    const embedded = await startBuiltServer({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    let before: Record<string, unknown[]>;
    try {
      const signup = await fetch(`${embedded.url}/contato`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: embedded.url,
        },
        body: form({ name: "Maria Backup", email: "maria.backup@example.com", terms: "on" }),
        redirect: "manual",
      });
      expect(signup.status).toBe(303);
      // The server keeps serving while the dump is taken.
      const backup = npmScript("db-backup.ts", ["--out", dump], { DATA_DIR: dataDir });
      expect((await fetch(`${embedded.url}/healthz`)).status).toBe(200);
      expect((await backup).stdout).toContain(`Backup written to ${dump}`);
      expect(fs.statSync(dump).mode & 0o777).toBe(0o600);
      // What the embedded database held when the dump was taken, read back afterwards.
      await embedded.stop();
      const { PGlite } = await import("@electric-sql/pglite");
      const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
      const embeddedDb = await PGlite.create(path.join(dataDir, "pglite"), {
        // The extensions the migrations create (app/platform/db/pglite.server.ts pgliteExtensions).
        extensions: { pg_trgm },
      });
      before = await rowsOf(async (text) => (await embeddedDb.query(text)).rows);
      await embeddedDb.close();
    } finally {
      await embedded.stop();
    }
    expect(before.waitlist).toHaveLength(1);
    expect(before.email_outbox).toMatchObject([{ recipient: "maria.backup@example.com" }]);

    await createDatabase(databaseName);
    const databaseUrl = databaseUrlFor(databaseName);
    const restored = await npmScript("db-restore.ts", ["--to", databaseUrl, dump], {});
    expect(restored.stdout).toContain("Restored: 1 sign-ups, 3 posts, 1 admins.");
    // A second restore into the now full database is refused and changes nothing.
    await expect(npmScript("db-restore.ts", ["--to", databaseUrl, dump], {})).rejects.toThrow(
      /not empty/,
    );

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      expect(await rowsOf(async (text) => (await client.query(text)).rows)).toEqual(before);
    } finally {
      await client.end();
    }

    const server = await startBuiltServer({ DATABASE_URL: databaseUrl });
    try {
      const login = await fetch(`${server.url}/admin`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
        body: form({ intent: "login", email, password }),
        redirect: "manual",
      });
      expect(login.status).toBe(302);
      const page = await fetch(`${server.url}/admin/lista`, {
        headers: { cookie: login.headers.getSetCookie().join("; ") },
      });
      expect(await page.text()).toContain("maria.backup@example.com");
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(dump, { force: true });
    await dropDatabase(databaseName);
  }
});

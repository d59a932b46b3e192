import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/e2e-test.ts";
import { sql } from "drizzle-orm";
import pg from "pg";
import { waitlist } from "../../db/schema.ts";
import { connectPglite } from "../../app/platform/db/db.server.ts";
import { type BuiltServer, startBuiltServer } from "../support/built-server.ts";
import { createDatabase, dropDatabase, uniqueDatabaseName } from "../support/postgres.ts";

// Kill the server with SIGKILL in the middle of a sign-up load: every sign-up it answered
// with success must be stored exactly once after a restart (docs/product.md section 11).
test.describe.configure({ mode: "parallel", timeout: 240_000 });

const CONCURRENCY = 16;
const KILL_AFTER = 60;

function signUpBody(email: string): URLSearchParams {
  return new URLSearchParams({ name: "Carga", email, terms: "on", agents: "yenmax" });
}

/**
 * Posts sign-ups until the server dies; it is SIGKILLed once `killAfter` were answered with
 * success, with sign-ups in flight (a count, not a time: the machine's speed varies). Returns
 * the e-mails answered with success.
 */
async function signUpUntilKilled(server: BuiltServer, runId: string, killAfter: number) {
  const confirmed: string[] = [];
  let counter = 0;
  let alive = true;
  let killing: Promise<void> | undefined;
  const worker = async () => {
    while (alive) {
      const email = `${runId}-${counter++}@carga.example.com`;
      try {
        const response = await fetch(`${server.url}/contato`, {
          method: "POST",
          headers: { Origin: server.url },
          body: signUpBody(email),
          redirect: "manual",
        });
        await response.arrayBuffer();
        if (response.ok || response.status === 303) confirmed.push(email);
      } catch {
        // The connection died with the server: this sign-up was never confirmed.
      }
      if (confirmed.length >= killAfter && !killing) {
        killing = server.kill().then(() => {
          alive = false;
        });
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await killing;
  return confirmed;
}

function countByEmail(rows: Array<{ email: string; n: number }>): Map<string, number> {
  return new Map(rows.map((row) => [row.email, Number(row.n)]));
}

test("PGlite: no confirmed sign-up is lost or doubled by a SIGKILL", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-crash-"));
  const env = { DATA_DIR: dataDir, SIGNUP_RATE_LIMIT: "0" };
  try {
    const server = await startBuiltServer(env);
    const confirmed = await signUpUntilKilled(server, "pglite", KILL_AFTER);
    expect(confirmed.length).toBeGreaterThanOrEqual(KILL_AFTER);

    // The restarted server takes over the dead one's lock and recovers the data.
    const restarted = await startBuiltServer(env);
    expect(await restarted.stop()).toBe(0);

    const connection = await connectPglite(dataDir);
    try {
      const rows = await connection.db
        .select({ email: waitlist.email, n: sql<number>`count(*)::int` })
        .from(waitlist)
        .groupBy(waitlist.email);
      const stored = countByEmail(rows);
      for (const email of confirmed) expect(stored.get(email), email).toBe(1);
    } finally {
      await connection.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("PostgreSQL: no confirmed sign-up is lost or doubled by a SIGKILL", async () => {
  const name = uniqueDatabaseName("agentes_e2e_crash");
  const env = { DATABASE_URL: await createDatabase(name), SIGNUP_RATE_LIMIT: "0" };
  try {
    const server = await startBuiltServer(env);
    const confirmed = await signUpUntilKilled(server, "postgres", KILL_AFTER);
    expect(confirmed.length).toBeGreaterThanOrEqual(KILL_AFTER);

    const restarted = await startBuiltServer(env);
    expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);
    expect(await restarted.stop()).toBe(0);

    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const result = await client.query<{ email: string; n: number }>(
        "select email, count(*)::int as n from waitlist group by email",
      );
      const stored = countByEmail(result.rows);
      for (const email of confirmed) expect(stored.get(email), email).toBe(1);
    } finally {
      await client.end();
    }
  } finally {
    await dropDatabase(name);
  }
});

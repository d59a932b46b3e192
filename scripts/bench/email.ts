// `npm run bench:email`: how fast the built server's outbox worker drains to a real local SMTP
// server (tests/support/smtp-server.ts, in this process, parsing every message). Queues
// `--count` confirmation messages on a fresh database (PGlite, and PostgreSQL when reachable)
// before the server starts, then times first to last message received and checks every
// message arrived and every row is marked sent.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { emailOutbox } from "../../db/schema.ts";
import {
  connectPglite,
  connectPostgres,
  type Connection,
} from "../../app/platform/db/db.server.ts";
import { startBuiltServer } from "../../tests/support/built-server.ts";
import {
  createDatabase,
  dropDatabase,
  postgresReachable,
  uniqueDatabaseName,
} from "../../tests/support/postgres.ts";
import { startSmtpServer } from "../../tests/support/smtp-server.ts";

const count = Number(process.argv.find((arg) => arg.startsWith("--count="))?.slice(8) ?? 2000);

async function queue({ db }: Connection) {
  const rows = Array.from({ length: count }, (_, i) => ({
    template: "confirm-signup",
    recipient: `bench${i}@example.com`,
    payload: { name: `Pessoa ${i}`, token: "x".repeat(43) },
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(emailOutbox).values(rows.slice(i, i + 500));
  }
}

async function measure(database: string, env: Record<string, string | undefined>) {
  const smtp = await startSmtpServer();
  const server = await startBuiltServer({ ...env, SMTP_URL: smtp.url, LOG_LEVEL: "warn" });
  try {
    await smtp.waitForMessages(1, 60_000);
    const first = performance.now();
    await smtp.waitForMessages(count, 600_000);
    const seconds = (performance.now() - first) / 1000;
    console.log(
      `${database.padEnd(8)} ${count} messages, first to last in ${seconds.toFixed(2)} s: ` +
        `${Math.round((count - 1) / seconds)} messages/s`,
    );
  } finally {
    await server.stop();
    await smtp.close();
  }
}

async function sentRows({ db }: Connection): Promise<number> {
  return db.$count(emailOutbox, eq(emailOutbox.status, "sent"));
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-bench-email-"));
try {
  const before = await connectPglite(dataDir);
  await queue(before);
  await before.close();
  await measure("pglite", { DATA_DIR: dataDir, DATABASE_URL: undefined });
  const after = await connectPglite(dataDir);
  console.log(`         rows marked sent: ${await sentRows(after)}`);
  await after.close();
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (await postgresReachable()) {
  const name = uniqueDatabaseName("agentes_bench_email");
  const url = await createDatabase(name);
  try {
    const connection = await connectPostgres(url);
    await queue(connection);
    await measure("postgres", { DATABASE_URL: url });
    console.log(`         rows marked sent: ${await sentRows(connection)}`);
    await connection.close();
  } finally {
    await dropDatabase(name);
  }
} else {
  console.warn("PostgreSQL is unreachable (TEST_DATABASE_URL): measured PGlite only.");
}

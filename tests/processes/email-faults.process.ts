import { expect, test } from "../support/e2e-test.ts";
import pg from "pg";
import { type BuiltServer, freePort, startBuiltServer } from "../support/built-server.ts";
import { postSignUp } from "../support/http.ts";
import { createDatabase, dropDatabase, uniqueDatabaseName } from "../support/postgres.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server.ts";

// Issue 11, "must hold under faults", on the built server, PostgreSQL and a real SMTP server
// that outlives the site's process. Servers of its own, killed and restarted, no browser: run
// by `npm run test:system` (docs/decisions/234, 258). Retry and lease times are shortened by env
// (EMAIL_RETRY_BASE_MS, EMAIL_LEASE_MS) so the cases take seconds, not minutes.
test.describe.configure({ mode: "serial", timeout: 240_000 });

let databaseName: string;
let databaseUrl: string;
let pool: pg.Pool;

test.beforeEach(async () => {
  databaseName = uniqueDatabaseName("agentes_e2e_mail_faults");
  databaseUrl = await createDatabase(databaseName);
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // An idle connection cut by the server is dropped by the pool and replaced on the next
  // query; without a listener its 'error' event would crash the test worker.
  pool.on("error", () => {});
});

test.afterEach(async () => {
  await pool.end();
  await dropDatabase(databaseName);
});

function start(smtp: TestSmtpServer, port: number, extra: Record<string, string> = {}) {
  return startBuiltServer(
    {
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      SIGNUP_RATE_LIMIT: "0",
      EMAIL_LEASE_MS: "3000",
      EMAIL_RETRY_BASE_MS: "500",
      ...extra,
    },
    { port },
  );
}

const signUp = (server: BuiltServer, email: string) => postSignUp(server.url, email);

/** Recipient -> the Message-IDs it received. */
function byRecipient(smtp: TestSmtpServer[]): Map<string, Set<string>> {
  const seen = new Map<string, Set<string>>();
  for (const mail of smtp.flatMap((server) => server.messages)) {
    const to = mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined;
    if (!to) continue;
    const ids = seen.get(to) ?? new Set<string>();
    ids.add(mail.messageId ?? "");
    seen.set(to, ids);
  }
  return seen;
}

test("SIGKILL while 500 confirmations are queued or being sent: all arrive after a restart", async () => {
  const smtp = await startSmtpServer();
  const port = await freePort();
  let server = await start(smtp, port);
  const emails = Array.from({ length: 500 }, (_, i) => `morte-${i}@carga.example.com`);
  for (let i = 0; i < emails.length; i += 25) {
    const statuses = await Promise.all(emails.slice(i, i + 25).map((e) => signUp(server, e)));
    expect(statuses.every((status) => status === 303)).toBe(true);
  }
  // Kill mid-drain: some sent, some claimed and in flight, the rest queued.
  await expect.poll(() => smtp.messages.length, { timeout: 60_000 }).toBeGreaterThan(0);
  await server.kill();
  const deliveredBeforeKill = smtp.messages.length;
  const { rows } = await pool.query<{ queued: number }>(
    "select count(*)::int as queued from email_outbox where status = 'queued'",
  );
  test.info().annotations.push({
    type: "at the kill",
    description: `${deliveredBeforeKill} delivered, ${rows[0]?.queued} still queued`,
  });
  expect(rows[0]?.queued).toBeGreaterThan(0);

  server = await start(smtp, port);
  try {
    await expect
      .poll(() => emails.filter((email) => byRecipient([smtp]).has(email)).length, {
        timeout: 120_000,
      })
      .toBe(500);
    // A message sent twice (killed between SMTP acceptance and the 'sent' mark) keeps its
    // Message-ID: every recipient saw exactly one.
    for (const email of emails) expect(byRecipient([smtp]).get(email)?.size).toBe(1);
    await expect
      .poll(
        async () =>
          (await pool.query("select status, count(*)::int as n from email_outbox group by status"))
            .rows,
      )
      .toEqual([{ status: "sent", n: 500 }]);
  } finally {
    await server.stop();
    await smtp.close();
  }
});

test("SMTP down: messages wait and go out when it is back; sign-ups keep answering", async () => {
  const first = await startSmtpServer();
  const smtpPort = first.port;
  const port = await freePort();
  const server = await start(first, port);
  const servers = [first];
  try {
    await first.close();
    const emails = Array.from({ length: 20 }, (_, i) => `queda-${i}@carga.example.com`);
    for (const email of emails) expect(await signUp(server, email)).toBe(303);
    // The site answers while every send fails; the messages are retried, not lost.
    await expect
      .poll(
        async () =>
          (
            await pool.query<{ n: number }>(
              "select count(*)::int as n from email_outbox where attempts >= 2 and status = 'queued'",
            )
          ).rows[0]?.n,
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    const back = await startSmtpServer(smtpPort);
    servers.push(back);
    await back.waitForMessages(20, 60_000);
    expect(emails.every((email) => byRecipient(servers).has(email))).toBe(true);
    const failed = await pool.query("select id from email_outbox where status = 'failed'");
    expect(failed.rows).toEqual([]);
  } finally {
    await server.stop();
    await servers.at(-1)?.close();
  }
});

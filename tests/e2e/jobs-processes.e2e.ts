import pg from "pg";
import { expect, test } from "../support/e2e-test.ts";
import {
  type BuiltServer,
  type BuiltWorker,
  startBuiltServer,
  startBuiltWorker,
} from "../support/built-server.ts";
import { createDatabase, dropDatabase, uniqueDatabaseName } from "../support/postgres.ts";
import { startSmtpServer } from "../support/smtp-server.ts";

// Issue 20: two web processes (WORKER=off) take the sign-ups, two `npm run worker` processes
// send on one PostgreSQL; one worker is SIGKILLed mid-drain and a third takes over. Every
// confirmation arrives, and a message sent twice (killed between SMTP acceptance and the sent
// mark) keeps its Message-ID (docs/decisions/115).
test.describe.configure({ timeout: 480_000 });

const COUNT = 2_000;

test("two web and two worker processes deliver each of 2,000 messages exactly once, through a SIGKILL", async () => {
  const databaseName = uniqueDatabaseName("agentes_e2e_jobs");
  const databaseUrl = await createDatabase(databaseName);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  pool.on("error", () => {});
  const smtp = await startSmtpServer();
  const env = { DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, EMAIL_LEASE_MS: "3000" };
  const webs: BuiltServer[] = [];
  const workers: BuiltWorker[] = [];
  try {
    for (let i = 0; i < 2; i++) {
      webs.push(await startBuiltServer({ ...env, WORKER: "off", SIGNUP_RATE_LIMIT: "0" }));
    }
    for (let i = 0; i < 2; i++) workers.push(await startBuiltWorker(env));

    const emails = Array.from({ length: COUNT }, (_, i) => `proc-${i}@carga.example.com`);
    const signUp = async (email: string, i: number) => {
      const web = webs[i % 2]!;
      const response = await fetch(`${web.url}/contato`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: web.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ name: "Carga", email, terms: "on" }),
      });
      await response.arrayBuffer();
      return response.status;
    };
    let killed = false;
    for (let i = 0; i < COUNT; i += 50) {
      const statuses = await Promise.all(
        emails.slice(i, i + 50).map((email, j) => signUp(email, i + j)),
      );
      expect(statuses.every((status) => status === 303)).toBe(true);
      // Mid-drain, one worker dies at once; a new one starts.
      if (!killed && smtp.messages.length > COUNT / 4) {
        killed = true;
        await workers[0]!.kill();
        workers.push(await startBuiltWorker(env));
      }
    }
    if (!killed) {
      await workers[0]!.kill();
      workers.push(await startBuiltWorker(env));
    }

    const idsOf = () => {
      const seen = new Map<string, Set<string>>();
      for (const mail of smtp.messages) {
        const to = mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined;
        if (!to) continue;
        seen.set(to, (seen.get(to) ?? new Set()).add(mail.messageId ?? ""));
      }
      return seen;
    };
    await expect
      .poll(() => emails.filter((email) => idsOf().has(email)).length, { timeout: 180_000 })
      .toBe(COUNT);
    const ids = idsOf();
    for (const email of emails) expect(ids.get(email)?.size).toBe(1);
    test.info().annotations.push({
      type: "deliveries",
      description: `${smtp.messages.length} SMTP deliveries for ${COUNT} messages`,
    });
    await expect
      .poll(
        async () =>
          (await pool.query("select status, count(*)::int as n from email_outbox group by status"))
            .rows,
        { timeout: 30_000 },
      )
      .toEqual([{ status: "sent", n: COUNT }]);
  } finally {
    await Promise.all([...webs, ...workers].map((process) => process.stop()));
    await smtp.close();
    await pool.end();
    await dropDatabase(databaseName);
  }
});

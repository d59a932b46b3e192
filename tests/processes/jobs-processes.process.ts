import { expect, test } from "../support/e2e-test.ts";
import {
  type BuiltServer,
  type BuiltWorker,
  startBuiltServer,
  startBuiltWorker,
} from "../support/built-server.ts";
import { postSignUp } from "../support/http.ts";
import { startProcessRun } from "../support/process-run.ts";

// Issue 20: two web processes (WORKER=off) take the sign-ups, two `npm run worker` processes
// send on one PostgreSQL; one worker is SIGKILLed mid-drain and a third takes over. Every
// confirmation arrives, and a message sent twice (killed between SMTP acceptance and the sent
// mark) keeps its Message-ID (docs/decisions/115).
test.describe.configure({ timeout: 480_000 });

const COUNT = 2_000;

test("two web and two worker processes deliver each of 2,000 messages exactly once, through a SIGKILL", async () => {
  const run = await startProcessRun("agentes_e2e_jobs");
  const { smtp, env } = run;
  const webs: BuiltServer[] = [];
  const workers: BuiltWorker[] = [];
  try {
    for (let i = 0; i < 2; i++) {
      webs.push(await startBuiltServer({ ...env, WORKER: "off", SIGNUP_RATE_LIMIT: "0" }));
    }
    for (let i = 0; i < 2; i++) workers.push(await startBuiltWorker(env));

    const emails = Array.from({ length: COUNT }, (_, i) => `proc-${i}@carga.example.com`);
    const signUp = (email: string, i: number) => postSignUp(webs[i % 2]!.url, email);
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

    await expect
      .poll(() => emails.filter((email) => run.messageIds().has(email)).length, {
        timeout: 180_000,
      })
      .toBe(COUNT);
    const ids = run.messageIds();
    for (const email of emails) expect(ids.get(email)?.size).toBe(1);
    test.info().annotations.push({
      type: "deliveries",
      description: `${smtp.messages.length} SMTP deliveries for ${COUNT} messages`,
    });
    await run.expectOutboxSent(COUNT);
  } finally {
    await run.close([...webs, ...workers]);
  }
});

// Issue 21: a campaign sent by `npm run worker` processes, each SIGKILLed mid-send twice and
// replaced: every recipient has one message (a resend after a kill keeps its Message-ID,
// docs/decisions/190), and the campaign concludes.
const RECIPIENTS = 1_500;

test("a campaign whose workers are SIGKILLed twice mid-send reaches each recipient once", async () => {
  const run = await startProcessRun("agentes_e2e_campaign", {
    CAMPAIGN_RATE_PER_SECOND: "0",
    CAMPAIGN_DOMAIN_RATE_PER_SECOND: "0",
  });
  const { pool, smtp, env } = run;
  const workers: BuiltWorker[] = [];
  try {
    // The first worker migrates the database.
    workers.push(await startBuiltWorker(env), await startBuiltWorker(env));
    await pool.query(
      `insert into newsletter_subscribers (email, confirmed_at)
       select 'leitor-' || i || '@carga.example.com', now() from generate_series(1, $1) i`,
      [RECIPIENTS],
    );
    await pool.query(
      `insert into campaigns (subject, body, audience, status, scheduled_at, created_by)
       values ('Lançamento', 'O **TrendKey** abriu vagas.', 'newsletter', 'scheduled', now(), 'e2e')`,
    );
    await pool.query("select pg_notify('email_outbox_queued', '')");

    // Twice, while it sends, every worker dies at once and new ones start.
    for (const share of [0.25, 0.6]) {
      await expect
        .poll(() => smtp.messages.length, { timeout: 120_000, intervals: [50] })
        .toBeGreaterThan(RECIPIENTS * share);
      await Promise.all(workers.splice(0).map((worker) => worker.kill()));
      workers.push(await startBuiltWorker(env), await startBuiltWorker(env));
    }

    await expect.poll(() => run.messageIds().size, { timeout: 180_000 }).toBe(RECIPIENTS);
    for (const ids of run.messageIds().values()) expect(ids.size).toBe(1);
    test.info().annotations.push({
      type: "deliveries",
      description: `${smtp.messages.length} SMTP deliveries for ${RECIPIENTS} recipients`,
    });
    await expect
      .poll(
        async () =>
          (
            await pool.query(
              `select c.status, count(*)::int as sent from campaigns c
               join campaign_messages m on m.campaign_id = c.id and m.status = 'sent'
               group by c.status`,
            )
          ).rows,
        { timeout: 30_000 },
      )
      .toEqual([{ status: "done", sent: RECIPIENTS }]);
  } finally {
    await run.close(workers);
  }
});

test("`npm run worker` refuses the embedded database with a message that says why", async () => {
  await expect(startBuiltWorker({ DATABASE_URL: undefined })).rejects.toThrow(
    /exited with 1[\s\S]*npm run worker needs DATABASE_URL: on the embedded database the server runs the worker itself/,
  );
});

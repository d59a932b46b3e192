import { createHash } from "node:crypto";
import { expect, test } from "../support/e2e-test.ts";
import { type BuiltWorker, startBuiltServer, startBuiltWorker } from "../support/built-server.ts";
import { RENEWALS_DUE_AT, seedApprovedMandates, seedDueRenewals } from "../support/due-renewals.ts";
import { startProcessRun } from "../support/process-run.ts";
import { startLocalPspProcess } from "../../scripts/bench/local-psp-process.ts";

// Issue 24: the renewal sweep of `npm run worker` SIGKILLed mid-run; a new worker takes the
// job over once its lease lapses. Each due charge exists once and each customer has one
// e-mail: a charge and its e-mail commit together (docs/decisions/172).
test.describe.configure({ timeout: 300_000 });

const SUBSCRIPTIONS = 3_000;

test("a renewal sweep SIGKILLed mid-run charges and e-mails each subscription exactly once", async () => {
  // One clock for every worker, so the killed one's job lease lapses for the next.
  const run = await startProcessRun("agentes_e2e_renewals", {
    CLOCK_OFFSET_MS: String(RENEWALS_DUE_AT - Date.now()),
  });
  const { pool, env } = run;
  const workers: BuiltWorker[] = [];
  const charges = async () =>
    (await pool.query<{ n: number }>("select count(*)::int as n from subscription_charges")).rows[0]
      ?.n ?? 0;
  try {
    // The server migrates; the worker starts only once the rows exist.
    const server = await startBuiltServer({ ...env, WORKER: "off" });
    await server.stop();
    await seedDueRenewals(pool, SUBSCRIPTIONS);

    workers.push(await startBuiltWorker(env));
    await expect
      .poll(charges, { timeout: 120_000, intervals: [20] })
      .toBeGreaterThan(SUBSCRIPTIONS / 5);
    await workers[0]!.kill();
    // Killed mid-run: the sweep had charges left to make.
    const atKill = await charges();
    expect(atKill).toBeLessThan(SUBSCRIPTIONS);
    workers.push(await startBuiltWorker(env));

    await expect.poll(() => run.messageIds().size, { timeout: 180_000 }).toBe(SUBSCRIPTIONS);
    for (const ids of run.messageIds().values()) expect(ids.size).toBe(1);
    const { rows } = await pool.query<{ n: number; subscriptions: number; cycles: number }>(
      `select count(*)::int as n, count(distinct subscription_id)::int as subscriptions,
         count(distinct cycle)::int as cycles
       from subscription_charges`,
    );
    expect(rows[0]).toEqual({ n: SUBSCRIPTIONS, subscriptions: SUBSCRIPTIONS, cycles: 1 });
    await run.expectOutboxSent(SUBSCRIPTIONS);
    test.info().annotations.push({
      type: "kill",
      description: `${atKill} of ${SUBSCRIPTIONS} charges made when the worker was killed`,
    });
  } finally {
    await run.close(workers);
  }
});

// Issue 37 (docs/decisions/475): the sweep sends each batch's cobr as soon as the batch
// committed. SIGKILLed while it sends them, a new worker makes the rest, and the job sends again
// what the killed one had claimed once the claims lapse (30 s): each renewal's cobr is held
// once by the PSP and scheduled once on our side, each e-mail sent once.
test("a renewal sweep SIGKILLed while it sends its cobr: each is held once by the PSP and scheduled once", async () => {
  const psp = await startLocalPspProcess();
  const run = await startProcessRun("agentes_e2e_renewals_cobr", {
    CLOCK_OFFSET_MS: String(RENEWALS_DUE_AT - Date.now()),
    ...psp.env,
    BANK_BRANCH: "0001",
    BANK_ACCOUNT: "123456",
    PIX_API_POLL_MS: "1000",
  });
  const { pool, env } = run;
  const workers: BuiltWorker[] = [];
  const scheduled = async () =>
    (
      await pool.query<{ n: number }>(
        "select count(*)::int as n from pix_recurring_charges where state = 'scheduled'",
      )
    ).rows[0]?.n ?? 0;
  try {
    const server = await startBuiltServer({ ...env, WORKER: "off" });
    await server.stop();
    await seedDueRenewals(pool, SUBSCRIPTIONS);
    await seedApprovedMandates(pool, psp, SUBSCRIPTIONS, 40_000);

    workers.push(await startBuiltWorker(env));
    await expect
      .poll(scheduled, { timeout: 120_000, intervals: [20] })
      .toBeGreaterThan(SUBSCRIPTIONS / 5);
    await workers[0]!.kill();
    const atKill = await scheduled();
    expect(atKill).toBeLessThan(SUBSCRIPTIONS);
    workers.push(await startBuiltWorker(env));

    await expect.poll(scheduled, { timeout: 180_000 }).toBe(SUBSCRIPTIONS);
    await expect.poll(() => run.messageIds().size, { timeout: 60_000 }).toBe(SUBSCRIPTIONS);
    for (const ids of run.messageIds().values()) expect(ids.size).toBe(1);
    await run.expectOutboxSent(SUBSCRIPTIONS);
    const { rows } = await pool.query<{ line: string; state: string }>(
      `select r.txid || ' ' || (r.amount_brl_cents / 100) || '.' || lpad((r.amount_brl_cents % 100)::text, 2, '0')
         || ' ' || m.id_rec || ' ' || r.due_date::text as line, r.state
       from pix_recurring_charges r join pix_mandates m on m.id = r.mandate_id`,
    );
    expect(rows).toHaveLength(SUBSCRIPTIONS);
    const ours = createHash("sha256")
      .update(
        rows
          .map((row) => row.line)
          .sort()
          .join("\n"),
      )
      .digest("hex");
    const [answer] = await psp.command("contar", (line) => line.startsWith("contagem "));
    const theirs = JSON.parse(answer!.slice("contagem ".length)) as {
      cobr: number;
      putCobr: number;
      breaches: number;
      digest: string;
    };
    expect({ cobr: theirs.cobr, breaches: theirs.breaches, digest: theirs.digest }).toEqual({
      cobr: SUBSCRIPTIONS,
      breaches: 0,
      digest: ours,
    });
    test.info().annotations.push({
      type: "kill",
      description: `${atKill} of ${SUBSCRIPTIONS} cobr scheduled when the worker was killed; ${theirs.putCobr} PUT /cobr in all`,
    });
  } finally {
    await run.close(workers);
    await psp.stop();
  }
});

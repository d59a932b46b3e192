import { expect, test } from "../support/e2e-test.ts";
import { type BuiltWorker, startBuiltServer, startBuiltWorker } from "../support/built-server.ts";
import { RENEWALS_DUE_AT, seedDueRenewals } from "../support/due-renewals.ts";
import { startProcessRun } from "../support/process-run.ts";

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

import { expect, test } from "../support/e2e-test.ts";
import { type BuiltWorker, startBuiltServer, startBuiltWorker } from "../support/built-server.ts";
import { startTestPsp } from "../support/local-psp.ts";
import { startProcessRun } from "../support/process-run.ts";

// Issue 37: `npm run worker` SIGKILLed between creating an order's charge at the PSP (PUT
// /cob/{txid}) and the payer's Pix. The payer pays while no worker runs, the webhook reaches
// the web process, and a new worker takes the charge and the reconciliation over (GET /pix,
// GET /cob): the payment is applied exactly once, the charge's e-mail is sent once.
test.describe.configure({ timeout: 300_000 });

const TOTAL_CENTS = 81074;

test("a worker SIGKILLed between the charge and the webhook: the Pix is applied exactly once", async () => {
  const { psp, env: pspEnv } = await startTestPsp();
  const run = await startProcessRun("agentes_e2e_pix_kill", { ...pspEnv, PIX_API_POLL_MS: "1000" });
  const { pool } = run;
  const workers: BuiltWorker[] = [];
  const processes: { stop: () => Promise<unknown> }[] = [];
  try {
    const web = await startBuiltServer({ ...run.env, WORKER: "off" });
    processes.push(web);
    const {
      rows: [order],
    } = await pool.query<{ id: string; txid: string }>(
      `with person as (
         insert into waitlist (name, email, interested_agents, terms_accepted_at, confirmed_at, status)
         values ('Pessoa Pix', 'pix-kill@example.com', array['trendkey-btc'], now(), now(), 'contacted')
         returning id),
       robot as (select id, name from robots where key = 'trendkey-btc'),
       invited as (
         insert into invitations (waitlist_id, robot_id, status, invited_by, sent_at, deadline, accepted_at)
         select person.id, robot.id, 'accepted', 'teste', now(), now() + interval '2 days', now()
         from person, robot returning id, waitlist_id, robot_id),
       made as (
         insert into orders (reference, robot_name, robot_id, waitlist_id, invitation_id, partner_broker, total_brl_cents, deadline)
         select 'AFXKILL000001', robot.name, invited.robot_id, invited.waitlist_id, invited.id, false, $1, now() + interval '2 days'
         from invited, robot returning id, reference, deadline)
       insert into pix_charges (txid, order_id, amount_brl_cents, expires_at, next_attempt_at)
       select reference || substr(replace(id::text, '-', ''), 1, 22), id, $1, deadline, now() from made
       returning order_id as id, txid`,
      [TOTAL_CENTS],
    );
    const workerEnv = { ...run.env, SITE_URL: web.url };
    workers.push(await startBuiltWorker(workerEnv));
    // The charge exists at the PSP: the worker dies at once, before anything is paid.
    await expect
      .poll(() => psp.cob(order!.txid) !== undefined, { timeout: 60_000, intervals: [5] })
      .toBe(true);
    await workers[0]!.kill();
    const charged = await pool.query<{ state: string }>(
      "select state from pix_charges where txid = $1",
      [order!.txid],
    );
    test.info().annotations.push({
      type: "kill",
      description: `the charge was ${charged.rows[0]?.state} in our database when the worker died`,
    });

    // The payer pays while no worker runs; the PSP's webhook reaches the web process.
    const pix = await psp.pay({ txid: order!.txid });
    await psp.settled();
    workers.push(await startBuiltWorker(workerEnv));

    // The new worker's polling sees the same Pix (GET /pix) and finds it applied.
    await expect
      .poll(
        async () =>
          (
            await pool.query<{ state: string; charge: string }>(
              `select o.state, c.state as charge from orders o join pix_charges c on c.order_id = o.id
               where o.id = $1`,
              [order!.id],
            )
          ).rows[0],
        { timeout: 90_000 },
      )
      .toEqual({ state: "paid", charge: "active" });
    await expect
      .poll(() => psp.calls.filter((call) => call.startsWith("GET /pix")).length, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    const { rows: ledger } = await pool.query(
      `select source_id, state, amount_cents from money_events where source = 'api-pix'`,
    );
    expect(ledger).toEqual([
      { source_id: pix.endToEndId, state: "applied", amount_cents: TOTAL_CENTS },
    ]);
    const { rows: payments } = await pool.query(
      "select amount_brl_cents from payments where order_id = $1",
      [order!.id],
    );
    expect(payments).toEqual([{ amount_brl_cents: TOTAL_CENTS }]);
    expect(psp.breaches).toEqual([]);
    // Each message of the sale once: the charge's code, then the payment's.
    const { rows: outbox } = await pool.query<{ template: string; n: number }>(
      `select template, count(*)::int as n from email_outbox
       where recipient = 'pix-kill@example.com' group by template order by template`,
    );
    expect(outbox.every((row) => row.n === 1)).toBe(true);
    expect(outbox.length).toBeGreaterThan(1);
    await expect
      .poll(() => run.messageIds().get("pix-kill@example.com")?.size ?? 0)
      .toBe(outbox.length);
  } finally {
    await run.close([...processes, ...workers]);
    await psp.close();
  }
});

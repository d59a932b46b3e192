// `npm run bench:orders`, part 1 (issue 36): PEOPLE acceptances and payments at once against
// SPOTS spots, in the production topology on a fresh PostgreSQL database: two built web
// processes (WORKER=off) and `npm run worker` (which sweeps the deadlines), e-mails to an SMTP
// sink. The load generator is a child process of its own (decision 422): it plays the
// invitees (`POST /convite/:token`), staff (the /admin/pedidos and /admin/reembolso forms,
// with an admin session made by `npm run admin:create`) and Mercado Pago (the local API
// server of the tests, and signed notifications to /webhooks/mercado-pago), each request to
// the two web processes in turn. A third of the invitations have a deadline 1-7 s after the
// start, within the acceptances (4 s) or just after them. Each sale that gets a spot then does one of: card paid (a fifth of them notified
// twice), paid by staff, cancelled by staff while its card payment arrives, card paid then
// refunded by staff (and the refund notified), paid by card after its deadline, or nothing.
// Then, from the database: every money event the generator caused is in the ledger exactly
// once, each money-in event applied to exactly one order or charge or waiting with a reason;
// the spots taken (sampled every 50 ms) never above capacity, each order's state in step with
// its invitation's, no invitation with two orders; HTTP answers by status, any 500 printed.
// Options: --people=500 --spots=200. Needs `npm run build` (the npm script runs it).
import { fork } from "node:child_process";
import { randomBytes, createHash } from "node:crypto";
import os from "node:os";
import pg from "pg";
import { createAdminWithCli } from "../../tests/support/admin-cli.ts";
import { startBuiltServer, startBuiltWorker } from "../../tests/support/built-server.ts";
import { cookieFrom, form } from "../../tests/support/http.ts";
import { signNotification, startFakeMercadoPago } from "../../tests/support/mercado-pago-api.ts";
import { createDatabase, dropDatabase, uniqueDatabaseName } from "../../tests/support/postgres.ts";
import { loadAverage } from "./measure.ts";
import { startSmtpSink } from "./smtp-sink.ts";

const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const SHORT_DEADLINE_MS = 6_000;
const ACCEPT_SPREAD_MS = 4_000;
const WEBHOOK_SECRET = "segredo-do-bench";
const ADMIN_EMAIL = "bench-orders@example.com";
const ADMIN_PASSWORD = "senha-do-bench-0123456789";

/** What the parent hands the generator: where to send what. */
interface Plan {
  webs: string[];
  cookie: string;
  databaseUrl: string;
  invitees: { token: string; invitationId: string; shortDeadline: boolean }[];
}

/** A money event the generator caused and had answered 2xx: the ledger must hold it once. */
interface Expected {
  source: "mercado-pago" | "staff";
  sourceId: string;
}

interface Report {
  requests: number;
  statuses: Record<string, number>;
  /** Up to 5 answers with status 500: what was asked and the body's start. */
  errors500: string[];
  expected: Expected[];
  outcomes: Record<string, number>;
  seconds: number;
  cpuMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- The load generator (a child process) ----

async function generate(send: (message: unknown) => void, plan: Plan, mercadoPago: MercadoPago) {
  const lookups = new pg.Pool({ connectionString: plan.databaseUrl, max: 2 });
  const statuses: Record<string, number> = {};
  const outcomes: Record<string, number> = {};
  const errors500: string[] = [];
  const expected: Expected[] = [];
  let requests = 0;
  const count = (key: string) => (outcomes[key] = (outcomes[key] ?? 0) + 1);
  const ask = async (label: string, path: string, init: RequestInit) => {
    const web = plan.webs[requests % plan.webs.length]!;
    requests += 1;
    let status: string;
    try {
      const answer = await fetch(`${web}${path}`, {
        redirect: "manual",
        ...init,
        headers: { origin: web, ...init.headers },
      });
      const body = await answer.text();
      status = String(answer.status);
      if (answer.status === 500 && errors500.length < 5) {
        errors500.push(`${label} ${path}: ${body.slice(0, 300)}`);
      }
    } catch (error) {
      status = `socket: ${(error as Error).message}`;
    }
    statuses[status] = (statuses[status] ?? 0) + 1;
    count(`${label} ${status}`);
    return status;
  };
  const admin = (label: string, path: string, fields: Record<string, string>) =>
    ask(label, path, {
      method: "POST",
      headers: { cookie: plan.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: form(fields),
    });
  let deliveries = 0;
  /** Mercado Pago states the payment on its API, then notifies it (signed). */
  const card = async (paymentId: number, order: Order, status: "approved" | "refunded") => {
    mercadoPago.setPayment({
      id: paymentId,
      status,
      transaction_amount: order.cents / 100,
      currency_id: "BRL",
      external_reference: order.reference,
      date_approved: new Date().toISOString(),
      payment_type_id: "credit_card",
    });
    deliveries += 1;
    const requestId = `bench-${process.pid}-${deliveries}`;
    const signature = signNotification({
      secret: WEBHOOK_SECRET,
      dataId: String(paymentId),
      requestId,
      ts: Math.floor(Date.now() / 1000),
    });
    const answered = await ask(
      `card ${status}`,
      `/webhooks/mercado-pago?data.id=${paymentId}&type=payment`,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-signature": signature,
          "x-request-id": requestId,
        },
        body: JSON.stringify({ type: "payment", data: { id: String(paymentId) } }),
      },
    );
    if (answered === "200") {
      expected.push({ source: "mercado-pago", sourceId: `${paymentId}:${status}` });
    }
  };
  interface Order {
    id: string;
    reference: string;
    cents: number;
    deadline: Date;
  }
  const orderOf = async (invitationId: string): Promise<Order> => {
    const { rows } = await lookups.query<Order>(
      `select id, reference, total_brl_cents as cents, deadline from orders where invitation_id = $1`,
      [invitationId],
    );
    return rows[0]!;
  };

  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  await Promise.all(
    plan.invitees.map(async ({ token, invitationId, shortDeadline }, i) => {
      await sleep(Math.random() * ACCEPT_SPREAD_MS);
      const accepted = await ask("accept", `/convite/${token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form({ intent: "accept", ...(i % 2 === 0 ? { partnerBroker: "on" } : {}) }),
      });
      if (accepted !== "303") return;
      const order = await orderOf(invitationId);
      await sleep(Math.random() * 2_000);
      const paymentId = 1_000_000 + i;
      const paidByStaff = async () => {
        const status = await admin("staff pay", "/admin/pedidos", {
          intent: "mark-paid",
          orderId: order.id,
          method: "pix",
          reference: `BENCH${i}`,
        });
        if (status === "200")
          expected.push({ source: "staff", sourceId: `pedido ${order.reference}` });
      };
      // The short-deadline sales that do nothing are paid by card once their deadline passed.
      const branch =
        shortDeadline && i % 6 === 5
          ? "late"
          : ["card", "staff", "cancel", "refund", "none"][i % 5];
      count(`sale ${branch}`);
      switch (branch) {
        case "card":
          await card(paymentId, order, "approved");
          // The provider delivers some notifications twice.
          if (i % 25 < 5) await card(paymentId, order, "approved");
          return;
        case "staff":
          return paidByStaff();
        case "cancel":
          await Promise.all([
            admin("staff cancel", "/admin/pedidos", {
              intent: "cancel",
              orderId: order.id,
              reason: "Cliente desistiu",
            }),
            card(paymentId, order, "approved"),
          ]);
          return;
        case "refund": {
          await card(paymentId, order, "approved");
          const status = await admin("staff refund", `/admin/reembolso/${order.id}`, {
            destination: "card",
            reference: `ESTORNO${i}`,
            confirm: "on",
          });
          if (status === "200")
            expected.push({ source: "staff", sourceId: `reembolso ${order.reference}` });
          await card(paymentId, order, "refunded");
          return;
        }
        case "late":
          await sleep(Math.max(0, order.deadline.getTime() - Date.now()) + 1_500);
          await card(paymentId, order, "approved");
          return;
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  await lookups.end();
  const report: Report = {
    requests,
    statuses,
    errors500,
    expected,
    outcomes,
    seconds: (performance.now() - start) / 1000,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
  send(report);
}

type MercadoPago = Awaited<ReturnType<typeof startFakeMercadoPago>>;

if (process.argv.includes("--generator")) {
  // The generator's own Mercado Pago: its URL goes to the parent, which starts the web
  // processes with it; then the plan comes back.
  const mercadoPago = await startFakeMercadoPago();
  const send = (message: unknown) => process.send!(message);
  process.once("message", (plan: Plan) => {
    void generate(send, plan, mercadoPago).then(async () => {
      await mercadoPago.close();
      process.disconnect();
    });
  });
  send({ mercadoPagoUrl: mercadoPago.url });
} else {
  await main();
}

// ---- The parent: topology, seed, checks ----

async function main() {
  const PEOPLE = option("people", 500);
  const SPOTS = option("spots", 200);
  const loadBefore = loadAverage();
  const generator = fork(import.meta.filename, ["--generator"], { stdio: "inherit" });
  const messages: unknown[] = [];
  const waiters: ((message: unknown) => void)[] = [];
  generator.on("message", (message) => {
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else messages.push(message);
  });
  const nextMessage = <T>() =>
    new Promise<T>((resolve, reject) => {
      if (messages.length > 0) return resolve(messages.shift() as T);
      waiters.push(resolve as (message: unknown) => void);
      generator.once("exit", (code) => reject(new Error(`the generator exited with ${code}`)));
    });
  const { mercadoPagoUrl } = await nextMessage<{ mercadoPagoUrl: string }>();

  const name = uniqueDatabaseName("agentes_bench_orders_processes");
  const databaseUrl = await createDatabase(name);
  const smtp = await startSmtpSink();
  const env = {
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    MERCADO_PAGO_ACCESS_TOKEN: "APP_USR-bench",
    MERCADO_PAGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
    MERCADO_PAGO_API_URL: mercadoPagoUrl,
    PIX_KEY: "financeiro@agentesfx.com.br",
    BANK_ACCOUNT: "12345-6",
    // The deadlines are seconds apart: the sweep looks often.
    INVITATION_SWEEP_MS: "250",
  };
  const webs = [
    await startBuiltServer({ ...env, WORKER: "off" }),
    await startBuiltServer({ ...env, WORKER: "off" }),
  ];
  const worker = await startBuiltWorker(env);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  let failed = false;
  const check = (ok: boolean, text: string) => {
    failed ||= !ok;
    console.log(`${ok ? "ok" : "FAILED"}: ${text}`);
  };
  try {
    // Seeded as part 1 of bench:orders did: PEOPLE invited to YenMax, whose capacity is then
    // SPOTS; a third with a short deadline (set when the run starts); the links as the e-mails
    // would carry them.
    await pool.query(`insert into exchange_rates (rate, set_by) values (5.0000, $1)`, [
      ADMIN_EMAIL,
    ]);
    await pool.query(`update robots set capacity = $1, auto_invite = false where key = 'yenmax'`, [
      SPOTS,
    ]);
    const { rows: invited } = await pool.query<{ id: string; short: boolean }>(
      `with people as (
         insert into waitlist (name, email, interested_agents, terms_accepted_at, confirmed_at, created_at, status)
         select 'Pessoa ' || i, 'fila' || i || '@example.com', array['yenmax'], now(), now(),
           timestamptz '2026-01-01' + i * interval '1 second', 'contacted'
         from generate_series(1, $1) i returning id, created_at),
       robot as (select id from robots where key = 'yenmax')
       insert into invitations (waitlist_id, robot_id, status, invited_by, sent_at, deadline)
       select people.id, robot.id, 'sent', $2, now(),
         case when extract(epoch from people.created_at)::int % 3 = 0
           then now() + interval '1 hour' else now() + interval '2 days' end
       from people, robot
       returning id, deadline < now() + interval '1 day' as short`,
      [PEOPLE, ADMIN_EMAIL],
    );
    const invitees = invited.map(({ id, short }) => ({
      invitationId: id,
      shortDeadline: short,
      token: randomBytes(32).toString("base64url"),
    }));
    await pool.query(
      `insert into invitation_tokens (token_hash, invitation_id)
       select * from unnest($1::text[], $2::uuid[])`,
      [
        invitees.map(({ token }) => createHash("sha256").update(token).digest("hex")),
        invitees.map(({ invitationId }) => invitationId),
      ],
    );
    await pool.query("analyze");
    await createAdminWithCli(databaseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const login = await fetch(`${webs[0]!.url}/admin`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: webs[0]!.url },
      body: form({ intent: "login", email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      redirect: "manual",
    });
    if (login.status !== 302) throw new Error(`login answered ${login.status}`);

    let running = true;
    let maxTaken = 0;
    let samples = 0;
    const monitor = (async () => {
      while (running) {
        const { rows } = await pool.query<{ taken: number }>(
          `select count(*)::int as taken from invitations i join robots r on r.id = i.robot_id
           where r.key = 'yenmax' and i.status = 'accepted'`,
        );
        maxTaken = Math.max(maxTaken, rows[0]?.taken ?? 0);
        samples += 1;
        await sleep(50);
      }
    })();
    // The short deadlines fall within the acceptances and just after them: some invitations
    // expire before their answer, some orders before their payment.
    await pool.query(
      `update invitations set deadline = now() + (1000 + random() * $1) * interval '1 millisecond'
       where deadline < now() + interval '1 day'`,
      [SHORT_DEADLINE_MS],
    );
    const start = performance.now();
    const plan: Plan = {
      webs: webs.map((web) => web.url),
      cookie: cookieFrom(login.headers),
      databaseUrl,
      invitees,
    };
    generator.send(plan);
    const report = await nextMessage<Report>();
    // The last short deadlines pass and the worker's sweep settles them.
    await sleep(SHORT_DEADLINE_MS);
    running = false;
    await monitor;
    const wall = (performance.now() - start) / 1000;

    const { rows: ledger } = await pool.query<{
      source: string;
      sourceId: string;
      kind: string;
      state: string;
      orderId: string | null;
      chargeId: string | null;
      waitingReason: string | null;
    }>(
      `select source, source_id as "sourceId", kind, state, order_id as "orderId",
         charge_id as "chargeId", waiting_reason as "waitingReason" from money_events`,
    );
    const keyOf = (event: { source: string; sourceId: string }) =>
      `${event.source} ${event.sourceId}`;
    const inLedger = new Map<string, number>();
    for (const event of ledger) inLedger.set(keyOf(event), (inLedger.get(keyOf(event)) ?? 0) + 1);
    const expectedKeys = new Set(report.expected.map(keyOf));
    const lost = [...expectedKeys].filter((key) => !inLedger.has(key));
    const twice = [...inLedger].filter(([, n]) => n > 1).map(([key]) => key);
    const incoming = ledger.filter((event) =>
      ["credit", "card-approved", "pix-received"].includes(event.kind),
    );
    const applied = incoming.filter((event) => event.state === "applied");
    const waiting = incoming.filter((event) => event.state === "waiting");
    const misapplied = applied.filter(
      (event) => (event.orderId === null) === (event.chargeId === null),
    );
    const reasonless = waiting.filter((event) => !event.waitingReason?.trim());
    const elsewhere = incoming.length - applied.length - waiting.length;
    const { rows: paymentsTwice } = await pool.query(
      `select order_id from payments group by order_id having count(*) > 1`,
    );

    const { rows: pairs } = await pool.query<{ order: string; invitation: string; n: number }>(
      `select o.state as order, i.status as invitation, count(*)::int as n
       from orders o join invitations i on i.id = o.invitation_id group by 1, 2 order by 1, 2`,
    );
    const holdsSpot = (state: string) => state === "awaiting-payment" || state === "paid";
    const outOfStep = pairs.filter(
      (pair) => holdsSpot(pair.order) !== (pair.invitation === "accepted"),
    );
    const { rows: doubled } = await pool.query(
      `select invitation_id from orders group by invitation_id having count(*) > 1`,
    );
    const {
      rows: [spots],
    } = await pool.query<{ taken: number; holding: number }>(
      `select (select count(*)::int from invitations where status = 'accepted') as taken,
              (select count(*)::int from orders where state in ('awaiting-payment', 'paid')) as holding`,
    );

    const statusList = Object.entries(report.statuses)
      .map(([status, n]) => `${status}: ${n}`)
      .join(", ");
    console.log(
      [
        `bench:orders (processes): ${PEOPLE} invitees accepting at once against ${SPOTS} spots, two web processes (WORKER=off) and a worker on PostgreSQL, the load generator apart`,
        `requests: ${report.requests} in ${report.seconds.toFixed(1)} s (wall ${wall.toFixed(1)} s with the last sweep); answers ${statusList}`,
        `by step: ${Object.entries(report.outcomes)
          .sort()
          .map(([key, n]) => `${key}: ${n}`)
          .join(", ")}`,
        `ledger: ${ledger.length} money events (${incoming.length} money in: ${applied.length} applied, ${waiting.length} waiting "a resolver"); the generator caused ${expectedKeys.size} answered 2xx`,
        `spots: at most ${maxTaken} of ${SPOTS} taken (${samples} samples); at the end ${spots?.taken} taken, ${spots?.holding} orders holding one; orders by state/invitation: ${pairs.map((pair) => `${pair.order}/${pair.invitation} ${pair.n}`).join(", ")}`,
        `generator CPU ${report.cpuMs.toFixed(0)} ms; load average before ${loadBefore}, after ${loadAverage()} (${os.availableParallelism()} cores)`,
      ].join("\n"),
    );
    check(report.statuses["500"] === undefined, `no HTTP 500 (${report.statuses["500"] ?? 0})`);
    for (const error of report.errors500) console.log(`  500: ${error}`);
    check(
      !Object.keys(report.statuses).some((status) => status.startsWith("socket")),
      "every request answered",
    );
    check(
      lost.length === 0,
      `none lost: ${lost.length} events answered 2xx missing from the ledger ${lost.slice(0, 3).join("; ")}`,
    );
    check(
      twice.length === 0 && paymentsTwice.length === 0,
      `each event once: ${twice.length} recorded twice, ${paymentsTwice.length} orders paid twice`,
    );
    check(
      misapplied.length === 0 && reasonless.length === 0 && elsewhere === 0,
      `each money-in event applied to exactly one order or charge (${misapplied.length} not) or waiting with a reason (${reasonless.length} without), ${elsewhere} in another state`,
    );
    check(
      maxTaken <= SPOTS && (spots?.taken ?? 0) <= SPOTS,
      `no spot counted twice: at most ${maxTaken} of ${SPOTS}`,
    );
    check(
      outOfStep.length === 0 && doubled.length === 0 && spots?.taken === spots?.holding,
      `every order in step with its invitation: ${outOfStep.map((pair) => `${pair.order}/${pair.invitation} ${pair.n}`).join(", ") || "none out of step"}, ${doubled.length} invitations with two orders`,
    );
    if (failed) process.exitCode = 1;
  } finally {
    await pool.end();
    generator.kill();
    await Promise.all([...webs.map((web) => web.stop()), worker.stop()]);
    await smtp.close();
    await dropDatabase(name);
  }
}

// `npm run bench:orders` (issue 23), on a fresh PostgreSQL database, with the app's own code
// in this process:
// 1. PEOPLE invitations against SPOTS spots (capacity lowered after inviting), a third of them
//    with a deadline a few seconds away. Every invitee accepts at a random moment, at once;
//    60% of those who get a spot are marked paid by staff at once, while the deadline sweep
//    runs every 250 ms. A monitor samples the spots taken every 20 ms. Checks: capacity never
//    exceeded, 0 errors, every spot accounted for (each order's state matches its
//    invitation's) and each order's e-mails queued once.
// 2. An OFX statement of CREDITS PIX credits (each quoting its order's reference) previewed
//    and applied against as many orders awaiting payment; then the same file again. Meanwhile
//    a /healthz served by this process's event loop (as the web server serves it beside the
//    import) is asked every 5 ms from a thread of its own: its p99 shows whether reading the
//    file held the loop (docs/decisions/341).
// Options: --people=500 --spots=200 --credits=10000 --statement-only, --preview-only (stops
// after the preview's figures).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  emailOutbox,
  invitations,
  invitationTokens,
  orders,
  payments,
  robots,
  waitlist,
} from "../../db/schema.ts";
import {
  createDatabase,
  dropDatabase,
  postgresReachable,
  uniqueDatabaseName,
} from "../../tests/support/postgres.ts";
import { sgmlStatement } from "../../tests/support/ofx.ts";
import { loadAverage, startHealthProber, startLoopMonitor } from "./measure.ts";

const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const PEOPLE = option("people", 500);
const SPOTS = option("spots", 200);
const CREDITS = option("credits", 10_000);
const SHORT_DEADLINE_MS = 3_000;
const STAFF = "bench-orders@example.com";

if (!(await postgresReachable())) {
  console.error("PostgreSQL is unreachable (TEST_DATABASE_URL): bench:orders needs it.");
  process.exit(1);
}

const name = uniqueDatabaseName("agentes_bench_orders");
process.env.DATABASE_URL = await createDatabase(name);
// Dropping the database at the end ends the pool's idle connections: not worth a warning.
process.env.LOG_LEVEL = "error";
process.env.PIX_KEY = "financeiro@agentesfx.com.br";
process.env.BANK_ACCOUNT = "12345-6";
// Imported after the environment is set: the app reads it once.
const { closeDatabase, getDb } = await import("../../app/platform/db/db.server.ts");
const { expireDueInvitations, inviteNext } =
  await import("../../app/features/invitations/invitations.server.ts");
const { answerInvitation } = await import("../../app/features/sales/accept.server.ts");
const { expireDueOrders } = await import("../../app/features/sales/expire.server.ts");
const { markOrderPaid } = await import("../../app/features/sales/pay.server.ts");
const { newOrderReference, setExchangeRate } =
  await import("../../app/features/orders/orders.server.ts");
const { applyStatementImport, previewStatement } =
  await import("../../app/features/sales/statement-import.server.ts");
const { parseStatement } = await import("../../app/features/orders/statement.server.ts");
const { newToken } = await import("../../app/platform/mail/link-tokens.server.ts");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (start: number) => ((performance.now() - start) / 1000).toFixed(2);
let failed = false;
const check = (ok: boolean, text: string) => {
  failed ||= !ok;
  console.log(`${ok ? "ok" : "FAILED"}: ${text}`);
};

async function addPeople(count: number, prefix: string) {
  const db = await getDb();
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1000) {
    const rows = await db
      .insert(waitlist)
      .values(
        Array.from({ length: Math.min(1000, count - i) }, (_, j) => ({
          name: `Pessoa ${prefix}${i + j}`,
          email: `${prefix}${i + j}@example.com`,
          interestedAgents: ["yenmax"],
          termsAcceptedAt: new Date(),
          confirmedAt: new Date(),
          createdAt: new Date(Date.UTC(2026, 0, 1) + (i + j) * 1000),
        })),
      )
      .returning({ id: waitlist.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

async function concurrentRun() {
  const db = await getDb();
  await setExchangeRate(50_000, STAFF, new Date());
  await addPeople(PEOPLE, "fila");
  const [robot] = await db.select().from(robots).where(eq(robots.key, "yenmax"));
  if (!robot) throw new Error("no YenMax robot");
  await db
    .update(robots)
    .set({ capacity: PEOPLE, autoInvite: false })
    .where(eq(robots.id, robot.id));
  await inviteNext(robot.id, PEOPLE, STAFF, new Date());
  await db.update(robots).set({ capacity: SPOTS }).where(eq(robots.id, robot.id));
  const invited = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(eq(invitations.robotId, robot.id));
  // Links as the e-mails would carry them (minted here instead of by the worker).
  const tokens = invited.map(() => newToken());
  await db
    .insert(invitationTokens)
    .values(invited.map(({ id }, i) => ({ tokenHash: tokens[i]!.hash, invitationId: id })));
  const short = invited.filter((_, i) => i % 3 === 0).map(({ id }) => id);
  await db
    .update(invitations)
    .set({ deadline: new Date(Date.now() + SHORT_DEADLINE_MS) })
    .where(inArray(invitations.id, short));

  let running = true;
  let maxTaken = 0;
  let samples = 0;
  const monitor = (async () => {
    while (running) {
      const [row] = await db
        .select({ taken: sql<number>`count(*)::int` })
        .from(invitations)
        .where(and(eq(invitations.robotId, robot.id), eq(invitations.status, "accepted")));
      maxTaken = Math.max(maxTaken, row?.taken ?? 0);
      samples += 1;
      await sleep(20);
    }
  })();
  let sweeps = 0;
  const sweeper = (async () => {
    while (running) {
      await expireDueInvitations(new Date());
      await expireDueOrders(new Date());
      sweeps += 1;
      await sleep(250);
    }
  })();

  const outcomes = new Map<string, number>();
  const count = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  const errors: unknown[] = [];
  const start = performance.now();
  await Promise.all(
    invited.map(async ({ id }, i) => {
      try {
        await sleep(Math.random() * 4_000);
        const outcome = await answerInvitation(tokens[i]!.token, "accept", new Date(), i % 2 === 0);
        count(`accept ${outcome}`);
        if (outcome !== "accepted" || Math.random() >= 0.6) return;
        await sleep(Math.random() * 2_000);
        const [order] = await db
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.invitationId, id));
        const paid = await markOrderPaid(
          order!.id,
          { method: "pix", reference: `BENCH${i}` },
          STAFF,
          new Date(),
        );
        count(`pay ${paid.outcome}`);
      } catch (error) {
        errors.push(error);
      }
    }),
  );
  const elapsed = seconds(start);
  running = false;
  await Promise.all([monitor, sweeper]);
  // Every short deadline has passed: the last sweep settles them.
  await expireDueInvitations(new Date());
  await expireDueOrders(new Date());

  console.log(
    `concurrent run: ${invited.length} invitees accepting at once against ${SPOTS} spots ` +
      `(${short.length} with a deadline ${SHORT_DEADLINE_MS / 1000} s away), staff paying 60% ` +
      `of the orders, ${sweeps} sweeps: ${elapsed} s; ` +
      [...outcomes].map(([key, n]) => `${key}: ${n}`).join(", "),
  );
  check(errors.length === 0, `${errors.length} errors`);
  if (errors.length > 0) console.log(errors.slice(0, 3));
  check(maxTaken <= SPOTS, `spots taken at most ${maxTaken} of ${SPOTS} (${samples} samples)`);

  const rows = await db
    .select({ order: orders.state, invitation: invitations.status })
    .from(orders)
    .innerJoin(invitations, eq(invitations.id, orders.invitationId));
  const matches = { "awaiting-payment": "accepted", paid: "accepted", expired: "expired" };
  const mismatched = rows.filter(
    (row) => matches[row.order as keyof typeof matches] !== row.invitation,
  );
  const byState = (state: string) => rows.filter((row) => row.order === state).length;
  const [taken] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invitations)
    .where(eq(invitations.status, "accepted"));
  check(
    mismatched.length === 0 &&
      rows.length === (outcomes.get("accept accepted") ?? 0) &&
      byState("paid") + byState("awaiting-payment") === taken?.n,
    `every spot accounted for: ${rows.length} orders (${byState("paid")} paid, ` +
      `${byState("awaiting-payment")} awaiting, ${byState("expired")} expired), ` +
      `${taken?.n} spots taken, ${mismatched.length} orders out of step with their invitation`,
  );
  const mail = await db
    .select({ template: emailOutbox.template, n: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .groupBy(emailOutbox.template);
  const queued = (template: string) => mail.find((row) => row.template === template)?.n ?? 0;
  check(
    queued("order-created") === rows.length &&
      queued("staff-order-accepted") === rows.length &&
      queued("order-paid") === byState("paid") &&
      queued("staff-order-paid") === byState("paid") &&
      queued("order-expired") === byState("expired"),
    `each order's e-mails queued once: ${mail.map((row) => `${row.template} ${row.n}`).join(", ")}`,
  );
}

/** The bank's statement (OFX 1.02 SGML, as the tests' builder writes it): a PIX credit per order. */
function ofx(credits: { reference: string; cents: number }[]) {
  const today = new Date().toISOString().slice(0, 10).replaceAll("-", "");
  return sgmlStatement(
    credits.map(({ reference, cents }, i) => ({
      fitId: `BENCH${i}`,
      amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`,
      memo: `PIX RECEBIDO ${reference}`,
    })),
    {},
    today,
  );
}

async function statementRun() {
  const db = await getDb();
  const people = await addPeople(CREDITS, "extrato");
  const [robot] = await db.select().from(robots).where(eq(robots.key, "yenmax"));
  const made: { reference: string; cents: number }[] = [];
  for (let i = 0; i < CREDITS; i += 1000) {
    const chunk = people.slice(i, i + 1000).map((waitlistId, j) => ({
      reference: newOrderReference(),
      waitlistId,
      robotId: robot!.id,
      robotName: robot!.name,
      partnerBroker: false,
      totalUsdCents: 19_900,
      totalBrlCents: 99_500 + i + j,
      deadline: new Date(Date.now() + 48 * 3_600_000),
    }));
    await db.insert(orders).values(chunk);
    made.push(
      ...chunk.map((order) => ({ reference: order.reference, cents: order.totalBrlCents })),
    );
  }
  const bytes = new TextEncoder().encode(ofx(made));
  // Orders and their e-mails of the concurrent run are not this run's.
  const paidBefore = await db.$count(orders, eq(orders.state, "paid"));
  const mailBefore = await db.$count(emailOutbox, eq(emailOutbox.template, "order-paid"));
  const health = createServer((_request, response) => response.end("ok"));
  await new Promise<void>((resolve) => health.listen(0, "127.0.0.1", resolve));
  const healthUrl = `http://127.0.0.1:${(health.address() as AddressInfo).port}`;
  // The file's reading alone first (the worker thread), then the whole preview.
  let prober = await startHealthProber(healthUrl, 5);
  let loop = startLoopMonitor();
  const readStart = performance.now();
  const read = await parseStatement(bytes);
  const readSeconds = seconds(readStart);
  const readLoop = loop.stop();
  const readLatencies = await prober.stop();
  check(
    read.ok && read.statement.credits.length === CREDITS,
    `the file reads as ${CREDITS} credits`,
  );
  prober = await startHealthProber(healthUrl, 5);
  loop = startLoopMonitor();
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const preview = await previewStatement(bytes, STAFF, "12345-6", new Date());
  if (!preview.ok) throw new Error(`preview refused: ${JSON.stringify(preview.error)}`);
  const previewed = seconds(start);
  const previewCpu = process.cpuUsage(cpuBefore);
  const previewLoop = loop.stop();
  const previewLatencies = await prober.stop();
  health.close();
  // Printed before the apply, which takes minutes on a loaded machine.
  const percentiles = (latencies: number[]) => {
    const sorted = latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
    return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1) };
  };
  for (const [label, latencies, blocked] of [
    [`reading the file alone (${readSeconds} s)`, readLatencies, readLoop],
    [
      `the whole preview (reading, matching, storing: ${previewed} s)`,
      previewLatencies,
      previewLoop,
    ],
  ] as const) {
    const { n, p50, p99, max } = percentiles(latencies);
    console.log(
      `statement: /healthz during ${label}: ${n} answers, p50 ${p50.toFixed(1)} ms, ` +
        `p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms; event loop blocked at most ` +
        `${blocked.max.toFixed(1)} ms (delay p99 ${blocked.p99.toFixed(1)} ms), its longest ` +
        `stretch of work ${blocked.maxCpu.toFixed(1)} ms of CPU; loadavg ${loadAverage()}`,
    );
    check(p99 < 50, `/healthz p99 < 50 ms during ${label}`);
  }
  console.log(
    `statement: the preview's CPU on this process: ` +
      `${((previewCpu.user + previewCpu.system) / 1000).toFixed(0)} ms ` +
      `(${(((previewCpu.user + previewCpu.system) / 1000 / CREDITS) * 1000).toFixed(1)} µs per credit)`,
  );
  if (process.argv.includes("--preview-only")) return;
  const applyStart = performance.now();
  await applyStatementImport(preview.importId, STAFF, new Date());
  const applied = seconds(applyStart);
  const total = (performance.now() - start) / 1000;
  const paid = (await db.$count(orders, eq(orders.state, "paid"))) - paidBefore;
  const paidMail =
    (await db.$count(emailOutbox, eq(emailOutbox.template, "order-paid"))) - mailBefore;
  console.log(
    `statement: OFX of ${CREDITS} credits (${(bytes.length / 1024 / 1024).toFixed(1)} MB) against ` +
      `${CREDITS} orders awaiting payment: preview ${previewed} s, apply ${applied} s, ` +
      `total ${total.toFixed(2)} s; ${paid} orders paid, ${paidMail} setup-link e-mails queued`,
  );
  check(paid === CREDITS && total < 10, `all ${CREDITS} paid in < 10 s`);
  const again = await previewStatement(bytes, STAFF, "12345-6", new Date());
  if (again.ok) await applyStatementImport(again.importId, STAFF, new Date());
  const paidAfter = (await db.$count(payments)) - paidBefore;
  check(paidAfter === CREDITS, `the same file again: ${paidAfter} payments, unchanged`);
}

try {
  // --statement-only: part 2 alone.
  if (!process.argv.includes("--statement-only")) await concurrentRun();
  await statementRun();
} finally {
  await closeDatabase();
  await dropDatabase(name);
}
process.exit(failed ? 1 : 0);

// `npm run bench:campaign` (issue 21): a campaign to `recipients` newsletter readers on
// PostgreSQL, sent by `npm run worker` (build/worker.js) to a local SMTP server in a process
// of its own (scripts/bench/smtp-sink.ts), with the web process (WORKER=off) serving
// visitors; the throttle is off. This process only seeds, starts the load generators and
// counts (decisions 193, 310); the visitors come from generators in processes of their own:
// - unloaded: messages/s while only the campaign runs, up to 20% delivered;
// - then "while it sends, sign-ups stay >= 800/s and a page view p99 < 50 ms", measured two
//   ways (decision 310), each for `load-seconds`, with page views of `/` one at a time
//   (`view-gap-ms` between an answer and the next view; wrk, asking as a browser does):
//   (a) capacity: sign-ups (`/contato` form posts, `connections` at once, closed loop; wrk)
//       as fast as the site answers them: sign-ups/s, their p50/p99, `/` p50/p99;
//   (b) at the target: sign-ups offered at a fixed `target-rate` (open loop, scheduled
//       whether or not earlier ones answered; ./paced.ts): answered/s, their p50/p99 from
//       their scheduled time, `/` p50/p99;
//   each with messages/s meanwhile, every generator's own CPU, and where the window's CPU
//   went (web, worker, PostgreSQL, SMTP sink, generators); afterwards the waiting list must
//   hold exactly one row per successful sign-up;
// - then every server process (web and worker) is SIGKILLed at 45% and again at 70% and
//   started again, and at the end each recipient must have had exactly one message: every
//   delivery to it carries the same Message-ID (a resend after a kill is the same message),
//   none is missing, and the campaign is done with every message sent.
// Flags: --recipients=100000, --connections=32, --load-seconds=15, --target-rate=800,
// --view-gap-ms=10.
import pg from "pg";
import {
  type BuiltServer,
  type BuiltWorker,
  startBuiltServer,
  startBuiltWorker,
} from "../../tests/support/built-server.ts";
import {
  createDatabase,
  dropDatabase,
  postgresReachable,
  uniqueDatabaseName,
} from "../../tests/support/postgres.ts";
import { type CpuBudget, formatCpuBudget, loadAverage, startCpuBudget } from "./measure.ts";
import { pacedForm } from "./paced.ts";
import { startSmtpSink } from "./smtp-sink.ts";
import { wrk, wrkForm } from "./wrk.ts";

const flag = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const recipients = Number(flag("recipients", "100000"));
const connections = Number(flag("connections", "32"));
const loadSeconds = Number(flag("load-seconds", "15"));
const targetRate = Number(flag("target-rate", "800"));
const viewGapMs = Number(flag("view-gap-ms", "10"));
const KILLS_AT = [0.45, 0.7];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
if (!(await postgresReachable())) {
  console.error("PostgreSQL is unreachable (TEST_DATABASE_URL): bench:campaign needs it.");
  process.exit(1);
}

const name = uniqueDatabaseName("agentes_bench_campaign");
const url = await createDatabase(name);
const pool = new pg.Pool({ connectionString: url, max: 2 });
const sink = await startSmtpSink();
const env = {
  DATABASE_URL: url,
  SMTP_URL: sink.url,
  CAMPAIGN_RATE_PER_SECOND: "0",
  CAMPAIGN_DOMAIN_RATE_PER_SECOND: "0",
  // A killed worker's claimed messages are due again after this.
  EMAIL_LEASE_MS: "5000",
  SIGNUP_RATE_LIMIT: "0",
  LOG_LEVEL: "warn",
};
const startWeb = () => startBuiltServer({ ...env, WORKER: "off" }, { timeoutMs: 120_000 });
const startWorker = () => startBuiltWorker(env, { timeoutMs: 120_000 });

/** Waits until `count` messages were accepted; answers when (epoch ms). */
async function until(count: number): Promise<number> {
  while ((await sink.count()) < count) await sleep(100);
  return Date.now();
}

// A visitor's sign-up as a browser without JavaScript posts it (success: 303); `{n}` is made
// unique per post by the generator.
const signupForm = "name=Pessoa+Carga&email=carga-{n}%40visitantes.example.com&terms=on";

/** `/` one view at a time, `viewGapMs` apart, for `loadSeconds`, from wrk. */
const pageViews = (site: BuiltServer) =>
  wrk(`${site.url}/`, {
    seconds: loadSeconds,
    connections: 1,
    countStatuses: true,
    gapMs: viewGapMs,
  });

/**
 * Runs `load` against the web process and answers what it printed, the messages/s sent
 * meanwhile and where the window's CPU went (`generators`: each generator's own CPU, ms).
 */
async function duringLoad<T>(
  site: BuiltServer,
  sender: BuiltWorker,
  load: () => Promise<T>,
  generators: (result: T) => Record<string, number>,
): Promise<{ result: T; messagesPerSecond: number; cpu: CpuBudget }> {
  const budget = startCpuBudget(
    { web: site.process.pid, worker: sender.process.pid, "SMTP sink": sink.pid },
    name,
  );
  const from = performance.now();
  const countFrom = await sink.count();
  const result = await load();
  const messages = (await sink.count()) - countFrom;
  const seconds = (performance.now() - from) / 1000;
  return {
    result,
    messagesPerSecond: Math.round(messages / seconds),
    cpu: budget.stop(generators(result)),
  };
}

const waitlistRows = async () =>
  (await pool.query<{ n: number }>("select count(*)::int as n from waitlist")).rows[0]!.n;

let web: BuiltServer | undefined;
let worker: BuiltWorker | undefined;
let failed = false;
try {
  // The web process migrates and seeds; the worker starts on the migrated database.
  web = await startWeb();
  worker = await startWorker();
  await pool.query(
    `insert into newsletter_subscribers (email, confirmed_at)
     select 'leitor-' || i || '@dominio' || (i % 50) || '.example.com', now()
     from generate_series(1, $1) i`,
    [recipients],
  );
  await pool.query(
    `insert into campaigns (subject, preview_text, body, audience, status, scheduled_at,
       created_by)
     values ('O TrendKey abriu vagas', 'Vagas abertas', $1, 'newsletter', 'scheduled', now(),
       'bench@agentesfx.com.br')`,
    [
      "Olá!\n\nO **TrendKey BTC** abriu novas vagas. [Veja os detalhes](https://agentesfx.com.br/agentes).\n\n" +
        "- Operação automática\n- Acompanhamento diário\n\nAté breve.",
    ],
  );
  const started = Date.now();
  await pool.query("select pg_notify('email_outbox_queued', '')");

  const unloadedFrom = await until(1);
  const unloadedTo = await until(Math.ceil(recipients * 0.2));
  const unloadedCount = await sink.count();

  const loadBefore = loadAverage();
  const rowsBefore = await waitlistRows();
  const capacity = await duringLoad(
    web,
    worker,
    () =>
      Promise.all([
        wrkForm(web!.url, {
          path: "/contato",
          template: signupForm,
          prefix: "a",
          successStatus: 303,
          connections,
          seconds: loadSeconds,
        }),
        pageViews(web!),
      ]),
    ([signups, views]) => ({
      "sign-up generator (wrk)": signups.generatorCpuMs,
      "view generator (wrk)": views.generatorCpuMs,
    }),
  );
  const atTarget = await duringLoad(
    web,
    worker,
    () =>
      Promise.all([
        pacedForm({
          url: web!.url,
          path: "/contato",
          template: signupForm,
          prefix: "b",
          successStatus: 303,
          rate: targetRate,
          seconds: loadSeconds,
        }),
        pageViews(web!),
      ]),
    ([signups, views]) => ({
      "sign-up generator (paced)": signups.generatorCpuMs,
      "view generator (wrk)": views.generatorCpuMs,
    }),
  );
  const loadAfter = loadAverage();
  const rows = (await waitlistRows()) - rowsBefore;

  const killed: string[] = [];
  for (const share of KILLS_AT) {
    await until(Math.ceil(recipients * share));
    const at = await sink.count();
    await Promise.all([web.kill(), worker.kill()]);
    killed.push(`${at} delivered`);
    web = await startWeb();
    worker = await startWorker();
  }

  await until(recipients);
  // Whatever a kill left leased comes back after the lease: wait for the campaign to settle.
  let settled: { status: string; sent: number; pending: number } | undefined;
  for (let i = 0; i < 600; i++) {
    const { rows } = await pool.query<{ status: string; sent: number; pending: number }>(
      `select c.status,
         count(*) filter (where m.status = 'sent')::int as sent,
         count(*) filter (where m.status = 'pending')::int as pending
       from campaigns c join campaign_messages m on m.campaign_id = c.id group by c.status`,
    );
    settled = rows[0];
    if (settled?.status === "done") break;
    await sleep(250);
  }
  const deliveries = await sink.deliveries();
  const all = [...deliveries.values()].flat();
  const times = all.map(({ at }) => at).sort((a, b) => a - b);
  const twoIds = [...deliveries.values()].filter(
    (list) => new Set(list.map(({ messageId }) => messageId)).size !== 1,
  ).length;
  const readers = [...deliveries.keys()].filter((to) => to.startsWith("leitor-")).length;
  const exactlyOnce =
    readers === recipients &&
    twoIds === 0 &&
    settled?.status === "done" &&
    settled.sent === recipients;
  const [closed, closedViews] = capacity.result;
  const [paced, pacedViews] = atTarget.result;
  const successes = closed.successful + paced.successful;
  const signupsCounted = rows === successes && closed.failed === 0 && paced.failed === 0;
  failed = !exactlyOnce || !signupsCounted || closedViews.failed > 0 || pacedViews.failed > 0;
  const closedRate = closed.successful / closed.seconds;
  const views = (result: typeof closedViews) =>
    `page view / one at a time (${viewGapMs} ms apart): p50 ${result.p50Ms} ms, ` +
    `p99 ${result.p99Ms} ms (${result.requests} views, ${result.failed} failed; ` +
    `wrk ${Math.round((result.generatorCpuMs * 1000) / Math.max(1, result.requests))} µs CPU each)`;
  const met = (ok: boolean) => (ok ? "met" : "missed");

  const rate = (count: number, ms: number) => Math.round(count / (ms / 1000));
  console.log(
    `campaign to ${recipients} readers (PostgreSQL; SMTP in its own process; throttle off)\n` +
      `  unloaded: ${unloadedCount} messages in ${((unloadedTo - unloadedFrom) / 1000).toFixed(1)} s: ` +
      `${rate(unloadedCount, unloadedTo - unloadedFrom)} messages/s\n` +
      `  load average ${loadBefore} before the visitors, ${loadAfter} after\n` +
      `  (a) capacity, ${closed.seconds.toFixed(1)} s: sign-ups ${Math.round(closedRate)}/s closed loop ` +
      `(${connections} connections, wrk: ${closed.successful} answered 303, ${closed.failed} other; ` +
      `p50 ${closed.p50Ms} ms, p99 ${closed.p99Ms} ms; wrk ` +
      `${Math.round((closed.generatorCpuMs * 1000) / Math.max(1, closed.answered))} µs CPU each); ` +
      `${views(closedViews)}; ${capacity.messagesPerSecond} messages/s meanwhile\n` +
      `      ${formatCpuBudget(capacity.cpu)}\n` +
      `  (b) at the target, ${paced.seconds.toFixed(1)} s: sign-ups offered at ${targetRate}/s open loop ` +
      `(${paced.offered}): ${Math.round(paced.answeredPerSecond)}/s answered 303 (${paced.successful}, ` +
      `${paced.failed} other), from their scheduled time p50 ${paced.p50Ms} ms, p99 ${paced.p99Ms} ms, ` +
      `max ${paced.maxMs} ms (sent late p99 ${paced.sendLagP99Ms} ms; generator ` +
      `${Math.round((paced.generatorCpuMs * 1000) / Math.max(1, paced.offered))} µs CPU each); ` +
      `${views(pacedViews)}; ${atTarget.messagesPerSecond} messages/s meanwhile\n` +
      `      ${formatCpuBudget(atTarget.cpu)}\n` +
      `  waiting list: ${rows} new rows for ${successes} sign-ups answered 303: ` +
      `${signupsCounted ? "yes" : "NO"}\n` +
      `  target (>= ${targetRate} sign-ups/s, / p99 < 50 ms while it sends): ` +
      `(a) ${met(closedRate >= targetRate && closedViews.p99Ms < 50)}, ` +
      `(b) ${met(paced.answeredPerSecond >= targetRate * 0.99 && pacedViews.p99Ms < 50)}\n` +
      `  every server process SIGKILLed at ${killed.join(" and at ")} and started again\n` +
      `  whole send: ${((times.at(-1)! - started) / 1000).toFixed(1)} s from the start, ` +
      `${rate(recipients, times.at(-1)! - times[0]!)} messages/s first to last including the restarts; ` +
      `${all.length} SMTP deliveries\n` +
      `  exactly once: ${readers} of ${recipients} readers reached, ${twoIds} with more than one ` +
      `Message-ID, campaign ${settled?.status} with ${settled?.sent} sent and ${settled?.pending} pending: ` +
      `${exactlyOnce ? "yes" : "NO"}`,
  );
} finally {
  await Promise.all([web?.stop(), worker?.stop()]);
  await sink.close();
  await pool.end();
  await dropDatabase(name);
}
process.exit(failed ? 1 : 0);

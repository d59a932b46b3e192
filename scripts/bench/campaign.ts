// `npm run bench:campaign` (issue 21): a campaign to `recipients` newsletter readers on
// PostgreSQL, sent by `npm run worker` (build/worker.js) to a local SMTP server in a process
// of its own (scripts/bench/smtp-sink.ts), with the web process (WORKER=off) serving
// visitors; the throttle is off. This process only seeds, loads and counts (decision 193).
// - unloaded: messages/s while only the campaign runs, up to 20% delivered;
// - loaded: up to 45%, sign-ups (`/contato`, `connections` at once) and page views (`/`, one
//   at a time) against the web process: sign-ups/s, page view p50/p99, messages/s meanwhile;
// - then every server process (web and worker) is SIGKILLed at 45% and again at 70% and
//   started again, and at the end each recipient must have had exactly one message: every
//   delivery to it carries the same Message-ID (a resend after a kill is the same message),
//   none is missing, and the campaign is done with every message sent.
// Flags: --recipients=100000, --connections=32, --load-seconds=15.
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
import { postSignUp } from "../../tests/support/http.ts";
import { startSmtpSink } from "./smtp-sink.ts";

const flag = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const recipients = Number(flag("recipients", "100000"));
const connections = Number(flag("connections", "32"));
const loadSeconds = Number(flag("load-seconds", "15"));
const KILLS_AT = [0.45, 0.7];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

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

/** Sign-ups and page views against `web` while `going()`; answers their figures. */
async function visitors(web: BuiltServer, going: () => boolean) {
  let signups = 0;
  let failed = 0;
  let serial = 0;
  const views: number[] = [];
  const started = performance.now();
  const signupLoop = async () => {
    while (going()) {
      try {
        const email = `carga-${(serial += 1)}@visitantes.example.com`;
        if ((await postSignUp(web.url, email, "Pessoa Carga")) === 303) signups += 1;
        else failed += 1;
      } catch {
        failed += 1;
      }
    }
  };
  const viewLoop = async () => {
    while (going()) {
      const at = performance.now();
      const response = await fetch(`${web.url}/`);
      await response.arrayBuffer();
      if (response.ok) views.push(performance.now() - at);
    }
  };
  await Promise.all([...Array.from({ length: connections }, signupLoop), viewLoop()]);
  const seconds = (performance.now() - started) / 1000;
  views.sort((a, b) => a - b);
  return { signups, failed, seconds, views };
}

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

  const loadedFrom = Date.now();
  const countFrom = await sink.count();
  const loadTarget = Math.ceil(recipients * KILLS_AT[0]!);
  let loading = true;
  const stopLoad = Promise.race([until(loadTarget), sleep(loadSeconds * 1000)]).then(() => {
    loading = false;
  });
  const load = await visitors(web, () => loading);
  await stopLoad;
  const loadedCount = (await sink.count()) - countFrom;
  const loadedSeconds = (Date.now() - loadedFrom) / 1000;

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
  failed = !exactlyOnce;

  const rate = (count: number, ms: number) => Math.round(count / (ms / 1000));
  console.log(
    `campaign to ${recipients} readers (PostgreSQL; SMTP in its own process; throttle off)\n` +
      `  unloaded: ${unloadedCount} messages in ${((unloadedTo - unloadedFrom) / 1000).toFixed(1)} s: ` +
      `${rate(unloadedCount, unloadedTo - unloadedFrom)} messages/s\n` +
      `  loaded (${loadedSeconds.toFixed(1)} s): ${Math.round(loadedCount / loadedSeconds)} messages/s; ` +
      `sign-ups ${Math.round(load.signups / load.seconds)}/s (${load.signups} answered 303, ${load.failed} other, ` +
      `${connections} at once); page view / p50 ${percentile(load.views, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(load.views, 99).toFixed(1)} ms (${load.views.length} views)\n` +
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

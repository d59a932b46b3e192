// Issue 38's burst, part of `npm run bench:statement`: 1,000 DKIM-signed statement e-mails
// delivered at once to the built server's statement receiver (docs/decisions/377) while
// /healthz is asked every 5 ms from a thread of the bench. The broker is a process of its own
// (as paced.ts's generator is): it composes and signs every message before the burst (a
// generated 2048-bit key whose public half the bench's own DNS server publishes, as the tests
// do), then delivers them over as many connections as the receiver takes (MAX_CONNECTIONS),
// each connection at most MESSAGES_PER_CONNECTION messages, and tries a message answered 4xx
// again a second later, as a mail server would. The messages are ten consecutive daily
// statements of each of 100 robots' accounts, sent day by day (a broker's end-of-day run held
// back ten days). Afterwards the database (the server stopped) must hold each message once,
// accepted with its signature verified, and each statement once; and each robot's published
// record must be the union of its ten days. /healthz is also asked for 10 s before the burst,
// to tell the machine's load from the burst's (docs/decisions/456). On a fresh PGlite, then on
// a fresh PostgreSQL database when one is reachable.
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { robots, signedStatementInboxes } from "../../db/schema.ts";
import {
  connectPglite,
  connectPostgres,
  type Connection,
} from "../../app/platform/db/db.server.ts";
import {
  MAX_CONNECTIONS,
  MESSAGES_PER_CONNECTION,
} from "../../app/features/signed-statements/model.ts";
import { freePort, startBuiltServer } from "../../tests/support/built-server.ts";
import { dkimRecord, startDkimDns } from "../../tests/support/dkim-dns.ts";
import {
  createDatabase,
  dropDatabase,
  postgresReachable,
  uniqueDatabaseName,
} from "../../tests/support/postgres.ts";
import {
  brokerKey,
  signedStatementMail,
  type BrokerKey,
} from "../../tests/support/signed-statement-mail.ts";
import {
  generatedLedger,
  mt4Statement,
  periodStatements,
  utf8,
} from "../../tests/support/statement-fixtures.ts";
import { loadAverage, startHealthProber, treeCpuMilliseconds } from "./measure.ts";

const ACCOUNTS = 100;
const DAYS = 10;
const DOMAIN = "extratos.bench.test";
const BROKER_DOMAIN = "mail.corretora-burst.com";

interface Account {
  slug: string;
  address: string;
  number: string;
  seed: number;
}

interface BurstOptions {
  port: number;
  key: BrokerKey;
  accounts: Account[];
}

interface BurstResult {
  messages: number;
  accepted: number;
  /** Final answers other than 250, by code. */
  refused: Record<string, number>;
  /** 4xx answers, each tried again a second later, by code. */
  retried: Record<string, number>;
  /** From the first message written to the last final answer, ms. */
  elapsedMs: number;
  /** From the burst's start to each message's 250, ms. */
  p50Ms: number;
  p99Ms: number;
  signMs: number;
  generatorCpuMs: number;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)
  ] ?? NaN;

const day = (i: number) => `2021.11.${String(i + 1).padStart(2, "0")} 00:00:00`;

/** The account's statements of its first DAYS days, from 2021.11.01, each day its rows. */
function dailyPeriods(account: Account) {
  const ledger = {
    ...generatedLedger({ trades: 120, months: 1, seed: account.seed }),
    account: account.number,
  };
  return periodStatements(
    ledger,
    Array.from({ length: DAYS }, (_, i) => ({ from: day(i), to: day(i + 1) })),
  );
}

const dailyStatements = (account: Account) =>
  dailyPeriods(account).map((period) =>
    utf8(mt4Statement(period.ledger, { openingBalance: period.openingBalance })),
  );

/** The broker's process: signs every message, then delivers them all at once. */
async function broker({ port, key, accounts }: BurstOptions): Promise<BurstResult> {
  const signStarted = performance.now();
  const byAccount = accounts.map(dailyStatements);
  const messages: { to: string; raw: Buffer }[] = [];
  for (let day = 0; day < DAYS; day++) {
    for (const [i, account] of accounts.entries()) {
      const raw = await signedStatementMail(
        {
          to: account.address,
          statement: byAccount[i]![day]!,
          fileName: `Statement-${day + 1}.htm`,
        },
        key,
      );
      messages.push({ to: account.address, raw });
    }
  }
  const signMs = performance.now() - signStarted;
  process.send?.({ ready: true });
  await new Promise((resolve) => process.once("message", resolve));

  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: MAX_CONNECTIONS,
    maxMessages: MESSAGES_PER_CONNECTION,
  });
  const refused: Record<string, number> = {};
  const acceptedAt: number[] = [];
  const retried: Record<string, number> = {};
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let lastAnswer = started;
  const deliver = async ({ to, raw }: { to: string; raw: Buffer }): Promise<void> => {
    try {
      await transport.sendMail({ envelope: { from: `reports@${key.domain}`, to }, raw });
      lastAnswer = performance.now();
      acceptedAt.push(lastAnswer - started);
    } catch (error) {
      const code = (error as { responseCode?: number; code?: string }).responseCode;
      if (code !== undefined && code >= 400 && code < 500) {
        retried[code] = (retried[code] ?? 0) + 1;
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return deliver({ to, raw });
      }
      lastAnswer = performance.now();
      const label = String(code ?? (error as { code?: string }).code ?? "error");
      refused[label] = (refused[label] ?? 0) + 1;
    }
  };
  await Promise.all(messages.map(deliver));
  const cpu = process.cpuUsage(cpuBefore);
  transport.close();
  return {
    messages: messages.length,
    accepted: acceptedAt.length,
    refused,
    retried,
    elapsedMs: lastAnswer - started,
    p50Ms: percentile(acceptedAt, 50),
    p99Ms: percentile(acceptedAt, 99),
    signMs,
    generatorCpuMs: (cpu.user + cpu.system) / 1000,
  };
}

/** The broker in a child process: resolves once its messages are signed; `go()` sends them. */
async function startBroker(options: BurstOptions) {
  const child = fork(import.meta.filename, ["--broker"], { stdio: "inherit" });
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`the broker exited with ${code}`))),
  );
  const next = () =>
    Promise.race([new Promise((resolve) => child.once("message", resolve)), exited]);
  child.send(options);
  await next();
  return {
    go: async () => {
      child.send("go");
      return (await next()) as BurstResult;
    },
  };
}

/** What the database holds of the burst, read after the server stopped. */
async function stored(connection: Connection, expectedTrades: Map<string, number>) {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await connection.db.execute(query)) as unknown as { rows: T[] }).rows;
  try {
    const [messages] = await rows<
      Record<"messages" | "verified" | "distinctMessages" | "distinctStatements", number>
    >(sql`select
        count(*)::int as messages,
        count(*) filter (where outcome = 'accepted' and signing_domain = ${BROKER_DOMAIN})::int
          as verified,
        count(distinct sha256)::int as "distinctMessages",
        count(distinct statement_id)::int as "distinctStatements"
      from signed_statement_messages`);
    const [statements] = await rows<
      Record<"statements" | "signed" | "distinctFiles" | "orphanParts" | "logged", number>
    >(sql`select
        count(*)::int as statements,
        count(*) filter (where signed_by_domain = ${BROKER_DOMAIN}
          and signature_verified_at is not null)::int as signed,
        count(distinct (robot_id, sha256))::int as "distinctFiles",
        (select count(*)::int from performance_statement_files f
          where not exists (select 1 from performance_statements s where s.id = f.statement_id))
          as "orphanParts",
        (select count(*)::int from record_log_entries where kind = 'statement') as logged
      from performance_statements`);
    // Each robot's latest publication and the trades its record counts.
    const latest = await rows<{ key: string; trades: number }>(sql`select distinct on (p.robot_id)
        r.key, (coalesce(p.record, s.record)->>'trades')::int as trades
      from performance_publications p
      join performance_statements s on s.id = p.statement_id
      join robots r on r.id = p.robot_id
      order by p.robot_id, p.published_at desc, p.id desc`);
    const refusals = await rows<{ reason: string; detail: string | null; n: number }>(sql`select
        reason, detail, count(*)::int as n
      from signed_statement_messages where outcome = 'refused' group by reason, detail`);
    return {
      ...messages!,
      ...statements!,
      refusals: refusals.map((row) => `${row.n} ${row.reason} (${row.detail ?? ""})`),
      published: latest.length,
      complete: latest.filter((row) => row.trades === expectedTrades.get(row.key)).length,
    };
  } finally {
    await connection.close();
  }
}

/** The burst on a fresh PGlite (the server's own thread runs it) and, when reachable, PostgreSQL. */
export async function burstBench() {
  console.log(`  PGlite (load average ${loadAverage()}):`);
  await burstOn("pglite");
  if (await postgresReachable()) {
    console.log(`  PostgreSQL (load average ${loadAverage()}):`);
    await burstOn("postgres");
  }
}

async function burstOn(database: "pglite" | "postgres") {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-bench-burst-"));
  const databaseName = uniqueDatabaseName("agentes_bench_burst");
  const databaseUrl = database === "postgres" ? await createDatabase(databaseName) : undefined;
  const connect = () => (databaseUrl ? connectPostgres(databaseUrl) : connectPglite(dataDir));
  const dns = await startDkimDns();
  try {
    const key = brokerKey(BROKER_DOMAIN);
    dns.publish(key.selector, key.domain, dkimRecord(key.publicKey));
    const accounts: Account[] = [];
    const connection = await connect();
    try {
      for (let i = 0; i < ACCOUNTS; i++) {
        const slug = `burst-${String(i + 1).padStart(3, "0")}`;
        const [robot] = await connection.db
          .insert(robots)
          .values({ key: slug, slug, name: `Burst ${i + 1}`, description: "Robô do benchmark." })
          .returning({ id: robots.id });
        const mailbox = `${slug}-bench`;
        const number = String(70_000_000 + i);
        await connection.db.insert(signedStatementInboxes).values({
          robotId: robot!.id,
          mailbox,
          accountNumber: number,
          brokerDomains: [BROKER_DOMAIN],
          accountKind: "real",
          broker: "Corretora Burst",
          serverClock: "+00:00",
          currency: "USD",
          updatedBy: "bench",
        });
        accounts.push({ slug, address: `${mailbox}@${DOMAIN}`, number, seed: 100 + i });
      }
    } finally {
      await connection.close();
    }
    const smtpPort = await freePort();
    const server = await startBuiltServer(
      {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        STATEMENT_SMTP_PORT: String(smtpPort),
        STATEMENT_SMTP_HOST: "127.0.0.1",
        STATEMENT_MAIL_DOMAIN: DOMAIN,
        DKIM_DNS_SERVERS: dns.server,
      },
      { timeoutMs: 300_000 },
    );
    let result: BurstResult;
    let health: number[];
    let serverCpuMs: number;
    let idle: number[];
    let loadBefore: string;
    try {
      const sender = await startBroker({ port: smtpPort, key, accounts });
      // The same probes for 10 s before the burst: what the machine's load alone makes of them.
      const idleProber = await startHealthProber(server.url, 5);
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      idle = await idleProber.stop();
      loadBefore = loadAverage();
      const prober = await startHealthProber(server.url, 5);
      const cpuBefore = treeCpuMilliseconds(server.process.pid!);
      result = await sender.go();
      serverCpuMs = treeCpuMilliseconds(server.process.pid!) - cpuBefore;
      health = await prober.stop();
    } finally {
      await server.stop();
    }
    const loadAfter = loadAverage();
    const expectedTrades = new Map(
      accounts.map((account) => [
        account.slug,
        dailyPeriods(account).reduce((sum, period) => sum + period.ledger.trades.length, 0),
      ]),
    );
    const db = await stored(await connect(), expectedTrades);
    const seconds = result.elapsedMs / 1000;
    console.log(
      `    ${result.messages.toLocaleString("en")} signed e-mails (${ACCOUNTS} accounts x ${DAYS} daily statements, signed in ${(result.signMs / 1000).toFixed(1)} s before the burst) over up to ${MAX_CONNECTIONS} connections: ${result.accepted} answered 250, refused ${JSON.stringify(result.refused)}, tried again a second after a 4xx: ${JSON.stringify(result.retried)}; all stored in ${seconds.toFixed(1)} s (${(result.accepted / seconds).toFixed(1)} messages/s; each message's 250 p50 ${(result.p50Ms / 1000).toFixed(1)} s, p99 ${(result.p99Ms / 1000).toFixed(1)} s from the start); server CPU (web process and reader) ${(serverCpuMs / 1000).toFixed(1)} s, broker's ${(result.generatorCpuMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `    /healthz during the burst: ${health.length} probes, p50 ${percentile(health, 50).toFixed(1)} ms, p95 ${percentile(health, 95).toFixed(1)} ms, p99 ${percentile(health, 99).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms; idle before it (${idle.length} probes in 10 s) p50 ${percentile(idle, 50).toFixed(1)}, p95 ${percentile(idle, 95).toFixed(1)}, p99 ${percentile(idle, 99).toFixed(1)} ms (load average before ${loadBefore}, after ${loadAfter})`,
    );
    console.log(
      `    in the database: ${db.messages} messages (${db.verified} accepted with the broker's signature verified, ${db.distinctMessages} distinct, ${db.distinctStatements} statements named), ${db.statements} statements (${db.signed} signed, ${db.distinctFiles} distinct files, ${db.logged} logged, ${db.orphanParts} orphan file parts); refused: ${db.refusals.join("; ") || "none"}; ${db.published} robots published, ${db.complete} of ${ACCOUNTS} with a record of all ${DAYS} days' trades`,
    );
    const expected = ACCOUNTS * DAYS;
    const once =
      result.accepted === expected &&
      db.messages === expected &&
      db.verified === expected &&
      db.distinctMessages === expected &&
      db.distinctStatements === expected &&
      db.statements === expected &&
      db.signed === expected &&
      db.distinctFiles === expected &&
      db.logged === expected &&
      db.orphanParts === 0;
    console.log(
      `    ${once ? "each message verified and stored once" : "NOT each message verified and stored once"}; /healthz p99 ${percentile(health, 99) < 50 ? "<" : ">="} 50 ms`,
    );
  } finally {
    await dns.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(databaseName);
  }
}

if (process.argv[2] === "--broker") {
  process.once("message", (options) => {
    void broker(options as BurstOptions).then((result) =>
      process.send?.(result, () => process.exit(0)),
    );
  });
}

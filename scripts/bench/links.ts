// `npm run bench:links`: does the answer time of a form that e-mails a link tell a listed
// address from an unlisted one (issue 25, class 1; docs/decisions/225)? For each such form
// (/meus-dados, /minha-conta, /newsletter) it posts a few hundred fresh listed and unlisted
// addresses, interleaved in a random order, to the built server on its own database, and
// prints the median, p95 and mean answer time of each kind and their difference. The
// per-client limit stays on (raised high), as production has it.
import os from "node:os";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { connectPglite, connectPostgres } from "../../app/platform/db/db.server.ts";
import { startBuiltServer } from "../../tests/support/built-server.ts";
import { form } from "../../tests/support/http.ts";
import {
  createDatabase,
  dropDatabase,
  postgresReachable,
  uniqueDatabaseName,
} from "../../tests/support/postgres.ts";

const FORMS = [
  { path: "/meus-dados", listed: "listed" },
  { path: "/minha-conta", listed: "customer" },
  { path: "/newsletter", listed: "subscriber" },
] as const;

const listedAddress = (kind: string, i: number) => `${kind}${i}@example.com`;

/**
 * `count` people for each form's listed side: waitlist entries (Meus dados), entries with an
 * order (customer area), confirmed newsletter subscribers.
 */
function seedStatements(count: number): string[] {
  return [
    `insert into waitlist (name, email, interested_agents, terms_accepted_at, confirmed_at)
     select 'Pessoa ' || i, 'listed' || i || '@example.com', array['yenmax'], now(), now()
       from generate_series(1, ${count}) i
     union all
     select 'Cliente ' || i, 'customer' || i || '@example.com', array['yenmax'], now(), now()
       from generate_series(1, ${count}) i`,
    `insert into orders (reference, waitlist_id, robot_name, state, partner_broker,
       price_usd_cents, deadline, paid_at)
     select 'LINKS' || row_number() over (order by id), id, 'YenMax', 'paid', false, 4900,
       now(), now()
       from waitlist where email like 'customer%'`,
    `insert into newsletter_subscribers (email, confirmed_at)
     select 'subscriber' || i || '@example.com', now() from generate_series(1, ${count}) i`,
    "analyze",
  ];
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

async function post(url: string, email: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(url).origin },
    body: form({ email }),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

async function run(database: "postgres" | "pglite", count: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-bench-links-"));
  const databaseName = uniqueDatabaseName("agentes_bench_links");
  const databaseUrl = database === "postgres" ? await createDatabase(databaseName) : undefined;
  try {
    const connection = databaseUrl
      ? await connectPostgres(databaseUrl)
      : await connectPglite(dataDir);
    await connection.close();
    if (databaseUrl) {
      const pool = new pg.Pool({ connectionString: databaseUrl });
      for (const statement of seedStatements(count)) await pool.query(statement);
      await pool.end();
    } else {
      const seeded = await connectPglite(dataDir);
      for (const statement of seedStatements(count)) await seeded.db.execute(statement);
      await seeded.close();
    }
    const server = await startBuiltServer({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SIGNUP_RATE_LIMIT: "1000000",
    });
    try {
      console.log(`\n${database}: ${count} listed and ${count} unlisted addresses per form`);
      console.log(
        "form".padEnd(14) +
          "kind".padEnd(10) +
          "median ms".padStart(11) +
          "p95 ms".padStart(9) +
          "mean ms".padStart(9) +
          "  statuses",
      );
      for (const { path: formPath, listed } of FORMS) {
        const url = server.url + formPath;
        // Warm-up, not counted: the route's first requests compile and connect.
        for (let i = 0; i < 20; i += 1) await post(url, `warmup${i}-${listed}@example.net`);
        const order = [
          ...Array.from({ length: count }, (_, i) => ({ kind: "listed", i })),
          ...Array.from({ length: count }, (_, i) => ({ kind: "unlisted", i })),
        ].sort(() => Math.random() - 0.5);
        const times: Record<string, number[]> = { listed: [], unlisted: [] };
        const statuses = new Set<number>();
        for (const { kind, i } of order) {
          const email =
            kind === "listed"
              ? listedAddress(listed, i + 1)
              : `nobody${i + 1}-${listed}@example.net`;
          const answer = await post(url, email);
          times[kind]!.push(answer.ms);
          statuses.add(answer.status);
        }
        for (const kind of ["listed", "unlisted"]) {
          const values = times[kind]!;
          console.log(
            formPath.padEnd(14) +
              kind.padEnd(10) +
              percentile(values, 50).toFixed(2).padStart(11) +
              percentile(values, 95).toFixed(2).padStart(9) +
              mean(values).toFixed(2).padStart(9) +
              `  ${[...statuses].join(",")}`,
          );
        }
        console.log(
          `${formPath}: median listed - unlisted = ${(percentile(times.listed!, 50) - percentile(times.unlisted!, 50)).toFixed(2)} ms`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(databaseName);
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      count: { type: "string", default: "300" },
      only: { type: "string" },
    },
  });
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  if (values.only !== "pglite" && (await postgresReachable())) {
    await run("postgres", Number(values.count));
  }
  if (values.only !== "postgres") await run("pglite", Number(values.count));
}

// `npm run bench:invites`: on a fresh PostgreSQL database and the built server, 1,000
// invitations sent by 20 staff "Convidar próximos" of 50 (`POST /admin/convites`), 4 at a
// time, then the capacity lowered to 600 and 1,000 acceptances posted at once
// (`POST /convite/:token`). Prints both throughputs and checks that exactly 600 spots were
// taken, every acceptance beyond them answered 409, and nothing failed. Like the other
// benches it measures the built server over HTTP; this process only seeds and counts.
import pg from "pg";
import { createAdminWithCli } from "../../tests/support/admin-cli.ts";
import { startBuiltServer } from "../../tests/support/built-server.ts";
import { cookieFrom, form } from "../../tests/support/http.ts";
import {
  createDatabase,
  dropDatabase,
  postgresReachable,
  uniqueDatabaseName,
} from "../../tests/support/postgres.ts";
import { startSmtpServer } from "../../tests/support/smtp-server.ts";

const INVITATIONS = 1000;
const BATCH = 50;
const CAPACITY_AFTER = 600;
const STAFF_AT_ONCE = 4;
const ADMIN_EMAIL = "bench-invites@example.com";
const ADMIN_PASSWORD = "bench-invites-password-123";

if (!(await postgresReachable())) {
  console.error("PostgreSQL is unreachable (TEST_DATABASE_URL): bench:invites needs it.");
  process.exit(1);
}

const name = uniqueDatabaseName("agentes_bench_invites");
const url = await createDatabase(name);
const pool = new pg.Pool({ connectionString: url, max: 2 });
const smtp = await startSmtpServer();
// The server migrates and seeds the robots as it starts.
const server = await startBuiltServer({ DATABASE_URL: url, SMTP_URL: smtp.url, LOG_LEVEL: "warn" });

let failed = false;
try {
  await pool.query(
    `insert into waitlist (name, email, interested_agents, terms_accepted_at, confirmed_at,
       created_at)
     select 'Pessoa ' || i, 'bench' || i || '@example.com', array['trendkey-btc'], now(), now(),
       timestamptz '2026-01-01' + i * interval '1 second'
     from generate_series(0, $1 - 1) i`,
    [INVITATIONS],
  );
  const { rows: robot } = await pool.query<{ id: string }>(
    "update robots set capacity = $1 where key = 'trendkey-btc' returning id",
    [INVITATIONS],
  );
  if (!robot[0]) throw new Error("no TrendKey BTC robot");
  const robotId = robot[0].id;
  const { rows: people } = await pool.query<{ id: string }>(
    "select id from waitlist order by created_at",
  );
  await createAdminWithCli(url, ADMIN_EMAIL, ADMIN_PASSWORD);
  const login = await fetch(`${server.url}/admin`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: form({ intent: "login", email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    redirect: "manual",
  });
  if (login.status !== 302) throw new Error(`login answered ${login.status}`);
  const cookie = cookieFrom(login.headers);

  const inviteStart = performance.now();
  const inviteStatuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: STAFF_AT_ONCE }, async () => {
      while (next < INVITATIONS / BATCH) {
        const batch = people.slice(next * BATCH, (next + 1) * BATCH).map((person) => person.id);
        next += 1;
        const response = await fetch(`${server.url}/admin/convites`, {
          method: "POST",
          headers: {
            cookie,
            origin: server.url,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: form({ intent: "convidar-proximos", robotId, personId: batch }),
        });
        await response.arrayBuffer();
        inviteStatuses.push(response.status);
      }
    }),
  );
  const inviteSeconds = (performance.now() - inviteStart) / 1000;
  const {
    rows: [sent],
  } = await pool.query<{ n: number }>("select count(*)::int as n from invitations");
  const invited = sent?.n ?? 0;
  failed ||= inviteStatuses.some((status) => status !== 200) || invited !== INVITATIONS;
  console.log(
    `invitations: ${invited} sent by ${INVITATIONS / BATCH} "Convidar próximos" of ${BATCH}, ` +
      `${STAFF_AT_ONCE} at once, in ${inviteSeconds.toFixed(2)} s: ${Math.round(invited / inviteSeconds)} invitations/s ` +
      `(each with its status change and e-mail; statuses ${[...new Set(inviteStatuses)].join(", ")})`,
  );

  await pool.query("update robots set capacity = $1 where key = 'trendkey-btc'", [CAPACITY_AFTER]);
  // Each invitation's link is minted when its e-mail is sent (docs/decisions/113).
  const mails = await smtp.waitForMessages(invited, 120_000);
  const tokens = mails.flatMap(
    (mail) => /\/convite\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? "")?.[1] ?? [],
  );
  const acceptStart = performance.now();
  const statuses = await Promise.all(
    tokens.map(async (token) => {
      try {
        const response = await fetch(`${server.url}/convite/${token}`, {
          method: "POST",
          headers: {
            Origin: server.url,
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: "intent=accept",
        });
        await response.arrayBuffer();
        return response.status;
      } catch {
        return 0;
      }
    }),
  );
  const acceptSeconds = (performance.now() - acceptStart) / 1000;
  const count = (status: number) => statuses.filter((s) => s === status).length;
  console.log(
    `acceptances: ${tokens.length} concurrent POST /convite/:token in ${acceptSeconds.toFixed(2)} s: ` +
      `${Math.round(tokens.length / acceptSeconds)} requests/s; ` +
      `200: ${count(200)}, 409 (no spot left): ${count(409)}, other: ${tokens.length - count(200) - count(409)}`,
  );
  const others = statuses.filter((s) => s !== 200 && s !== 409);
  if (others.length > 0) {
    console.log(`other statuses: ${[...new Set(others)].join(", ")}`);
    console.log(server.output().slice(0, 1500));
  }
  if (count(200) !== CAPACITY_AFTER || count(409) !== tokens.length - CAPACITY_AFTER) {
    failed = true;
  }

  // Each acceptance holds its spot with an order awaiting payment (docs/decisions/154).
  const {
    rows: [row],
  } = await pool.query<{ accepted: number; open: number; orders: number }>(
    `select count(*) filter (where status = 'accepted')::int as accepted,
       count(*) filter (where status = 'sent')::int as open,
       (select count(*)::int from orders) as orders
     from invitations`,
  );
  const held = row?.accepted === CAPACITY_AFTER && row.orders === CAPACITY_AFTER;
  failed ||= !held;
  console.log(
    `capacity ${CAPACITY_AFTER}: ${row?.accepted} accepted, ${row?.open} still open, ` +
      `${row?.orders} orders: ${held ? "capacity held" : "CAPACITY NOT HELD"}`,
  );
} finally {
  await server.stop();
  await smtp.close();
  await pool.end();
  await dropDatabase(name);
}
process.exit(failed ? 1 : 0);

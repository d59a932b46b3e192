// `npm run bench:invites`: on a fresh PostgreSQL database, 1,000 invitations sent
// by 20 staff requests of 50, 4 at a time (the app's own invitation code, in this process), then
// the capacity lowered to 600 and 1,000 acceptances posted at once over HTTP to the built
// server (`POST /convite/:token`). Prints both throughputs and checks that exactly 600
// spots were taken, every acceptance beyond them answered 409, and nothing failed.
import { eq, sql } from "drizzle-orm";
import { invitations, robots, waitlist } from "../../db/schema.ts";
import { startBuiltServer } from "../../tests/support/built-server.ts";
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

if (!(await postgresReachable())) {
  console.error("PostgreSQL is unreachable (TEST_DATABASE_URL): bench:invites needs it.");
  process.exit(1);
}

const name = uniqueDatabaseName("agentes_bench_invites");
const url = await createDatabase(name);
process.env.DATABASE_URL = url;
process.env.LOG_LEVEL = "warn";
// Imported after DATABASE_URL is set: the app reads its environment once.
const { closeDatabase, getDb } = await import("../../app/platform/db/db.server.ts");
const { inviteNext } = await import("../../app/features/invitations/invitations.server.ts");

let failed = false;
try {
  const db = await getDb();
  const people = Array.from({ length: INVITATIONS }, (_, i) => ({
    name: `Pessoa ${i}`,
    email: `bench${i}@example.com`,
    interestedAgents: ["trendkey-btc"],
    termsAcceptedAt: new Date(),
    confirmedAt: new Date(),
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000),
  }));
  for (let i = 0; i < people.length; i += 500) {
    await db.insert(waitlist).values(people.slice(i, i + 500));
  }
  await db.update(robots).set({ capacity: INVITATIONS }).where(eq(robots.key, "trendkey-btc"));
  const [trendkey] = await db.select().from(robots).where(eq(robots.key, "trendkey-btc"));
  if (!trendkey) throw new Error("no TrendKey BTC robot");

  const inviteStart = performance.now();
  // Staff at once, below the pool's 10 connections: each waits on the robot's row lock
  // while holding a connection.
  const results: Array<Awaited<ReturnType<typeof inviteNext>>> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: STAFF_AT_ONCE }, async () => {
      while (next < INVITATIONS / BATCH) {
        next += 1;
        results.push(await inviteNext(trendkey.id, BATCH, `staff${next}@bench`, new Date()));
      }
    }),
  );
  const inviteSeconds = (performance.now() - inviteStart) / 1000;
  const invited = results.reduce((sum, r) => sum + ("invited" in r ? r.invited : 0), 0);
  console.log(
    `invitations: ${invited} sent by ${INVITATIONS / BATCH} "Convidar próximos" of ${BATCH}, ` +
      `${STAFF_AT_ONCE} at once, in ${inviteSeconds.toFixed(2)} s: ${Math.round(invited / inviteSeconds)} invitations/s ` +
      `(each with its status change, token and e-mail row)`,
  );

  await db.update(robots).set({ capacity: CAPACITY_AFTER }).where(eq(robots.key, "trendkey-btc"));
  await closeDatabase();

  const smtp = await startSmtpServer();
  const server = await startBuiltServer({ DATABASE_URL: url, SMTP_URL: smtp.url });
  try {
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
  } finally {
    await server.stop();
    await smtp.close();
  }

  const after = await getDb();
  const [row] = await after
    .select({
      accepted: sql<number>`count(*) filter (where ${invitations.status} = 'accepted')::int`,
      open: sql<number>`count(*) filter (where ${invitations.status} = 'sent')::int`,
    })
    .from(invitations);
  const converted = await after.$count(waitlist, eq(waitlist.status, "converted"));
  const held = row?.accepted === CAPACITY_AFTER && converted === CAPACITY_AFTER;
  failed ||= !held;
  console.log(
    `capacity ${CAPACITY_AFTER}: ${row?.accepted} accepted, ${row?.open} still open, ` +
      `${converted} converted: ${held ? "capacity held" : "CAPACITY NOT HELD"}`,
  );
} finally {
  await closeDatabase();
  await dropDatabase(name);
}
process.exit(failed ? 1 : 0);

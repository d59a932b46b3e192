import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { exchangeRates, invitations, robots, waitlist } from "../../../db/schema.ts";
import { callSection, signIn } from "../../../tests/support/admin-requests.ts";
import { deliverQueued, messagesTo } from "../../../tests/support/outbox.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { createOrResetAdmin } from "../../lib/auth.server.ts";
import { getDb } from "../../platform/db/db.server.ts";
import {
  inviteNext,
  invitePerson,
  spotsOf,
} from "../../features/invitations/invitations.server.ts";
import type { FilterInviteView } from "../../features/waitlist/admin-panel.tsx";

// "Convidar N pessoas deste filtro" on /admin/lista (decision 255), on both databases: the
// number the dialog shows is the number invited, in queue order, never past the robot's free
// spots, even with other invitations at once; a changed number answers 409 and sends nothing.
// The number comes from /admin/lista/convite when the dialog opens, never from the list's
// own load (decision 256).
const ADMIN = { email: "convites-filtro@agentesfx.test", password: "uma-senha-bem-longa-3" };
const FILTER = "origem=feira&agente=trendkey-btc";
let cookie: string;
const smtp = await smtpServerForFile();

const offer = async (search: string) => {
  const outcome = await callSection("/admin/lista/convite", {
    cookie,
    path: `/admin/lista/convite?${search}`,
  });
  return outcome.body as FilterInviteView;
};
const inviteAll = (quantidade: string, filtro = FILTER) =>
  callSection("/admin/lista", {
    cookie,
    fields: { intent: "convidar-filtro", filtro, quantidade },
  });

async function trendKey() {
  const db = await getDb();
  const [robot] = await db.select().from(robots).where(eq(robots.key, "trendkey-btc"));
  if (!robot) throw new Error("no TrendKey BTC robot");
  return robot;
}

/** Invitations to TrendKey BTC of people from the "Feira" source, by sign-up order. */
async function invitedAtFair() {
  const db = await getDb();
  return db
    .select({ email: waitlist.email, status: invitations.status, by: invitations.invitedBy })
    .from(invitations)
    .innerJoin(waitlist, eq(waitlist.id, invitations.waitlistId))
    .where(and(eq(waitlist.source, "Feira"), eq(invitations.robotId, (await trendKey()).id)))
    .orderBy(waitlist.createdAt);
}

beforeAll(async () => {
  const db = await getDb();
  await createOrResetAdmin(db, ADMIN);
  // Staff cannot invite while no exchange rate exists (decision 354).
  await db.insert(exchangeRates).values({ rate: "5.4321", setBy: ADMIN.email });
  cookie = await signIn(ADMIN.email, ADMIN.password, "198.51.100.71");
  // 30 confirmed people waiting for TrendKey BTC, oldest first (f00 the oldest); 3 who never
  // confirmed; 5 who want only YenMax; all from the same fair.
  await db.execute(sql`
    insert into waitlist (name, email, interested_agents, source, terms_accepted_at, created_at, confirmed_at)
    select 'Feira ' || i, 'f' || lpad(i::text, 2, '0') || '@exemplo.com',
           case when i < 33 then array['trendkey-btc'] else array['yenmax'] end, 'Feira', now(),
           timestamptz '2026-10-01 12:00:00Z' + i * interval '1 minute',
           case when i between 30 and 32 then null else now() end
      from generate_series(0, 37) as i`);
  // f05 already holds an invitation: one spot taken from the 12, and not invited twice.
  await db.update(robots).set({ capacity: 12 }).where(eq(robots.key, "trendkey-btc"));
  const [f05] = await db.select().from(waitlist).where(eq(waitlist.email, "f05@exemplo.com"));
  await invitePerson((await trendKey()).id, f05!.id, "outra@agentesfx.test", new Date());
});

describe("inviting the whole filter of /admin/lista", () => {
  it("counts nothing when the list loads; the dialog's route counts on request", async () => {
    const list = await callSection("/admin/lista", { cookie, path: `/admin/lista?${FILTER}` });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 33 });
    expect(list.body).not.toHaveProperty("invite");
    expect(JSON.stringify(list.body)).not.toMatch(/"(waiting|free|count)"/);

    expect(await offer(FILTER)).toMatchObject({ state: "ready", waiting: 29, count: 11 });
    const refused = await callSection("/admin/lista/convite", {
      cookie,
      path: "/admin/lista/convite?de=2026-02-31&agente=trendkey-btc",
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      state: "refused",
      error: expect.stringMatching(/[a-zà-ú]/),
    });
    // Behind the admin guard like every section.
    expect(
      (await callSection("/admin/lista/convite", { path: `/admin/lista/convite?${FILTER}` }))
        .status,
    ).not.toBe(200);
  });

  it("says why it is not offered when the filter spans several robots", async () => {
    expect(await offer("origem=feira")).toEqual({ state: "several-agents" });
    expect((await inviteAll("3", "origem=feira")).status).toBe(400);
  });

  it("invites exactly the number shown, in queue order, up to the free spots", async () => {
    // 29 of the filter are in the queue (f05 invited, 3 unconfirmed, 5 for another robot);
    // 11 spots are free.
    expect(await offer(FILTER)).toMatchObject({
      state: "ready",
      robotName: "TrendKey BTC",
      waiting: 29,
      free: 11,
      count: 11,
    });

    // The number confirmed no longer holds: 409 naming the new one, nothing sent.
    const stale = await inviteAll("12");
    expect(stale.status).toBe(409);
    expect((stale.body as { error: string }).error).toContain("agora 11 pessoas");
    expect(await invitedAtFair()).toHaveLength(1);

    expect((await inviteAll("11")).body).toEqual({ ok: true });
    const invited = await invitedAtFair();
    expect(invited.map((row) => row.email)).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(
        (i) => `f${String(i).padStart(2, "0")}@exemplo.com`,
      ),
    );
    expect(invited.filter((row) => row.by === ADMIN.email)).toHaveLength(11);
    expect(invited.every((row) => row.status === "sent")).toBe(true);
    const db = await getDb();
    expect(await spotsOf(db, await trendKey(), new Date())).toMatchObject({ held: 12, free: 0 });
    const contacted = await db
      .select({ email: waitlist.email })
      .from(waitlist)
      .where(and(eq(waitlist.source, "Feira"), eq(waitlist.status, "contacted")));
    expect(contacted).toHaveLength(12);

    // Each one gets the invitation e-mail, through the outbox, with its 48 hours.
    await deliverQueued(smtp);
    const mail = messagesTo(smtp, "f00@exemplo.com");
    expect(mail.map((m) => m.subject)).toEqual(["Sua vaga no TrendKey BTC: confirme em 48 horas"]);
    expect(messagesTo(smtp, "f12@exemplo.com")).toHaveLength(0);

    // No spots left: nothing offered, and the reason said.
    expect(await offer(FILTER)).toMatchObject({ state: "ready", free: 0, count: 0 });
    expect((await inviteAll("1")).status).toBe(409);
  });

  it("never passes the capacity when staff invite at once from the list and from Convites", async () => {
    const db = await getDb();
    await db.update(robots).set({ capacity: 15 }).where(eq(robots.key, "trendkey-btc"));
    expect(await offer(FILTER)).toMatchObject({ waiting: 18, free: 3, count: 3 });
    const robotId = (await trendKey()).id;
    const outcomes = await Promise.all([
      inviteAll("3"),
      inviteAll("3"),
      inviteAll("3"),
      inviteNext(robotId, 2, "convites@agentesfx.test", new Date()),
    ]);
    const listed = outcomes.slice(0, 3) as Array<{ status: number; body: unknown }>;
    const fromConvites = outcomes[3] as { invited: number };
    const ok = listed.filter((outcome) => outcome.status === 200);
    // Either the list went first (3 invited, Convites none) or Convites did (2, and every
    // list request answers 409 with the new number).
    expect(ok.length).toBeLessThanOrEqual(1);
    expect(ok.length * 3 + fromConvites.invited).toBe(ok.length === 1 ? 3 : 2);
    for (const refused of listed.filter((outcome) => outcome.status !== 200)) {
      expect(refused.status).toBe(409);
      expect((refused.body as { error: string }).error).toMatch(/agora (ninguém|1 pessoa)/);
    }
    expect(await spotsOf(db, await trendKey(), new Date())).toMatchObject({
      capacity: 15,
      free: ok.length === 1 ? 0 : 1,
    });
    const fair = await db
      .select({ id: waitlist.id })
      .from(waitlist)
      .where(eq(waitlist.source, "Feira"));
    const total = await db.$count(
      invitations,
      inArray(
        invitations.waitlistId,
        fair.map((row) => row.id),
      ),
    );
    expect(total).toBeLessThanOrEqual(15);
  });

  it.each([
    ["abc", FILTER],
    ["0", FILTER],
    ["3", "origem=feira&agente=desconhecido"],
    ["3", "de=2026-02-31&agente=trendkey-btc"],
  ])("refuses quantidade=%s filtro=%s with 400", async (quantidade, filtro) => {
    const answer = await inviteAll(quantidade, filtro);
    expect(answer.status).toBe(400);
    expect((answer.body as { error: string }).error).toMatch(/[a-zà-ú]/);
  });
});

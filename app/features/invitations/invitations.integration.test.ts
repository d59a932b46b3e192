import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  emailOutbox,
  invitations,
  invitationTokens,
  orders,
  robots,
  waitlist,
  waitlistStatusChanges,
} from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { deliverQueued, messagesTo } from "../../../tests/support/outbox.ts";
import { clearSales } from "../../../tests/support/sales.ts";
import { smtpServerForFile } from "../../../tests/support/smtp-for-file.ts";
import { invitationEmailCopy } from "../../content/invitations.ts";
import { hashToken } from "../../platform/mail/link-tokens.server.ts";
import { invitationMessage } from "./messages.tsx";
import { orderCreatedMessage, staffOrderAcceptedMessage } from "../orders/messages.tsx";
import { agentPage } from "../robots/agent-view.ts";
import { listRobots } from "../robots/queries.server.ts";
import {
  declineInvitation,
  expireDueInvitations,
  INVITATION_MS,
  invitePeople,
  invitePerson,
  inviteNext,
  lookUpInvitation,
  queueOf,
  revokeInvitation,
  sendDueReminders,
  spotsOf,
} from "./invitations.server.ts";
import { acceptInvitation } from "../sales/accept.server.ts";

const smtp = await smtpServerForFile();

const HOUR = 3_600_000;
const T0 = new Date("2026-12-01T15:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

async function robot(key: string) {
  const db = await getDb();
  const [row] = await db.select().from(robots).where(eq(robots.key, key));
  if (!row) throw new Error(`no robot ${key}`);
  return row;
}

async function setRobot(key: string, changes: Partial<typeof robots.$inferInsert>) {
  const db = await getDb();
  await db.update(robots).set(changes).where(eq(robots.key, key));
}

let run = 0;
/** People waiting for `key`, signed up one minute apart, e-mail confirmed unless said. */
async function addPeople(key: string, count: number, { confirmed = true } = {}) {
  run += 1;
  const db = await getDb();
  const rows = Array.from({ length: count }, (_, i) => ({
    name: `Pessoa ${run}-${i}`,
    email: `p${run}-${i}@exemplo.com`,
    interestedAgents: [key],
    termsAcceptedAt: T0,
    createdAt: new Date(Date.UTC(2026, 10, 1, 0, run, i)),
    confirmedAt: confirmed ? T0 : null,
  }));
  return db.insert(waitlist).values(rows).returning({ id: waitlist.id, email: waitlist.email });
}

async function spots(key: string, now = T0) {
  const db = await getDb();
  return spotsOf(db, await robot(key), now);
}

/**
 * Sends what is queued; answers the link tokens of the e-mails `email` got about `robotName`
 * (which the subject names), oldest first.
 */
async function tokensFor(
  email: string,
  kind: "invitation" | "reminder" = "invitation",
  robotName = "TrendKey BTC",
) {
  await deliverQueued(smtp);
  return messagesTo(smtp, email)
    .filter((mail) => mail.subject === invitationEmailCopy[kind].subject(robotName))
    .map((mail) => /\/convite\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? "")?.[1] ?? "");
}

async function invitationOf(email: string) {
  const db = await getDb();
  return db
    .select({ status: invitations.status, invitedBy: invitations.invitedBy })
    .from(invitations)
    .innerJoin(waitlist, eq(waitlist.id, invitations.waitlistId))
    .where(eq(waitlist.email, email));
}

async function statusOf(email: string) {
  const db = await getDb();
  const [row] = await db
    .select({ status: waitlist.status })
    .from(waitlist)
    .where(eq(waitlist.email, email));
  return row?.status;
}

beforeEach(async () => {
  await clearSales();
  await setRobot("trendkey-btc", { capacity: 20 });
});

describe("inviting", () => {
  it("invites the queue's oldest confirmed people, up to the free spots, with the e-mail", async () => {
    await setRobot("trendkey-btc", { capacity: 2 });
    await addPeople("trendkey-btc", 1, { confirmed: false });
    const people = await addPeople("trendkey-btc", 3);
    await addPeople("yenmax", 1);
    const trendkey = await robot("trendkey-btc");

    expect(await inviteNext(trendkey.id, 5, "staff@agentesfx.test", T0)).toEqual({ invited: 2 });
    expect(await spots("trendkey-btc")).toEqual({ capacity: 2, taken: 0, held: 2, free: 0 });
    expect(await inviteNext(trendkey.id, 1, "staff@agentesfx.test", T0)).toEqual({ invited: 0 });
    // What the public pages read: the agent page says the spots are gone.
    const listed = (await listRobots(undefined, T0)).find((r) => r.key === "trendkey-btc");
    expect(listed).toMatchObject({ taken: 0, held: 2, freeSpots: 0 });
    expect(agentPage("trendkey-btc", listed).notice?.text).toBe(
      "Vagas esgotadas: entre na lista de espera",
    );

    const [first, second, third] = people.map((p) => p.email);
    expect(await invitationOf(first!)).toEqual([
      { status: "sent", invitedBy: "staff@agentesfx.test" },
    ]);
    expect(await invitationOf(second!)).toHaveLength(1);
    expect(await invitationOf(third!)).toEqual([]);
    expect(await statusOf(first!)).toBe("contacted");

    const db = await getDb();
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.recipient, first!), eq(emailOutbox.template, invitationMessage.name)),
      );
    expect(mail?.payload).toMatchObject({
      robotName: "TrendKey BTC",
      price: "US$\u00a0249,00",
      discountedPrice: "US$\u00a0186,75",
      deadline: "03/12/2026 às 12:00 (horário de Brasília)",
    });
    // 256 random bits in the link, minted when it is sent; only the hash is stored.
    const [token = ""] = await tokensFor(first!);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await db.select().from(invitationTokens);
    expect(stored.map((row) => row.tokenHash)).toContain(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const history = await db.select().from(waitlistStatusChanges);
    expect(history.filter((h) => h.status === "contacted")).toHaveLength(2);
  });

  it("never gives two staff at once more invitations than free spots", async () => {
    await setRobot("trendkey-btc", { capacity: 5 });
    await addPeople("trendkey-btc", 12);
    const { id } = await robot("trendkey-btc");
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => inviteNext(id, 5, `staff${i}@agentesfx.test`, T0)),
    );
    const invited = results.map((r) => ("invited" in r ? r.invited : 0));
    expect(invited.reduce((a, b) => a + b, 0)).toBe(5);
    expect(await spots("trendkey-btc")).toMatchObject({ held: 5, free: 0 });
  });

  it("invites exactly the people staff saw, skipping anyone no longer waiting", async () => {
    const people = await addPeople("trendkey-btc", 3);
    const { id } = await robot("trendkey-btc");
    await invitePerson(id, people[1]!.id, "staff@agentesfx.test", T0);
    const ids = people.map((p) => p.id);
    expect(await invitePeople(id, ids, "staff@agentesfx.test", T0)).toEqual({ invited: 2 });
    expect(await spots("trendkey-btc")).toMatchObject({ held: 3, free: 17 });
  });

  it("invites one person from their page, once, only with a confirmed e-mail and a free spot", async () => {
    const [person] = await addPeople("yenmax", 1);
    const [unconfirmed] = await addPeople("yenmax", 1, { confirmed: false });
    const trendkey = await robot("trendkey-btc");
    const by = "staff@agentesfx.test";
    expect(await invitePerson(trendkey.id, person!.id, by, T0)).toEqual({ ok: true });
    expect(await invitePerson(trendkey.id, person!.id, by, T0)).toEqual({
      ok: false,
      reason: "already-invited",
    });
    expect(await invitePerson(trendkey.id, unconfirmed!.id, by, T0)).toEqual({
      ok: false,
      reason: "not-confirmed",
    });
    await setRobot("trendkey-btc", { capacity: 1 });
    const [other] = await addPeople("yenmax", 1);
    expect(await invitePerson(trendkey.id, other!.id, by, T0)).toEqual({
      ok: false,
      reason: "no-free-spots",
    });
  });
});

describe("the invitee's answer", () => {
  async function invitedTo(key: string, count: number) {
    const people = await addPeople(key, count);
    const { id, name } = await robot(key);
    await inviteNext(id, count, "staff@agentesfx.test", T0);
    // One delivery, then each person's link (parallel deliveries would take each other's).
    await deliverQueued(smtp);
    const tokens: string[] = [];
    for (const person of people) {
      tokens.push((await tokensFor(person.email, "invitation", name))[0]!);
    }
    return { people, tokens, robotId: id };
  }

  it("accepts once: the spot is taken by an order, the next steps e-mailed", async () => {
    const { people, tokens } = await invitedTo("trendkey-btc", 1);
    const lookup = await lookUpInvitation(tokens[0]!, at(HOUR));
    expect(lookup).toMatchObject({
      state: "open",
      invitation: {
        robotName: "TrendKey BTC",
        price: { monthly: "US$\u00a0249,00", partner: "US$\u00a0186,75" },
      },
    });
    expect(await acceptInvitation(tokens[0]!, at(HOUR))).toBe("accepted");
    expect(await acceptInvitation(tokens[0]!, at(HOUR))).toBe("already-accepted");
    expect(await declineInvitation(tokens[0]!, at(HOUR))).toBe("already-accepted");
    expect(await lookUpInvitation(tokens[0]!, at(HOUR))).toEqual({ state: "accepted" });
    expect(await spots("trendkey-btc", at(HOUR))).toMatchObject({ taken: 1, held: 0, free: 19 });
    // "Convertido" means paid (DESIGN 16): the acceptance leaves the person "Contatado".
    expect(await statusOf(people[0]!.email)).toBe("contacted");
    const db = await getDb();
    expect(await db.select({ state: orders.state }).from(orders)).toEqual([
      { state: "awaiting-payment" },
    ]);
    // The acceptance's e-mails are the order's: how to pay to the person, the news to staff.
    const confirmations = await db
      .select({ template: emailOutbox.template, recipient: emailOutbox.recipient })
      .from(emailOutbox)
      .where(
        inArray(emailOutbox.template, [orderCreatedMessage.name, staffOrderAcceptedMessage.name]),
      )
      .orderBy(emailOutbox.template);
    expect(confirmations).toEqual([
      { template: orderCreatedMessage.name, recipient: people[0]!.email },
      { template: staffOrderAcceptedMessage.name, recipient: "suporte@agentesfx.com.br" },
    ]);
  });

  it("declines: the spot is free again; the next person is invited only with auto-invite", async () => {
    const { tokens } = await invitedTo("trendkey-btc", 2);
    await addPeople("trendkey-btc", 2);
    expect(await declineInvitation(tokens[0]!, at(HOUR))).toBe("declined");
    expect(await acceptInvitation(tokens[0]!, at(HOUR))).toBe("gone");
    expect(await spots("trendkey-btc", at(HOUR))).toMatchObject({ held: 1, free: 19 });

    await setRobot("trendkey-btc", { autoInvite: true });
    expect(await declineInvitation(tokens[1]!, at(HOUR))).toBe("declined");
    const db = await getDb();
    const auto = await db.select().from(invitations).where(eq(invitations.invitedBy, "automático"));
    expect(auto).toHaveLength(1);
    expect(auto[0]?.deadline).toEqual(new Date(at(HOUR).getTime() + INVITATION_MS));
    // Who said no does not come back to the queue.
    const queued = await queueOf(db, await robot("trendkey-btc"), 10);
    const declined = await db
      .select({ id: invitations.waitlistId })
      .from(invitations)
      .where(eq(invitations.status, "declined"));
    expect(declined).toHaveLength(2);
    for (const { id } of declined) expect(queued.map((p) => p.id)).not.toContain(id);
  });

  it("answers unknown, malformed and other robots' tokens without touching anything", async () => {
    const { tokens } = await invitedTo("trendkey-btc", 1);
    const unknown = "A".repeat(43);
    for (const token of [unknown, "curto", "", tokens[0]!.slice(0, 42) + "!"]) {
      expect(await lookUpInvitation(token, T0)).toEqual({ state: "not-found" });
      expect(await acceptInvitation(token, T0)).toBe("not-found");
      expect(await declineInvitation(token, T0)).toBe("not-found");
    }
    // A token answers for its own invitation only: TrendKey's acceptance leaves YenMax alone.
    const yen = await invitedTo("yenmax", 1);
    await setRobot("yenmax", { capacity: 1 });
    expect(await acceptInvitation(tokens[0]!, T0)).toBe("accepted");
    expect(await spots("yenmax")).toMatchObject({ taken: 0, held: 1, free: 0 });
    expect(await spots("trendkey-btc")).toMatchObject({ taken: 1, held: 0 });
    expect(await acceptInvitation(yen.tokens[0]!, T0)).toBe("accepted");
  });

  it("fifty acceptances at once for the last three spots end with exactly three", async () => {
    // Fifty open invitations while MidasPulse was unlimited; then staff set 3 spots.
    const { tokens } = await invitedTo("midaspulse", 50);
    await setRobot("midaspulse", { capacity: 3 });
    const outcomes = await Promise.all(tokens.map((token) => acceptInvitation(token, at(HOUR))));
    expect(outcomes.filter((o) => o === "accepted")).toHaveLength(3);
    expect(outcomes.filter((o) => o === "full")).toHaveLength(47);
    expect(await spots("midaspulse", at(HOUR))).toMatchObject({ taken: 3, free: 0 });
    const db = await getDb();
    const [created] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(created?.n).toBe(3);
  });

  it("double acceptances of the same link at once count once", async () => {
    const { tokens } = await invitedTo("trendkey-btc", 1);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => acceptInvitation(tokens[0]!, at(HOUR))),
    );
    expect(outcomes.filter((o) => o === "accepted")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "already-accepted")).toHaveLength(9);
  });
});

describe("deadlines", () => {
  it("expires open invitations at their deadline (injected clock) and invites the next", async () => {
    await setRobot("trendkey-btc", { capacity: 1, autoInvite: true });
    const [first, second] = await addPeople("trendkey-btc", 2);
    const { id } = await robot("trendkey-btc");
    await inviteNext(id, 1, "staff@agentesfx.test", T0);
    const [token] = await tokensFor(first!.email);

    const justBefore = at(INVITATION_MS - 1000);
    expect(await expireDueInvitations(justBefore)).toBe(0);
    expect(await lookUpInvitation(token!, justBefore)).toMatchObject({ state: "open" });

    const after = at(INVITATION_MS);
    // Past the deadline the spot is no longer held, even before the sweep runs.
    expect(await spots("trendkey-btc", after)).toMatchObject({ held: 0, free: 1 });
    expect(await lookUpInvitation(token!, after)).toEqual({ state: "gone" });
    expect(await expireDueInvitations(after)).toBe(1);
    expect(await expireDueInvitations(after)).toBe(0);
    expect(await invitationOf(first!.email)).toEqual([
      { status: "expired", invitedBy: "staff@agentesfx.test" },
    ]);
    expect(await invitationOf(second!.email)).toEqual([
      { status: "sent", invitedBy: "automático" },
    ]);
    expect(await acceptInvitation(token!, after)).toBe("gone");
    // The spot went to the next person; the first is back in the queue, told by e-mail.
    const db = await getDb();
    expect((await queueOf(db, await robot("trendkey-btc"), 10)).map((p) => p.email)).toEqual([
      first!.email,
    ]);
    await deliverQueued(smtp);
    const [ended] = messagesTo(smtp, first!.email).filter(
      (mail) => mail.subject === invitationEmailCopy.ended.subject("TrendKey BTC"),
    );
    expect(ended?.text).toContain(invitationEmailCopy.ended.expired("TrendKey BTC"));
    expect(ended?.text).toContain(invitationEmailCopy.ended.queue("TrendKey BTC"));
  });

  it("an acceptance after the deadline expires the invitation instead", async () => {
    await setRobot("trendkey-btc", { capacity: 1, autoInvite: true });
    const [first, second] = await addPeople("trendkey-btc", 2);
    await inviteNext((await robot("trendkey-btc")).id, 1, "staff@agentesfx.test", T0);
    const [token] = await tokensFor(first!.email);
    expect(await acceptInvitation(token!, at(INVITATION_MS + 1))).toBe("gone");
    expect(await invitationOf(first!.email)).toEqual([
      { status: "expired", invitedBy: "staff@agentesfx.test" },
    ]);
    expect(await invitationOf(second!.email)).toHaveLength(1);
  });

  it("revoking frees the spot at once and the link stops working", async () => {
    await setRobot("trendkey-btc", { capacity: 1 });
    const [person] = await addPeople("trendkey-btc", 1);
    await inviteNext((await robot("trendkey-btc")).id, 1, "staff@agentesfx.test", T0);
    const [token] = await tokensFor(person!.email);
    const db = await getDb();
    const [invitation] = await db.select({ id: invitations.id }).from(invitations);
    expect(await revokeInvitation(invitation!.id, "staff@agentesfx.test", T0)).toBe("revoked");
    expect(await revokeInvitation(invitation!.id, "staff@agentesfx.test", T0)).toBe("not-open");
    expect(await spots("trendkey-btc")).toMatchObject({ held: 0, free: 1 });
    expect(await acceptInvitation(token!, T0)).toBe("gone");
    // Back in the queue, in their place by sign-up date, and told so.
    const later = await addPeople("trendkey-btc", 1);
    expect((await queueOf(db, await robot("trendkey-btc"), 10)).map((p) => p.email)).toEqual([
      person!.email,
      later[0]!.email,
    ]);
    await deliverQueued(smtp);
    const ended = messagesTo(smtp, person!.email).filter(
      (mail) => mail.subject === invitationEmailCopy.ended.subject("TrendKey BTC"),
    );
    expect(ended).toHaveLength(1);
    expect(ended[0]?.text).toContain(invitationEmailCopy.ended.revoked("TrendKey BTC"));
  });

  it("sends one reminder 12 hours before the deadline, with a link of its own", async () => {
    const [person] = await addPeople("trendkey-btc", 1);
    await inviteNext((await robot("trendkey-btc")).id, 1, "staff@agentesfx.test", T0);
    expect(await sendDueReminders(at(36 * HOUR - 60_000))).toBe(0);
    expect(await sendDueReminders(at(36 * HOUR))).toBe(1);
    expect(await sendDueReminders(at(40 * HOUR))).toBe(0);
    const [reminderToken] = await tokensFor(person!.email, "reminder");
    const [firstToken] = await tokensFor(person!.email);
    expect(reminderToken).not.toBe(firstToken);
    expect(await lookUpInvitation(reminderToken!, at(40 * HOUR))).toMatchObject({ state: "open" });
    expect(await acceptInvitation(reminderToken!, at(40 * HOUR))).toBe("accepted");
    expect(await acceptInvitation(firstToken!, at(40 * HOUR))).toBe("already-accepted");
    // An answered invitation gets no reminder.
    const [other] = await addPeople("trendkey-btc", 1);
    await inviteNext((await robot("trendkey-btc")).id, 1, "staff@agentesfx.test", T0);
    const [otherToken] = await tokensFor(other!.email);
    await declineInvitation(otherToken!, at(HOUR));
    expect(await sendDueReminders(at(47 * HOUR))).toBe(0);
  });
});

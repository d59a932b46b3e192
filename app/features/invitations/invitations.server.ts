// Spots and 48-hour invitations (docs/decisions/091). Every change runs in one
// transaction that first locks the robot's row (FOR UPDATE), so whatever runs at once (two
// staff inviting, fifty invitees accepting, an expiry during an acceptance) is serialised
// per robot and the capacity is checked against committed counts. The e-mails are written
// to the outbox in the same transaction (docs/decisions/080).
//
// One lock order for the whole product (docs/decisions/125): the robot's row, then the
// person's (waitlist), then invitations. Erasing a person (features/privacy/erasure.server.ts)
// locks the person, then their invitations, and no robot, so it fits the same order.
import { and, asc, eq, inArray, lte, notExists, type SQL, sql } from "drizzle-orm";
import {
  invitations,
  invitationTokens,
  orders,
  robots,
  waitlist,
  waitlistStatusChanges,
} from "../../../db/schema.ts";
import {
  INVITATION_HOURS,
  invitationEmailCopy,
  invitationsAdminCopy,
  REMINDER_HOURS_BEFORE,
} from "../../content/invitations.ts";
import { getDb, withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { deadlineText } from "./deadline.ts";
import { enqueue } from "../../platform/jobs/enqueue.server.ts";
import { hashToken, isWellFormedToken } from "../../platform/mail/link-tokens.server.ts";
import {
  invitationExpiredMessage,
  invitationMessage,
  invitationReminderMessage,
  invitationRevokedMessage,
} from "./messages.tsx";
import { priceTexts, type PriceTexts } from "../orders/format.ts";
import { robotPrice } from "../orders/money.ts";

const HOUR_MS = 3_600_000;
export const INVITATION_MS = INVITATION_HOURS * HOUR_MS;
const REMINDER_BEFORE_MS = REMINDER_HOURS_BEFORE * HOUR_MS;

export type LockedRobot = Pick<
  typeof robots.$inferSelect,
  "id" | "key" | "name" | "price" | "capacity" | "autoInvite"
>;

export interface Spots {
  capacity: number | null;
  /** Accepted invitations. */
  taken: number;
  /** Open invitations before their deadline. */
  held: number;
  /** capacity - taken - held (never below 0); null when unlimited. */
  free: number | null;
}

export async function lockRobot(tx: Executor, robotId: string): Promise<LockedRobot | undefined> {
  const [robot] = await tx
    .select({
      id: robots.id,
      key: robots.key,
      name: robots.name,
      price: robots.price,
      capacity: robots.capacity,
      autoInvite: robots.autoInvite,
    })
    .from(robots)
    .where(eq(robots.id, robotId))
    // NO KEY UPDATE: serialises every change of the robot's spots, yet lets a statement that
    // only references the robot (an erasure's triggers write rows with its foreign key, taking
    // KEY SHARE) go on, so the two never wait for each other (docs/decisions/125).
    .for("no key update");
  return robot;
}

/**
 * Locks a person's row before their invitation is written or changed (the lock order above);
 * undefined when the person is gone (erased while we waited: their invitations went with them).
 */
export async function lockPerson(tx: Executor, waitlistId: string) {
  const [person] = await tx
    .select({ id: waitlist.id, name: waitlist.name, email: waitlist.email })
    .from(waitlist)
    .where(eq(waitlist.id, waitlistId))
    .for("no key update");
  return person;
}

export async function spotsOf(
  tx: Executor,
  robot: Pick<LockedRobot, "id" | "capacity">,
  now: Date,
): Promise<Spots> {
  const [row] = await tx
    .select({
      taken: sql<number>`count(*) filter (where ${invitations.status} = 'accepted')::int`,
      held: sql<number>`count(*) filter (where ${invitations.status} = 'sent'
        and ${invitations.deadline} > ${now.toISOString()}::timestamptz)::int`,
    })
    .from(invitations)
    .where(eq(invitations.robotId, robot.id));
  const taken = row?.taken ?? 0;
  const held = row?.held ?? 0;
  const free = robot.capacity === null ? null : Math.max(0, robot.capacity - taken - held);
  return { capacity: robot.capacity, taken, held, free };
}

/**
 * Who is waiting for a robot: e-mail confirmed, interested in it, with no open, accepted or
 * declined invitation to it. An invitation that expired or was revoked puts the person back,
 * in their place by sign-up date (issue 25), unless it ended an order of theirs that was paid,
 * refunded or cancelled: whoever was a customer of the robot and left is not invited again
 * (decision 208); an order that expired unpaid keeps the person's place.
 */
function queueCondition(robot: Pick<LockedRobot, "id" | "key">, except?: string, within?: SQL) {
  return and(
    within,
    sql`${waitlist.confirmedAt} is not null`,
    sql`${robot.key} = any(${waitlist.interestedAgents})`,
    notExists(
      sql`(select 1 from ${invitations} where ${invitations.waitlistId} = ${waitlist.id}
        and ${invitations.robotId} = ${robot.id}
        and ${invitations.status} in ('sent', 'accepted', 'declined'))`,
    ),
    notExists(
      sql`(select 1 from ${orders} where ${orders.waitlistId} = ${waitlist.id}
        and ${orders.robotId} = ${robot.id} and ${orders.state} <> 'expired')`,
    ),
    except ? sql`${waitlist.id} <> ${except}` : undefined,
  );
}

export interface QueuedPerson {
  id: string;
  name: string;
  email: string;
  createdAt: Date;
}

/**
 * The first `limit` people of a robot's queue (only those `within` a condition on the
 * waitlist, when given), oldest sign-up first: the order in which several people are locked
 * in one transaction, so two never wait for each other.
 */
export async function queueOf(
  tx: Executor,
  robot: Pick<LockedRobot, "id" | "key">,
  limit: number,
  except?: string,
  within?: SQL,
): Promise<QueuedPerson[]> {
  return tx
    .select({
      id: waitlist.id,
      name: waitlist.name,
      email: waitlist.email,
      createdAt: waitlist.createdAt,
    })
    .from(waitlist)
    .where(queueCondition(robot, except, within))
    .orderBy(asc(waitlist.createdAt), asc(waitlist.id))
    .limit(limit);
}

export async function queueLength(
  tx: Executor,
  robot: Pick<LockedRobot, "id" | "key">,
  within?: SQL,
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(waitlist)
    .where(queueCondition(robot, undefined, within));
  return row?.n ?? 0;
}

function mailPriceTexts(robot: LockedRobot) {
  const price = robotPrice(robot.price);
  if (price === null) {
    return { price: invitationEmailCopy.onRequest, discountedPrice: invitationEmailCopy.onRequest };
  }
  const texts = priceTexts(price);
  return { price: texts.monthly, discountedPrice: texts.partner };
}

/** An invitation moves a pending person to "Contatado", with its history line. */
async function markContacted(tx: Executor, waitlistId: string, changedBy: string) {
  // Never back from "Convertido" (paid, set by the order) to "Contatado".
  const changed = await tx
    .update(waitlist)
    .set({ status: "contacted" })
    .where(and(eq(waitlist.id, waitlistId), eq(waitlist.status, "pending")))
    .returning({ id: waitlist.id });
  if (changed.length > 0) {
    await tx
      .insert(waitlistStatusChanges)
      .values({ entryId: waitlistId, status: "contacted", changedBy });
  }
}

/**
 * Sends one invitation while the robot's row is locked (the caller checked the spot); it
 * locks the person first. False when the person is gone.
 */
async function inviteLocked(
  tx: Executor,
  robot: LockedRobot,
  waitlistId: string,
  invitedBy: string,
  now: Date,
): Promise<boolean> {
  const person = await lockPerson(tx, waitlistId);
  if (!person) return false;
  const deadline = new Date(now.getTime() + INVITATION_MS);
  const [created] = await tx
    .insert(invitations)
    .values({ waitlistId: person.id, robotId: robot.id, invitedBy, sentAt: now, deadline })
    .returning({ id: invitations.id });
  if (!created) throw new Error("invitation insert returned nothing");
  await markContacted(tx, person.id, invitedBy);
  // The link's token is minted when the message is sent (docs/decisions/113).
  await enqueue(
    tx,
    invitationMessage.to(person.email, {
      invitationId: created.id,
      name: person.name,
      robotName: robot.name,
      ...mailPriceTexts(robot),
      deadline: deadlineText(deadline),
    }),
  );
  return true;
}

export type InviteResult = { invited: number } | { refused: "not-found" };

export type InviteRefusal = "not-found" | "not-confirmed" | "already-invited" | "no-free-spots";

/**
 * Invites these people (in this order) to a robot, as many as it has free spots; people no
 * longer in its queue are skipped. Used by "Convidar próximos" with the list staff saw.
 */
export async function invitePeople(
  robotId: string,
  waitlistIds: readonly string[],
  invitedBy: string,
  now: Date,
): Promise<InviteResult> {
  const result = await withTransaction(async (tx): Promise<InviteResult> => {
    const robot = await lockRobot(tx, robotId);
    if (!robot) return { refused: "not-found" };
    const { free } = await spotsOf(tx, robot, now);
    const room = free ?? waitlistIds.length;
    if (room === 0 || waitlistIds.length === 0) return { invited: 0 };
    // Staff's list is a page of the queue; people are locked in queue order all the same.
    const eligible = await tx
      .select({ id: waitlist.id })
      .from(waitlist)
      .where(and(inArray(waitlist.id, [...waitlistIds]), queueCondition(robot)))
      .orderBy(asc(waitlist.createdAt), asc(waitlist.id));
    let invited = 0;
    for (const person of eligible) {
      if (invited === room) break;
      if (await inviteLocked(tx, robot, person.id, invitedBy, now)) invited += 1;
    }
    return { invited };
  });
  return result;
}

/** Invites the next `count` people of the robot's queue (at most its free spots). */
export async function inviteNext(
  robotId: string,
  count: number,
  invitedBy: string,
  now: Date,
): Promise<InviteResult> {
  const result = await withTransaction(async (tx): Promise<InviteResult> => {
    const robot = await lockRobot(tx, robotId);
    if (!robot) return { refused: "not-found" };
    const invited = await inviteNextLocked(tx, robot, count, invitedBy, now);
    return { invited };
  });
  return result;
}

/** The next `count` of the queue for a robot whose row the caller has locked. */
export async function inviteNextOf(
  tx: Executor,
  robotId: string,
  count: number,
  invitedBy: string,
  now: Date,
): Promise<number> {
  const robot = await lockRobot(tx, robotId);
  return robot ? inviteNextLocked(tx, robot, count, invitedBy, now) : 0;
}

export async function inviteNextLocked(
  tx: Executor,
  robot: LockedRobot,
  count: number,
  invitedBy: string,
  now: Date,
  except?: string,
  within?: SQL,
): Promise<number> {
  const { free } = await spotsOf(tx, robot, now);
  const room = Math.min(count, free ?? count);
  let invited = 0;
  // Someone erased while we waited for their row is skipped, and the next one asked.
  while (invited < room) {
    const people = await queueOf(tx, robot, room - invited, except, within);
    if (people.length === 0) break;
    for (const person of people) {
      if (await inviteLocked(tx, robot, person.id, invitedBy, now)) invited += 1;
    }
  }
  return invited;
}

/** What inviting a whole filter of the waitlist to one robot would do now. */
export interface FilterInvitation {
  robotId: string;
  robotName: string;
  /** Free spots (null: unlimited). */
  free: number | null;
  /** People of the filter in the robot's queue. */
  waiting: number;
  /** How many would be invited: min(waiting, free). */
  count: number;
}

async function filterInvitationOf(
  tx: Executor,
  robot: Pick<LockedRobot, "id" | "key" | "name" | "capacity">,
  within: SQL | undefined,
  now: Date,
): Promise<FilterInvitation> {
  const { free } = await spotsOf(tx, robot, now);
  const waiting = await queueLength(tx, robot, within);
  const count = Math.min(waiting, free ?? waiting);
  return { robotId: robot.id, robotName: robot.name, free, waiting, count };
}

async function robotIdByKey(tx: Executor, robotKey: string) {
  const [row] = await tx.select({ id: robots.id }).from(robots).where(eq(robots.key, robotKey));
  return row?.id;
}

/**
 * The number /admin/lista shows before inviting the whole filter (`within`, a condition on
 * the waitlist) to the robot `robotKey`; null when no robot has that key.
 */
export async function previewFilterInvitation(
  robotKey: string,
  within: SQL | undefined,
  now: Date,
): Promise<FilterInvitation | null> {
  const db = await getDb();
  const [robot] = await db
    .select({ id: robots.id, key: robots.key, name: robots.name, capacity: robots.capacity })
    .from(robots)
    .where(eq(robots.key, robotKey));
  return robot ? filterInvitationOf(db, robot, within, now) : null;
}

export type FilterInviteResult =
  { invited: number } | { changed: number } | { refused: "not-found" };

/**
 * Invites everyone of a waitlist filter (`within`) who is in the robot's queue, in queue
 * order, as many as its free spots, once staff confirmed `confirmed` people: with the robot's
 * row locked the number is counted again, and when it differs nothing is sent and the new
 * number comes back (docs/decisions/255). Each invitation takes the path of "Convidar
 * próximos" (48-hour deadline, status "Contatado", e-mail through the outbox).
 */
export async function inviteFilter(
  robotKey: string,
  within: SQL | undefined,
  confirmed: number,
  invitedBy: string,
  now: Date,
): Promise<FilterInviteResult> {
  return withTransaction(async (tx): Promise<FilterInviteResult> => {
    const robotId = await robotIdByKey(tx, robotKey);
    const robot = robotId ? await lockRobot(tx, robotId) : undefined;
    if (!robot) return { refused: "not-found" };
    const { count } = await filterInvitationOf(tx, robot, within, now);
    if (count !== confirmed) return { changed: count };
    const invited = await inviteNextLocked(tx, robot, count, invitedBy, now, undefined, within);
    return { invited };
  });
}

/** One person, from their admin page: any robot, if their e-mail is confirmed. */
export async function invitePerson(
  robotId: string,
  waitlistId: string,
  invitedBy: string,
  now: Date,
): Promise<{ ok: true } | { ok: false; reason: InviteRefusal }> {
  const result = await withTransaction(async (tx) => {
    const robot = await lockRobot(tx, robotId);
    if (!robot) return { ok: false, reason: "not-found" } as const;
    const [person] = await tx
      .select({
        id: waitlist.id,
        name: waitlist.name,
        email: waitlist.email,
        confirmedAt: waitlist.confirmedAt,
      })
      .from(waitlist)
      .where(eq(waitlist.id, waitlistId));
    if (!person) return { ok: false, reason: "not-found" } as const;
    if (!person.confirmedAt) return { ok: false, reason: "not-confirmed" } as const;
    const [live] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(
        and(
          eq(invitations.waitlistId, person.id),
          eq(invitations.robotId, robot.id),
          inArray(invitations.status, ["sent", "accepted"]),
        ),
      );
    if (live) return { ok: false, reason: "already-invited" } as const;
    const { free } = await spotsOf(tx, robot, now);
    if (free === 0) return { ok: false, reason: "no-free-spots" } as const;
    if (!(await inviteLocked(tx, robot, person.id, invitedBy, now))) {
      return { ok: false, reason: "not-found" } as const;
    }
    return { ok: true } as const;
  });
  return result;
}

export interface InvitationView {
  robotName: string;
  /** The price tag's texts, null for "Sob consulta". */
  price: PriceTexts | null;
  deadline: Date;
}

export type InvitationLookup =
  { state: "open"; invitation: InvitationView } | { state: "accepted" | "gone" | "not-found" };

export async function invitationIdByToken(tx: Executor, token: string) {
  if (!isWellFormedToken(token)) return undefined;
  const [row] = await tx
    .select({
      id: invitations.id,
      robotId: invitations.robotId,
      waitlistId: invitations.waitlistId,
    })
    .from(invitationTokens)
    .innerJoin(invitations, eq(invitations.id, invitationTokens.invitationId))
    .where(eq(invitationTokens.tokenHash, hashToken(token)));
  return row;
}

/** What /convite/:token shows; reading changes nothing (mail scanners follow links). */
export async function lookUpInvitation(token: string, now: Date): Promise<InvitationLookup> {
  return withTransaction(async (tx) => {
    const found = await invitationIdByToken(tx, token);
    if (!found) return { state: "not-found" };
    const [row] = await tx
      .select({
        status: invitations.status,
        deadline: invitations.deadline,
        robotName: robots.name,
        price: robots.price,
      })
      .from(invitations)
      .innerJoin(robots, eq(robots.id, invitations.robotId))
      .where(eq(invitations.id, found.id));
    if (!row) return { state: "not-found" };
    if (row.status === "accepted") return { state: "accepted" };
    if (row.status !== "sent" || row.deadline <= now) return { state: "gone" };
    const price = robotPrice(row.price);
    return {
      state: "open",
      invitation: {
        robotName: row.robotName,
        price: price === null ? null : priceTexts(price),
        deadline: row.deadline,
      },
    };
  });
}

// Invitees' answers for one robot wait their turn in this process before taking a database
// connection: they would only queue on the robot's row lock while each held one of the
// pool's connections, and a burst (1,000 at once) would starve the pool for the whole site
// (docs/decisions/092). The row lock still orders them across processes.
const answerQueues = new Map<string, Promise<unknown>>();

export function oneAtATime<T>(robotId: string, work: () => Promise<T>): Promise<T> {
  const previous = answerQueues.get(robotId) ?? Promise.resolve();
  const result = previous.then(work, work);
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  answerQueues.set(robotId, settled);
  void settled.then(() => {
    if (answerQueues.get(robotId) === settled) answerQueues.delete(robotId);
  });
  return result;
}

export type AnswerOutcome = "accepted" | "declined" | "already-accepted" | "gone" | "full";

type Locked =
  | { open: false; outcome: "gone" | "already-accepted" | "not-found" }
  | { open: true; robot: LockedRobot; invitation: typeof invitations.$inferSelect };

/**
 * Locks the robot, then (when the answer changes the person) the invitee, then the
 * invitation; an open one past its deadline is expired here.
 */
export async function lockOpenInvitation(
  tx: Executor,
  found: { id: string; robotId: string; waitlistId: string },
  lockInvitee: boolean,
  now: Date,
): Promise<Locked> {
  const invitationId = found.id;
  const robot = await lockRobot(tx, found.robotId);
  if (!robot) return { open: false, outcome: "gone" };
  // Erased while we waited: the invitation went with the person.
  if (lockInvitee && !(await lockPerson(tx, found.waitlistId))) {
    return { open: false, outcome: "not-found" };
  }
  const [invitation] = await tx
    .select()
    .from(invitations)
    .where(eq(invitations.id, invitationId))
    .for("update");
  if (!invitation) return { open: false, outcome: "not-found" };
  if (invitation.status === "accepted") {
    return { open: false, outcome: "already-accepted" };
  }
  if (invitation.status !== "sent") return { open: false, outcome: "gone" };
  if (invitation.deadline <= now) {
    await expireLocked(tx, robot, invitation.id, now);
    return { open: false, outcome: "gone" };
  }
  return { open: true, robot, invitation };
}

/** "Não tenho mais interesse": frees the spot; the next person may be invited by itself. */
export async function declineInvitation(
  token: string,
  now: Date,
): Promise<AnswerOutcome | "not-found"> {
  return withTransaction(async (tx): Promise<AnswerOutcome | "not-found"> => {
    const found = await invitationIdByToken(tx, token);
    if (!found) return "not-found";
    // A decline changes no person: the invitee's row is not locked (the next person's is,
    // by the automatic invite).
    const locked = await lockOpenInvitation(tx, found, false, now);
    if (!locked.open) return locked.outcome;
    await tx
      .update(invitations)
      .set({ status: "declined", declinedAt: now })
      .where(eq(invitations.id, locked.invitation.id));
    if (locked.robot.autoInvite) {
      await inviteNextLocked(tx, locked.robot, 1, invitationsAdminCopy.automaticActor, now);
    }
    return "declined";
  });
}

/** Staff revoke an open invitation: its spot is free at once. */
export async function revokeInvitation(
  invitationId: string,
  revokedBy: string,
  now: Date,
): Promise<"revoked" | "not-open" | "not-found"> {
  const outcome = await withTransaction(async (tx) => {
    const [found] = await tx
      .select({ robotId: invitations.robotId })
      .from(invitations)
      .where(eq(invitations.id, invitationId));
    if (!found) return "not-found" as const;
    const robot = await lockRobot(tx, found.robotId);
    const [revoked] = await tx
      .update(invitations)
      .set({ status: "revoked", revokedAt: now, revokedBy })
      .where(and(eq(invitations.id, invitationId), eq(invitations.status, "sent")))
      .returning({ waitlistId: invitations.waitlistId });
    if (!revoked) return "not-open" as const;
    if (robot) await queueEndedNotice(tx, robot, revoked.waitlistId, "revoked");
    return "revoked" as const;
  });
  return outcome;
}

/**
 * Tells the person whose invitation ended that they are back in the robot's queue. Reads the
 * person without locking: the caller holds the robot and the invitation (decision 125).
 */
async function queueEndedNotice(
  tx: Executor,
  robot: LockedRobot,
  waitlistId: string,
  ending: "expired" | "revoked",
) {
  const [person] = await tx
    .select({ name: waitlist.name, email: waitlist.email })
    .from(waitlist)
    .where(eq(waitlist.id, waitlistId));
  if (!person) return;
  const message = ending === "expired" ? invitationExpiredMessage : invitationRevokedMessage;
  await enqueue(tx, message.to(person.email, { name: person.name, robotName: robot.name }));
}

async function expireLocked(tx: Executor, robot: LockedRobot, invitationId: string, now: Date) {
  const [expired] = await tx
    .update(invitations)
    .set({ status: "expired", expiredAt: now })
    .where(eq(invitations.id, invitationId))
    .returning({ waitlistId: invitations.waitlistId });
  if (!expired) return;
  await queueEndedNotice(tx, robot, expired.waitlistId, "expired");
  // The spot goes to the next person: the one who let it expire keeps their place for the
  // spots after it.
  if (robot.autoInvite) {
    const actor = invitationsAdminCopy.automaticActor;
    await inviteNextLocked(tx, robot, 1, actor, now, expired.waitlistId);
  }
}

const SWEEP_BATCH = 100;

/**
 * Expires every open invitation whose deadline has passed (each in its own transaction,
 * robot row first), inviting the next person where the robot says so. Returns how many.
 */
export async function expireDueInvitations(now: Date): Promise<number> {
  let expired = 0;
  for (;;) {
    const due = await withTransaction((tx) =>
      tx
        .select({ id: invitations.id, robotId: invitations.robotId })
        .from(invitations)
        .where(and(eq(invitations.status, "sent"), lte(invitations.deadline, now)))
        .orderBy(asc(invitations.deadline))
        .limit(SWEEP_BATCH),
    );
    let progressed = 0;
    for (const { id, robotId } of due) {
      const done = await withTransaction(async (tx) => {
        const robot = await lockRobot(tx, robotId);
        if (!robot) return false;
        const [open] = await tx
          .select({ id: invitations.id })
          .from(invitations)
          .where(
            and(
              eq(invitations.id, id),
              eq(invitations.status, "sent"),
              lte(invitations.deadline, now),
            ),
          )
          .for("update");
        if (!open) return false;
        await expireLocked(tx, robot, id, now);
        return true;
      });
      if (done) progressed += 1;
    }
    expired += progressed;
    if (due.length < SWEEP_BATCH || progressed === 0) break;
  }
  return expired;
}

/**
 * Queues the reminder of every open invitation within 12 hours of its deadline that has
 * not had one; each reminder carries a link of its own (minted when it is sent).
 */
export async function sendDueReminders(now: Date): Promise<number> {
  const dueBefore = new Date(now.getTime() + REMINDER_BEFORE_MS);
  return withTransaction(async (tx) => {
    const due = await tx
      .update(invitations)
      .set({ reminderAt: now })
      .where(
        sql`${invitations.id} in (select ${invitations.id} from ${invitations}
          where ${invitations.status} = 'sent' and ${invitations.reminderAt} is null
            and ${invitations.deadline} > ${now.toISOString()}::timestamptz
            and ${invitations.deadline} <= ${dueBefore.toISOString()}::timestamptz
          limit ${SWEEP_BATCH} for update skip locked)`,
      )
      .returning({
        id: invitations.id,
        waitlistId: invitations.waitlistId,
        robotId: invitations.robotId,
        deadline: invitations.deadline,
      });
    for (const invitation of due) {
      const [row] = await tx
        .select({ name: waitlist.name, email: waitlist.email, robotName: robots.name })
        .from(waitlist)
        .innerJoin(robots, eq(robots.id, invitation.robotId))
        .where(eq(waitlist.id, invitation.waitlistId));
      if (!row) continue;
      await enqueue(
        tx,
        invitationReminderMessage.to(row.email, {
          invitationId: invitation.id,
          name: row.name,
          robotName: row.robotName,
          deadline: deadlineText(invitation.deadline),
        }),
      );
    }
    return due.length;
  });
}

/** The earliest deadline of an open invitation, for the timer of the worker. */
export async function nextDeadline(tx: Executor): Promise<Date | null> {
  const [row] = await tx
    .select({ at: sql<string | null>`min(${invitations.deadline})` })
    .from(invitations)
    .where(eq(invitations.status, "sent"));
  return row?.at ? new Date(row.at) : null;
}

/** Per-robot auto-invite setting (/admin/convites). */
export async function setAutoInvite(robotId: string, autoInvite: boolean): Promise<boolean> {
  return withTransaction(async (tx) => {
    const updated = await tx
      .update(robots)
      .set({ autoInvite })
      .where(eq(robots.id, robotId))
      .returning({ id: robots.id });
    return updated.length > 0;
  });
}

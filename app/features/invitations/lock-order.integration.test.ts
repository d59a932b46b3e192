import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { invitations, invitationTokens, robots, waitlist } from "../../../db/schema.ts";
import { invitationsAdminCopy } from "../../content/invitations.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { hashToken } from "../email/tokens.server.ts";
import { eraseWaitlistEntry } from "../privacy/erasure.server.ts";
import { declineInvitation, spotsOf } from "./invitations.server.ts";
import { acceptInvitation } from "../sales/accept.server.ts";

// One lock order for the whole product (docs/decisions/125): a robot's row, then the person's,
// then invitations. Accepting, declining with its automatic invite, and erasing a person run
// here at once, as several server processes would (each call takes its own connection from
// the pool; answerInvitation's in-process queue is bypassed on purpose). PGlite has one
// connection, so nothing there ever runs at once.
const TRIPLES = 100;
const ROBOTS = 3;
const LANES = 3;
const QUEUED = 150;
const T0 = new Date("2026-12-01T15:00:00Z");
const NOW = new Date(T0.getTime() + 3_600_000);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** The database's own error (code and message) under Drizzle's "Failed query". */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause ? `${cause.code}: ${cause.message}` : String(error);
}

/**
 * ROBOTS robots that invite by themselves, each full: an accepter and a decliner per triple
 * hold open invitations, each with a link of its own; QUEUED people wait for every robot.
 */
async function setUp() {
  const db = await getDb();
  const run = randomBytes(4).toString("hex");
  const robotRows = await db
    .insert(robots)
    .values(
      range(ROBOTS).map((r) => ({
        key: `ordem-${run}-${r}`,
        name: `Robô ${r}`,
        slug: `ordem-${run}-${r}`,
        description: "Teste",
        capacity: 2 * Math.ceil(TRIPLES / ROBOTS),
        autoInvite: true,
      })),
    )
    .returning();
  const keys = robotRows.map((robot) => robot.key);
  const people = (label: string, count: number, minute: number) =>
    db
      .insert(waitlist)
      .values(
        range(count).map((i) => ({
          name: `${label} ${i}`,
          email: `${label}-${i}@${run}.test`,
          interestedAgents: keys,
          termsAcceptedAt: T0,
          confirmedAt: T0,
          createdAt: new Date(Date.UTC(2026, 10, 1, 0, minute + Math.floor(i / 60), i % 60)),
        })),
      )
      .returning({ id: waitlist.id })
      .then((rows) => rows.map(({ id }) => id));
  const accepters = await people("aceita", TRIPLES, 0);
  const decliners = await people("recusa", TRIPLES, 10);
  const invite = async (ids: string[]) => {
    const rows = await db
      .insert(invitations)
      .values(
        ids.map((waitlistId, i) => ({
          waitlistId,
          robotId: robotRows[i % ROBOTS]!.id,
          invitedBy: "equipe@agentesfx.test",
          sentAt: T0,
          deadline: new Date(T0.getTime() + 48 * 3_600_000),
        })),
      )
      .returning({ id: invitations.id });
    const tokens = rows.map(() => randomBytes(32).toString("base64url"));
    await db
      .insert(invitationTokens)
      .values(rows.map(({ id }, i) => ({ tokenHash: hashToken(tokens[i]!), invitationId: id })));
    return tokens;
  };
  await people("fila", QUEUED, 20);
  return {
    robots: robotRows,
    accepters,
    decliners,
    acceptTokens: await invite(accepters),
    declineTokens: await invite(decliners),
  };
}

describe.skipIf(inject("databaseKind") !== "postgres")("one lock order (PostgreSQL)", () => {
  it(`${TRIPLES} simultaneous accept / erase / decline-and-auto-invite triples`, async () => {
    const setup = await setUp();
    const { accepters, decliners, acceptTokens, declineTokens } = setup;
    // Even triples erase the person who is accepting; odd ones the person who is declining
    // (whose decline invites the next person of the queue by itself).
    const erased = accepters.map((id, i) => (i % 2 === 0 ? id : decliners[i]!));
    // A few triples at a time, so their transactions fit the pool's ten connections: more
    // would wait for a connection, not for each other's locks.
    const settled: PromiseSettledResult<unknown>[] = [];
    let next = 0;
    const lane = async () => {
      for (let i = next++; i < TRIPLES; i = next++) {
        const triple = await Promise.allSettled([
          acceptInvitation(acceptTokens[i]!, NOW),
          eraseWaitlistEntry(erased[i]!),
          declineInvitation(declineTokens[i]!, NOW),
        ]);
        triple.forEach((result, k) => (settled[3 * i + k] = result));
      }
    };
    await Promise.all(range(LANES).map(lane));

    const failures = settled.flatMap((result) =>
      result.status === "rejected" ? [causeOf(result.reason)] : [],
    );
    expect(failures).toEqual([]);
    const outcomes = settled.map((result) => (result.status === "fulfilled" ? result.value : null));
    const accepts = outcomes.filter((_, n) => n % 3 === 0);
    const erasures = outcomes.filter((_, n) => n % 3 === 1);
    const declines = outcomes.filter((_, n) => n % 3 === 2);
    expect(erasures).toEqual(Array(TRIPLES).fill(true));
    // Odd accepters are never erased: each takes the spot its invitation holds.
    expect(accepts.filter((_, i) => i % 2 === 1)).toEqual(Array(TRIPLES / 2).fill("accepted"));
    // A decline that ran before the erasure answers "declined"; after it, the link is gone.
    for (const outcome of declines) expect(["declined", "not-found"]).toContain(outcome);

    const db = await getDb();
    // No erased person is left, with a spot or without.
    expect(await db.select().from(waitlist).where(inArray(waitlist.id, erased))).toEqual([]);
    expect(
      await db.select().from(invitations).where(inArray(invitations.waitlistId, erased)),
    ).toEqual([]);

    const robotIds = setup.robots.map((robot) => robot.id);
    const live = await db
      .select({
        robotId: invitations.robotId,
        waitlistId: invitations.waitlistId,
        status: invitations.status,
        invitedBy: invitations.invitedBy,
      })
      .from(invitations)
      .where(
        and(
          inArray(invitations.robotId, robotIds),
          inArray(invitations.status, ["sent", "accepted"]),
        ),
      );
    const acceptedIds = live
      .filter((row) => row.status === "accepted")
      .map((row) => row.waitlistId);
    expect(acceptedIds.sort()).toEqual(accepters.filter((_, i) => i % 2 === 1).sort());
    // Each decline that happened invited the next person by itself (everyone waits for every
    // robot, so some of those were erased afterwards, invitation and all); nobody holds two
    // invitations to one robot.
    const automatic = live.filter((row) => row.invitedBy === invitationsAdminCopy.automaticActor);
    const declined = declines.filter((outcome) => outcome === "declined").length;
    expect(declined).toBeGreaterThanOrEqual(TRIPLES / 2);
    expect(automatic.length).toBeGreaterThan(0);
    expect(automatic.length).toBeLessThanOrEqual(declined);
    expect(new Set(live.map((row) => `${row.robotId} ${row.waitlistId}`)).size).toBe(live.length);
    // No spot is counted twice: each robot shows what its rows say, within its capacity.
    for (const robot of setup.robots) {
      const rows = live.filter((row) => row.robotId === robot.id).length;
      const spots = await spotsOf(db, robot, NOW);
      expect(spots.taken + spots.held).toBe(rows);
      expect(rows).toBeLessThanOrEqual(robot.capacity!);
    }
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(invitations)
      .where(eq(invitations.status, "accepted"));
    expect(count!.n).toBeGreaterThanOrEqual(acceptedIds.length);
  });
});

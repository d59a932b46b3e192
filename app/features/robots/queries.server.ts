import { and, eq, sql } from "drizzle-orm";
import { invitations, robots, robotSlugHistory } from "../../../db/schema.ts";
import { agentIds } from "../../content/agent-ids.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { getDb, withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { isUniqueViolation } from "../../platform/db/db-errors.server.ts";
import { isValidSlug } from "../../lib/slug.ts";
import type { RobotUpdate } from "./schema.ts";

// Robots are read by the public pages and listed and edited by the admin: no create, no
// delete (docs/product.md section 2). Each row carries its spots: taken = accepted
// invitations, held = open invitations before their deadline.

export type Robot = typeof robots.$inferSelect & {
  taken: number;
  held: number;
  /** capacity - taken - held, never below 0; null for an unlimited robot. */
  freeSpots: number | null;
};

export type RobotUpdateResult =
  | { ok: true }
  | { ok: false; reason: "not-found" | "duplicate-slug" }
  | { ok: false; reason: "capacity-below-taken"; taken: number };

/**
 * Accepted and open (before `now`'s deadline) invitations of a robot row. Spelled out with
 * table names: Drizzle leaves columns in a select list unqualified, which inside the
 * subquery would name the invitation's own `id`.
 */
export function spotColumns(now: Date) {
  const taken = sql<number>`(select count(*)::int from invitations i
    where i.robot_id = robots.id and i.status = 'accepted')`;
  const held = sql<number>`(select count(*)::int from invitations i
    where i.robot_id = robots.id and i.status = 'sent'
      and i.deadline > ${now.toISOString()}::timestamptz)`;
  return { taken, held };
}

export function withFreeSpots<T extends { capacity: number | null; taken: number; held: number }>(
  row: T,
): T & { freeSpots: number | null } {
  return {
    ...row,
    freeSpots: row.capacity === null ? null : Math.max(0, row.capacity - row.taken - row.held),
  };
}

/** The site's order of the agents (content/agent-ids.ts); other rows after them, by name. */
const siteOrder = sql`array_position(array[${sql.join(
  agentIds.map((id) => sql`${id}`),
  sql`, `,
)}]::text[], ${robots.key})`;

/** Every robot in the order the public site shows them, with its spots. */
export async function listRobots(executor?: Executor, now = appNow()): Promise<Robot[]> {
  const db = executor ?? (await getDb());
  const rows = await db
    .select({ robot: robots, ...spotColumns(now) })
    .from(robots)
    .orderBy(sql`${siteOrder} nulls last`, robots.name);
  return rows.map(({ robot, taken, held }) => withFreeSpots({ ...robot, taken, held }));
}

/**
 * The current slug of the robot that had this slug before or whose key it is (the agent
 * page answers 301 to it), or undefined. Asked only when no robot has the slug now.
 */
export async function movedAgentSlug(slug: string): Promise<string | undefined> {
  if (!isValidSlug(slug)) return undefined;
  const db = await getDb();
  const [moved] = await db
    .select({ slug: robots.slug })
    .from(robotSlugHistory)
    .innerJoin(robots, eq(robots.id, robotSlugHistory.robotId))
    .where(eq(robotSlugHistory.slug, slug))
    .limit(1);
  if (moved) return moved.slug;
  const [byKey] = await db
    .select({ slug: robots.slug })
    .from(robots)
    .where(eq(robots.key, slug))
    .limit(1);
  return byKey?.slug;
}

/**
 * Saves the dialog. The key never changes; a new slug keeps the old one in the history so
 * its links answer 301. The capacity cannot go below the spots already taken; the robot row
 * is locked so no invitation is accepted meanwhile (docs/decisions/091).
 */
export async function updateRobot(id: string, input: RobotUpdate): Promise<RobotUpdateResult> {
  try {
    const result = await withTransaction(async (tx): Promise<RobotUpdateResult> => {
      const [current] = await tx
        .select({ slug: robots.slug })
        .from(robots)
        .where(eq(robots.id, id))
        .for("update");
      if (!current) return { ok: false, reason: "not-found" } as const;
      if (input.capacity !== undefined && input.capacity !== null) {
        const [row] = await tx
          .select({ taken: sql<number>`count(*)::int` })
          .from(invitations)
          .where(and(eq(invitations.robotId, id), eq(invitations.status, "accepted")));
        const taken = row?.taken ?? 0;
        if (input.capacity < taken) return { ok: false, reason: "capacity-below-taken", taken };
      }
      await tx
        .update(robots)
        .set({
          name: input.name,
          slug: input.slug,
          description: input.description,
          logoUrl: input.logoUrl,
          myfxbookLink: input.myfxbookLink,
          price: input.price === null ? null : input.price.toFixed(2),
          capacity: input.capacity,
        })
        .where(eq(robots.id, id));
      if (current.slug !== input.slug) {
        await tx.delete(robotSlugHistory).where(eq(robotSlugHistory.slug, input.slug));
        await tx
          .insert(robotSlugHistory)
          .values({ slug: current.slug, robotId: id })
          .onConflictDoUpdate({
            target: robotSlugHistory.slug,
            set: { robotId: id, retiredAt: sql`now()` },
          });
      }
      return { ok: true } as const;
    });
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate-slug" };
    throw error;
  }
}

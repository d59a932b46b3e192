import { asc, desc, eq } from "drizzle-orm";
import { robots } from "../../../db/schema.ts";
import { getDb } from "../../lib/db.server.ts";
import { isUniqueViolation } from "../../lib/db-errors.server.ts";
import { isValidSlug } from "../../lib/slug.ts";
import type { RobotUpdate } from "./schema.ts";

// Robots are read by the public pages and listed and edited by the admin: no create, no
// delete (SPEC.md section 2).

export type Robot = typeof robots.$inferSelect;

export type RobotUpdateResult =
  { ok: true } | { ok: false; reason: "not-found" | "duplicate-slug" };

/** Every robot, newest first (SPEC.md section 7; same-time rows by name). */
export async function listRobots(): Promise<Robot[]> {
  const db = await getDb();
  return db.select().from(robots).orderBy(desc(robots.createdAt), asc(robots.name));
}

/** The robot with this slug, or undefined (also for anything that is no slug). */
export async function getRobotBySlug(slug: string): Promise<Robot | undefined> {
  if (!isValidSlug(slug)) return undefined;
  const db = await getDb();
  const [row] = await db.select().from(robots).where(eq(robots.slug, slug)).limit(1);
  return row;
}

export async function updateRobot(id: string, input: RobotUpdate): Promise<RobotUpdateResult> {
  const db = await getDb();
  try {
    const rows = await db
      .update(robots)
      .set({
        name: input.name,
        slug: input.slug,
        description: input.description,
        logoUrl: input.logoUrl,
        myfxbookLink: input.myfxbookLink,
        price: input.price === null ? null : input.price.toFixed(2),
      })
      .where(eq(robots.id, id))
      .returning({ id: robots.id });
    return rows.length > 0 ? { ok: true } : { ok: false, reason: "not-found" };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate-slug" };
    throw error;
  }
}

import { asc, desc, eq } from "drizzle-orm";
import { robots } from "../../../db/schema.ts";
import { getDb } from "../../lib/db.server.ts";
import { isUniqueViolation } from "../../lib/db-errors.server.ts";
import type { RobotUpdate } from "./schema.ts";

// Admin side of the robots (issue 5): list and edit, no create, no delete.

export interface AdminRobot {
  id: string;
  name: string;
  slug: string;
  description: string;
  logoUrl: string | null;
  myfxbookLink: string | null;
  /** USD as stored ("199.00"), null for "Sob consulta". */
  price: string | null;
  createdAt: Date;
}

export type RobotUpdateResult =
  { ok: true } | { ok: false; reason: "not-found" | "duplicate-slug" };

/** Every robot, newest first (SPEC.md section 7; same-time rows by name). */
export async function listRobotsForAdmin(): Promise<AdminRobot[]> {
  const db = await getDb();
  return db.select().from(robots).orderBy(desc(robots.createdAt), asc(robots.name));
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

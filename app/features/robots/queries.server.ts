import { desc, eq } from "drizzle-orm";
import { robots } from "../../../db/schema.ts";
import { getDb } from "../../lib/db.server.ts";

/** Every robot, newest first (SPEC.md section 7: ordered by created_at descending). */
export async function listRobots() {
  const db = await getDb();
  return db.select().from(robots).orderBy(desc(robots.createdAt), robots.slug);
}

/** The robot with this slug, or undefined. */
export async function getRobotBySlug(slug: string) {
  const db = await getDb();
  const [row] = await db.select().from(robots).where(eq(robots.slug, slug)).limit(1);
  return row;
}

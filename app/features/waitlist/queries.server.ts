import { desc, eq } from "drizzle-orm";
import { waitlist } from "../../../db/schema.ts";
import { getDb } from "../../lib/db.server.ts";
import type { SettableWaitlistStatus } from "./status-schema.ts";

// Admin side of the waitlist (issue 5). The public signup lives beside it.

export interface WaitlistEntry {
  id: string;
  name: string;
  email: string;
  interestedAgents: string[];
  status: string;
  createdAt: Date;
}

/** Every entry, newest first (SPEC.md section 7). */
export async function listWaitlistEntries(): Promise<WaitlistEntry[]> {
  const db = await getDb();
  return db
    .select({
      id: waitlist.id,
      name: waitlist.name,
      email: waitlist.email,
      interestedAgents: waitlist.interestedAgents,
      status: waitlist.status,
      createdAt: waitlist.createdAt,
    })
    .from(waitlist)
    .orderBy(desc(waitlist.createdAt), desc(waitlist.id));
}

/** Moves an entry to contacted or converted; false when there is no such entry. */
export async function setWaitlistStatus(
  id: string,
  status: SettableWaitlistStatus,
): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(waitlist)
    .set({ status })
    .where(eq(waitlist.id, id))
    .returning({ id: waitlist.id });
  return rows.length > 0;
}

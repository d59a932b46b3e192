import { sql } from "drizzle-orm";
import { waitlist } from "../../../db/schema.ts";
import { getDb, type Database } from "../../lib/db.server.ts";

export interface WaitlistSignup {
  name: string;
  /** Trimmed and lower-cased (the schema does it; the table checks it). */
  email: string;
  interestedAgents: string[];
  message: string | null;
  marketingConsent: boolean;
  source: string | null;
}

/**
 * The sign-up upsert, prepared once per database connection pool: sign-ups are the hot
 * write path, and a prepared statement skips building and planning the SQL each time.
 */
function prepareUpsert(db: Database) {
  return db
    .insert(waitlist)
    .values({
      name: sql.placeholder("name"),
      email: sql.placeholder("email"),
      interestedAgents: sql.placeholder("interestedAgents"),
      message: sql.placeholder("message"),
      marketingConsent: sql.placeholder("marketingConsent"),
      source: sql.placeholder("source"),
      termsAcceptedAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: waitlist.email,
      set: {
        interestedAgents: sql`excluded.interested_agents`,
        message: sql`excluded.message`,
        marketingConsent: sql`excluded.marketing_consent`,
        termsAcceptedAt: sql`excluded.terms_accepted_at`,
        source: sql`coalesce(${waitlist.source}, excluded.source)`,
      },
    })
    .prepare("waitlist_upsert");
}

const preparedUpserts = new WeakMap<Database, ReturnType<typeof prepareUpsert>>();

/**
 * Stores a sign-up in one statement. A repeated e-mail updates the existing row instead of
 * adding one: it takes the new agents, message, consent and terms acceptance, and keeps its
 * name, status, created_at and first known source (DESIGN.md decision 2,
 * docs/decisions/020-repeated-signup-email.md).
 */
export async function upsertWaitlistEntry(signup: WaitlistSignup): Promise<void> {
  const db = await getDb();
  let upsert = preparedUpserts.get(db);
  if (!upsert) {
    upsert = prepareUpsert(db);
    preparedUpserts.set(db, upsert);
  }
  await upsert.execute({ ...signup });
}

import pg from "pg";
import { createDatabase } from "./postgres.ts";

// Reads rows from the end-to-end server's own PostgreSQL database (tests/e2e/global-setup.ts).
export async function queryE2eDatabase<Row extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error("E2E_DATABASE_URL is not set: run through playwright.config.ts");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export interface WaitlistRow {
  name: string;
  email: string;
  interested_agents: string[];
  status: string;
  message: string | null;
  marketing_consent: boolean;
  source: string | null;
  terms_accepted_at: Date;
  created_at: Date;
}

export function waitlistRows(email: string): Promise<WaitlistRow[]> {
  return queryE2eDatabase<WaitlistRow>("select * from waitlist where email = $1", [email]);
}

/** An e-mail address no other test uses. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * A new database for an end-to-end server, copied from the run's template (migrated and
 * seeded, with the admin of `e2eAdmin`; tests/e2e/global-setup.ts): a copy takes a fraction
 * of a second, where migrating took over a second and `admin:create` several.
 */
export function createE2eDatabase(name: string): Promise<string> {
  return createDatabase(name, e2eSetting("E2E_TEMPLATE_DATABASE"));
}

/** The admin that every database made by createE2eDatabase starts with. */
export function e2eAdmin(): { email: string; password: string } {
  return { email: e2eSetting("E2E_ADMIN_EMAIL"), password: e2eSetting("E2E_ADMIN_PASSWORD") };
}

function e2eSetting(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through playwright.config.ts`);
  return value;
}

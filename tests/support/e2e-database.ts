import pg from "pg";

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

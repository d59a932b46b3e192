import pg from "pg";

// Test-only helpers around the PostgreSQL server that the integration and end-to-end
// suites use. Each run (and each test file) gets databases of its own, dropped afterwards.
export const testDatabaseUrl =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export function databaseUrlFor(name: string): string {
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: testDatabaseUrl,
    connectionTimeoutMillis: 3000,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function postgresReachable(): Promise<boolean> {
  try {
    await withAdminClient((client) => client.query("select 1"));
    return true;
  } catch {
    return false;
  }
}

export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

export async function createDatabase(name: string, template?: string): Promise<string> {
  await withAdminClient((client) =>
    client.query(`create database "${name}"${template ? ` template "${template}"` : ""}`),
  );
  return databaseUrlFor(name);
}

export async function dropDatabase(name: string): Promise<void> {
  await withAdminClient(async (client) => {
    // Connections a test has just closed may still be going away: forced off, they get a
    // FATAL error that a closing client can raise as uncaught (an afterAll failed so). They
    // get 2 s; what stays open after that (a killed process's) is forced.
    for (let wait = 0; wait < 20; wait++) {
      const { rows } = await client.query<{ open: number }>(
        "select count(*)::int as open from pg_stat_activity where datname = $1",
        [name],
      );
      if (rows[0]?.open === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await client.query(`drop database if exists "${name}" with (force)`);
  });
}

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
  await withAdminClient((client) => client.query(`drop database if exists "${name}" with (force)`));
}

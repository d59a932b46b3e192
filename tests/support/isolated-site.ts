import crypto from "node:crypto";
import { test as base } from "@playwright/test";
import pg from "pg";
import { createAdminWithCli } from "./admin-cli.ts";
import { startBuiltServer } from "./built-server.ts";
import { createDatabase, dropDatabase, uniqueDatabaseName } from "./postgres.ts";

// A built server on a fresh PostgreSQL database with an admin, one per Playwright worker, for
// tests that change what public pages show (robots, posts): the suite's shared server keeps
// its seeded data for the read-only page tests running beside them.
export interface IsolatedSite {
  url: string;
  adminEmail: string;
  adminPassword: string;
  query: <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<Row[]>;
}

export const test = base.extend<object, { site: IsolatedSite }>({
  site: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const databaseName = uniqueDatabaseName("agentes_e2e_site");
      const databaseUrl = await createDatabase(databaseName);
      const adminEmail = "admin@agentesfx.test";
      const adminPassword = crypto.randomBytes(18).toString("base64url");
      createAdminWithCli(databaseUrl, adminEmail, adminPassword);
      const server = await startBuiltServer({ DATABASE_URL: databaseUrl, SIGNUP_RATE_LIMIT: "0" });
      const query = async <Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          return (await client.query<Row>(text, values)).rows;
        } finally {
          await client.end();
        }
      };
      await use({ url: server.url, adminEmail, adminPassword, query });
      await server.stop();
      await dropDatabase(databaseName);
    },
    { scope: "worker" },
  ],
  baseURL: async ({ site }, use) => use(site.url),
});

export { expect } from "@playwright/test";

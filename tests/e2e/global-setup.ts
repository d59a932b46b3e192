import crypto from "node:crypto";
import { createAdminWithCli } from "../support/admin-cli.ts";
import { startBuiltServer } from "../support/built-server.ts";
import { createDatabase, dropDatabase, uniqueDatabaseName } from "../support/postgres.ts";

// One built server for the whole end-to-end run, on a PostgreSQL database of its own so
// tests can check stored rows directly (E2E_DATABASE_URL) and never touch a developer's data.
export default async function globalSetup() {
  const databaseName = uniqueDatabaseName("agentes_e2e");
  const databaseUrl = await createDatabase(databaseName);
  const server = await startBuiltServer({ DATABASE_URL: databaseUrl, SIGNUP_RATE_LIMIT: "0" });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATABASE_URL = databaseUrl;
  // An admin for the admin tests, made by the real `npm run admin:create` command.
  const adminEmail = "e2e-admin@agentesfx.test";
  const adminPassword = crypto.randomBytes(18).toString("base64url");
  createAdminWithCli(databaseUrl, adminEmail, adminPassword);
  process.env.E2E_ADMIN_EMAIL = adminEmail;
  process.env.E2E_ADMIN_PASSWORD = adminPassword;
  return async () => {
    await server.stop();
    await dropDatabase(databaseName);
  };
}

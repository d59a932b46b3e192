import crypto from "node:crypto";
import { createAdminWithCli } from "../support/admin-cli.ts";
import { startFakeBcb } from "../support/bcb-ptax.ts";
import { startBuiltServer } from "../support/built-server.ts";
import { createDatabase, dropDatabase, uniqueDatabaseName } from "../support/postgres.ts";

// One built server for the read-mostly end-to-end tests, on a PostgreSQL database of its own
// so tests can check stored rows directly (E2E_DATABASE_URL) and never touch a developer's
// data. Tests that change robots or posts use tests/support/isolated-site.ts instead.
// Beside it, the template every other end-to-end database is copied from
// (tests/support/e2e-database.ts createE2eDatabase): migrated, seeded and given an admin by
// the real `admin:create` command once per run.
export default async function globalSetup() {
  const databaseName = uniqueDatabaseName("agentes_e2e");
  const templateName = uniqueDatabaseName("agentes_e2e_tpl");
  const admin = {
    email: "admin@agentesfx.test",
    password: crypto.randomBytes(18).toString("base64url"),
  };
  // The Banco Central's PTAX, for every built server of the run (they inherit process.env):
  // staff cannot invite without a rate (decision 354). R$ 5,0000 on each of the last 10 days.
  const quotes: Record<string, number> = {};
  for (let day = 1; day <= 10; day++) {
    quotes[new Date(Date.now() - day * 86_400_000).toISOString().slice(0, 10)] = 5;
  }
  const bcb = await startFakeBcb(quotes);
  process.env.PTAX_URL = bcb.url;
  const databaseUrl = await createDatabase(databaseName);
  const [server] = await Promise.all([
    startBuiltServer({
      DATABASE_URL: databaseUrl,
      SIGNUP_RATE_LIMIT: "0",
      // Settings that only add to the pages, so the tests see them shown.
      WHATSAPP_NUMBER: "5511999998888",
      PARTNER_BROKER_NAME: "Corretora Exemplo",
      PARTNER_BROKER_URL: "https://corretora.example/parceria",
    }),
    // admin:create migrates and seeds the database it is given, as a server's start would.
    createDatabase(templateName).then((templateUrl) =>
      createAdminWithCli(templateUrl, admin.email, admin.password),
    ),
  ]);
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATABASE_URL = databaseUrl;
  process.env.E2E_TEMPLATE_DATABASE = templateName;
  process.env.E2E_ADMIN_EMAIL = admin.email;
  process.env.E2E_ADMIN_PASSWORD = admin.password;
  return async () => {
    await server.stop();
    await Promise.all([dropDatabase(databaseName), dropDatabase(templateName), bcb.close()]);
  };
}

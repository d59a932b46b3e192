import { startBuiltServer } from "../support/built-server.ts";
import { createDatabase, dropDatabase, uniqueDatabaseName } from "../support/postgres.ts";

// One built server for the read-mostly end-to-end tests, on a PostgreSQL database of its own
// so tests can check stored rows directly (E2E_DATABASE_URL) and never touch a developer's
// data. Tests that change robots or posts use tests/support/isolated-site.ts instead.
export default async function globalSetup() {
  const databaseName = uniqueDatabaseName("agentes_e2e");
  const databaseUrl = await createDatabase(databaseName);
  const server = await startBuiltServer({
    DATABASE_URL: databaseUrl,
    SIGNUP_RATE_LIMIT: "0",
    // Settings that only add to the pages, so the tests see them shown.
    WHATSAPP_NUMBER: "5511999998888",
    PARTNER_BROKER_NAME: "Corretora Exemplo",
    PARTNER_BROKER_URL: "https://corretora.example/parceria",
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATABASE_URL = databaseUrl;
  return async () => {
    await server.stop();
    await dropDatabase(databaseName);
  };
}

import fs from "node:fs";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { closeDatabase } from "../../app/platform/db/db.server.ts";
import { createDatabase, dropDatabase, uniqueDatabaseName } from "./postgres.ts";

// Gives this test file a database of its own, copied from the run's migrated template,
// and points the app's env at it before any test touches the database.
if (inject("databaseKind") === "postgres") {
  const name = uniqueDatabaseName("agentes_test");
  process.env.DATABASE_URL = await createDatabase(name, inject("postgresTemplateDatabase"));
  afterAll(async () => {
    await closeDatabase();
    await dropDatabase(name);
  });
} else {
  const template = inject("pgliteTemplateDir");
  const dir = fs.mkdtempSync(path.join(path.dirname(template), "file-"));
  fs.cpSync(template, dir, { recursive: true });
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = dir;
  afterAll(async () => {
    await closeDatabase();
    fs.rmSync(dir, { recursive: true, force: true });
  });
}

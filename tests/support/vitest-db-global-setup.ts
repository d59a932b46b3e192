import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { connectPglite, connectPostgres } from "../../app/platform/db/db.server.ts";
import { createDatabase, dropDatabase, uniqueDatabaseName } from "./postgres.ts";
import { makeScratchDir } from "./scratch-dir.ts";

declare module "vitest" {
  export interface ProvidedContext {
    databaseKind: "pglite" | "postgres";
    pgliteTemplateDir: string;
    postgresTemplateDatabase: string;
  }
}

// Migrates and seeds one template database per run; each test file copies it
// (vitest-db-setup.ts), since migrating per file is slow.
export default async function setup(project: TestProject) {
  if (project.name === "db:postgres") {
    const template = uniqueDatabaseName("agentes_test_tpl");
    const connection = await connectPostgres(await createDatabase(template));
    await connection.close();
    project.provide("databaseKind", "postgres");
    project.provide("postgresTemplateDatabase", template);
    return () => dropDatabase(template);
  }
  // The template and every file's copy (vitest-db-setup.ts) share one folder, removed after
  // the run: a file whose tests are all skipped never runs its afterAll.
  const runDir = makeScratchDir("agentes-test-run-");
  const dir = path.join(runDir, "template");
  const connection = await connectPglite(dir);
  await connection.close();
  project.provide("databaseKind", "pglite");
  project.provide("pgliteTemplateDir", dir);
  return () => fs.rmSync(runDir, { recursive: true, force: true });
}

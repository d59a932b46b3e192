import { defineConfig } from "vitest/config";
import { postgresReachable, testDatabaseUrl } from "./tests/support/postgres.ts";

const integrationTests = "**/*.integration.test.{ts,tsx}";
const exclude = ["node_modules/**", "build/**", "tests/e2e/**"];
const consoleGuard = "tests/support/vitest-console-guard.ts";
const freshFile = "tests/support/vitest-fresh-file.ts";

function databaseProject(kind: "pglite" | "postgres") {
  return {
    test: {
      name: `db:${kind}`,
      include: [integrationTests],
      exclude,
      globalSetup: ["tests/support/vitest-db-global-setup.ts"],
      isolate: false,
      setupFiles: [freshFile, consoleGuard, "tests/support/vitest-db-setup.ts"],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

// Integration tests run twice, on PGlite and on PostgreSQL. Off CI a missing PostgreSQL
// skips its half with a warning; under CI=true it fails the run.
export default defineConfig(async () => {
  const postgresUp = await postgresReachable();
  if (!postgresUp) {
    const message = `PostgreSQL at ${testDatabaseUrl} is unreachable (set TEST_DATABASE_URL)`;
    if (process.env.CI === "true") throw new Error(message);
    console.warn(`${message}: skipping the PostgreSQL half of the integration tests.`);
  }
  return {
    test: {
      env: { LOG_LEVEL: "silent" },
      // Vitest's default on 2 cores is one file at a time; the database tests spend much of
      // their time waiting on PostgreSQL, so three run side by side (3m51s became 2m51s).
      // Each project runs with `isolate: false`: three worker processes run every file, each
      // file with fresh app modules and the worker's first environment (vitest-fresh-file.ts),
      // instead of a process per file (docs/decisions/291).
      maxWorkers: 3,
      projects: [
        {
          test: {
            name: "unit",
            include: ["**/*.test.{ts,tsx}"],
            exclude: [...exclude, integrationTests],
            isolate: false,
            setupFiles: [freshFile, consoleGuard],
          },
        },
        databaseProject("pglite"),
        ...(postgresUp ? [databaseProject("postgres")] : []),
      ],
    },
  };
});

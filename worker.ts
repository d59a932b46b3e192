// `npm run worker`: the jobs worker as a process of its own, for PostgreSQL deployments where
// the web processes run with WORKER=off (docs/decisions/115). Compiled to build/worker.js by
// `npm run build` (vite.entry.config.ts), like server.ts; it runs the app's server build's
// worker and nothing else: no HTTP.
import path from "node:path";
import { pathToFileURL } from "node:url";
import closeWithGrace from "close-with-grace";
import { exitOnConfigurationProblems } from "./app/platform/http/logger.server.ts";
import type * as AppModuleShape from "./server/app.ts";

type AppModule = typeof AppModuleShape;

const SHUTDOWN_TIMEOUT_MS = 30_000;

// Every missing or invalid setting is named before the app's build loads and reads one.
exitOnConfigurationProblems();

const buildPath = pathToFileURL(path.resolve("build/server/index.js")).href;
const { getEnv, getLogger, openDatabase, closeDatabase, startBackgroundWork, stopBackgroundWork } =
  (await import(buildPath)) as AppModule;
const logger = getLogger();

try {
  if (!getEnv().DATABASE_URL) {
    throw new Error(
      "npm run worker needs DATABASE_URL: on the embedded database the server runs the worker itself.",
    );
  }
  await openDatabase();
  await startBackgroundWork("worker");
  logger.info("Worker started");
} catch (error) {
  logger.fatal({ err: error }, error instanceof Error ? error.message : String(error));
  process.exit(1);
}

closeWithGrace(
  { delay: SHUTDOWN_TIMEOUT_MS, logger: { error: (message: unknown) => logger.error(message) } },
  async ({ signal, err }) => {
    if (err) logger.error({ err }, "Worker stopping after an uncaught error");
    else logger.info({ signal }, "Worker stopping: finishing the sends in flight");
    await stopBackgroundWork();
    await closeDatabase();
    logger.info("Stopped");
  },
);

// The process entry: `node server.ts` serves the production build, `node server.ts --dev`
// runs Vite in middleware mode. The app itself lives in server/app.ts (bundled by the build).
import type { Server } from "node:http";
import compression from "compression";
import express from "express";
import type * as AppModuleShape from "./server/app.ts";

type AppModule = typeof AppModuleShape;

const development = process.argv.includes("--dev");
const SHUTDOWN_TIMEOUT_MS = 10_000;

const root = express();
root.disable("x-powered-by");
root.use(compression());

let appModule: AppModule;
if (development) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  root.use(viteServer.middlewares);
  appModule = (await viteServer.ssrLoadModule("./server/app.ts")) as AppModule;
  root.use(async (req, res, next) => {
    try {
      const fresh = (await viteServer.ssrLoadModule("./server/app.ts")) as AppModule;
      fresh.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  const buildPath = "./build/server/index.js";
  appModule = (await import(buildPath)) as AppModule;
  // Hashed file names: cache forever.
  root.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  root.use(express.static("build/client", { maxAge: "1h", index: false }));
  root.use(appModule.app);
}

const { getEnv, getLogger, openDatabase, closeDatabase } = appModule;
const logger = getLogger();

try {
  await openDatabase();
} catch (error) {
  logger.fatal({ err: error }, error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const { PORT, HOST } = getEnv();
const server: Server = root.listen(PORT, HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : PORT;
  logger.info({ port, host: HOST }, `Server listening on http://localhost:${port}`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "Shutting down: finishing in-flight requests");
  const forceExit = setTimeout(() => {
    logger.error("In-flight requests did not finish in time; exiting");
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  forceExit.unref();
  // Stops accepting; idle keep-alive sockets close now, busy ones after their response.
  server.close(async () => {
    await closeDatabase();
    logger.info("Stopped");
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

// The process entry: in production it serves the build (`npm run serve` starts this file
// compiled to build/server.js by `npm run build`, vite.entry.config.ts), `npm run dev` runs
// Vite in middleware mode (with the "development" export condition, so Node and Vite load the
// same react-router build and share its context classes). The app itself lives in
// server/app.ts (bundled by the build).
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import closeWithGrace from "close-with-grace";
import express from "express";
import helmet from "helmet";
import { exitOnConfigurationProblems } from "./app/platform/http/logger.server.ts";
import type * as AppModuleShape from "./server/app.ts";
import { compressAnswers } from "./server/compress.ts";
import { createHttpServer, SERVER_LIMITS } from "./server/http-server.ts";
import { oneLeadingSlash, permissionsPolicy } from "./server/request-guards.ts";
import { staticFileHeaderOptions } from "./server/security-headers.ts";

type AppModule = typeof AppModuleShape;

const development = process.argv.includes("--dev");

// Every missing or invalid setting is named before anything reads one.
exitOnConfigurationProblems();
const SHUTDOWN_TIMEOUT_MS = 10_000;

const root = express();
root.disable("x-powered-by");
root.use(compressAnswers());

let draining = false;
// While draining, every response closes its connection so keep-alive clients go away.
root.use((_req, res, next) => {
  if (draining) res.setHeader("Connection", "close");
  next();
});

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
  // From the working directory, like the static folders below: this file also runs compiled,
  // as build/server.js (`npm run serve`).
  const buildPath = pathToFileURL(path.resolve("build/server/index.js")).href;
  appModule = (await import(buildPath)) as AppModule;
  // Files carry the security headers too (nosniff first), set before each file handler; a
  // path no file answers goes on to the app, whose headers replace these.
  const fileHeaders = [helmet(staticFileHeaderOptions()), permissionsPolicy];
  // Hashed file names: cache forever.
  root.use(
    "/assets",
    ...fileHeaders,
    express.static("build/client/assets", { immutable: true, maxAge: "1y" }),
  );
  // The static handler stats the disk and builds a 404 error for every path it does not
  // hold: asked only for the names the build has, page views never touch the disk. /assets
  // has its handler above.
  const clientFiles = new Set(fs.readdirSync("build/client").filter((name) => name !== "assets"));
  const serveClientFileWithHeaders = express
    .Router()
    .use(...fileHeaders, express.static("build/client", { maxAge: "1h", index: false }));
  root.use((req, res, next) => {
    if (clientFiles.has(req.path.split("/")[1]!)) serveClientFileWithHeaders(req, res, next);
    else next();
  });
  root.use(appModule.app);
  // Errors of the static file handlers too: no stack trace, logged through pino only.
  root.use(appModule.handleErrors);
}

const {
  getEnv,
  getLogger,
  openDatabase,
  closeDatabase,
  startBackgroundWork,
  stopBackgroundWork,
  startRateLimitPurge,
} = appModule;
const logger = getLogger();

try {
  await openDatabase();
  await startBackgroundWork();
} catch (error) {
  logger.fatal({ err: error }, error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const stopRateLimitPurge = startRateLimitPurge((error) =>
  logger.error({ err: error }, "Purging expired rate limits failed"),
);

const { PORT, HOST } = getEnv();
// A stored public page is answered before Express and its middleware, as a file would be
// (docs/decisions/222); everything else, and everything while draining, goes through `root`.
const serveStoredPage = development ? () => false : appModule.serveStoredPage;
const server = createHttpServer(
  (req, res) => {
    // Before anything reads the path as a URL (docs/decisions/320).
    const oneSlash = oneLeadingSlash(req.url);
    if (oneSlash !== null) return void res.writeHead(301, { Location: oneSlash }).end();
    if (draining || !serveStoredPage(req, res, root)) root(req, res);
  },
  SERVER_LIMITS,
  appModule.AppRequest,
);
server.listen(PORT, HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : PORT;
  logger.info({ port, host: HOST }, `Server listening on http://localhost:${port}`);
});

// On SIGTERM/SIGINT (or an uncaught error) finish the in-flight requests, close the
// database and exit; past SHUTDOWN_TIMEOUT_MS close-with-grace exits 1.
closeWithGrace(
  { delay: SHUTDOWN_TIMEOUT_MS, logger: { error: (message: unknown) => logger.error(message) } },
  async ({ signal, err }) => {
    draining = true;
    if (err) logger.error({ err }, "Shutting down after an uncaught error");
    else logger.info({ signal }, "Shutting down: finishing in-flight requests");
    // Stop accepting without http.Server#close's immediate sweep of idle connections: a
    // connection whose request is still arriving counts as idle there and would be cut.
    const closed = new Promise<void>((resolve) => {
      net.Server.prototype.close.call(server, () => resolve());
    });
    const sweep = setInterval(() => server.closeIdleConnections(), 250);
    sweep.unref();
    await closed;
    await stopBackgroundWork();
    stopRateLimitPurge();
    await closeDatabase();
    logger.info("Stopped");
  },
);

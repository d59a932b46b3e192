// Runs a bench script that imports the app's modules (some are .tsx, which Node does not
// load) through Vite's module runner, as vitest does: `node scripts/bench/vite-run.ts
// scripts/bench/orders.ts --people=500`. No project config: plain TypeScript and JSX only.
import path from "node:path";
import { createServer, createServerModuleRunner } from "vite";

const script = process.argv[2];
if (!script) throw new Error("usage: node scripts/bench/vite-run.ts <script.ts> [options]");
const server = await createServer({
  configFile: false,
  root: process.cwd(),
  logLevel: "warn",
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: "custom",
  esbuild: { jsx: "automatic" },
});
const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
try {
  await runner.import(path.resolve(script));
} finally {
  await runner.close();
  await server.close();
}

import { vi } from "vitest";

// The projects run with `isolate: false`: one worker process runs many test files, one after
// another, instead of a new process per file (docs/decisions/291). Each file still starts as
// in a process of its own: with the environment the worker started with, and with the app's
// modules evaluated anew (their state: the open database, the parsed environment, caches).
// Packages from node_modules are loaded once per worker.
const key = Symbol.for("agentes.workerStartEnv");
const store = globalThis as { [key]?: NodeJS.ProcessEnv };
const startEnv = (store[key] ??= { ...process.env });
for (const name of Object.keys(process.env)) {
  if (!(name in startEnv)) delete process.env[name];
}
Object.assign(process.env, startEnv);
vi.resetModules();

/**
 * A module that runs apart from the server (a child process or a worker thread): beside the
 * caller in the sources (tests, `npm run dev`, benchmarks: Node strips the types), and
 * build/<builtName>.js in the production build (vite.entry.config.ts), where the caller lies
 * in a chunk under build/server/.
 */
export function entryModule(callerUrl: string, sourcePath: string, builtName: string): URL {
  if (callerUrl.endsWith(".ts")) return new URL(sourcePath, callerUrl);
  return new URL(`${builtName}.js`, callerUrl.slice(0, callerUrl.lastIndexOf("/build/") + 7));
}

import { defineConfig } from "vite";

// The production process entries: server.ts and worker.ts compiled to build/server.js and
// build/worker.js, next to the app's server build, the statement reader's process
// (build/statement-worker.js, docs/decisions/198) and the post renderer's thread
// (build/markdown-worker.js, docs/decisions/257). `npm run serve` starts the JavaScript, so Node never loads its TypeScript
// stripper (a WebAssembly module: about 10 MB resident, docs/decisions/111). Packages stay
// imports (Vite's default for a server build); server/http-server.ts is bundled in.
export default defineConfig({
  logLevel: "warn",
  publicDir: false,
  build: {
    ssr: true,
    outDir: "build",
    emptyOutDir: false,
    minify: false,
    target: "node22",
    rollupOptions: {
      input: {
        server: "server.ts",
        worker: "worker.ts",
        "statement-worker": "app/features/performance/statement-worker.server.ts",
        "markdown-worker": "app/features/posts/markdown-worker.server.ts",
        "statement-read-worker": "app/features/orders/statement-worker.server.ts",
        "waitlist-export-worker": "app/features/waitlist/export-worker.server.ts",
      },
      output: { entryFileNames: "[name].js" },
    },
  },
});

import { defineConfig } from "vitest/config";

// Tests of the repository as a newcomer meets it (tests/system): slow, so apart from
// `npm test`; `.ci/run` runs them after it.
export default defineConfig({
  test: { include: ["tests/system/**/*.system.ts"], testTimeout: 300_000, hookTimeout: 120_000 },
});

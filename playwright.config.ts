import { defineConfig, devices } from "@playwright/test";

// Debian's chromium, never a downloaded browser. The built server is started by
// tests/e2e/global-setup.ts, which sets E2E_BASE_URL before the workers start.
const browser = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: process.env.CI === "true",
  retries: 0,
  reporter: process.env.CI === "true" ? "list" : [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: "retain-on-failure",
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    // Toasts fade in, and axe would measure their contrast mid-fade; with reduced motion
    // (which sonner honours) they appear at once.
    reducedMotion: "reduce",
  },
  projects: [
    // `npm test`: the site in a browser, against the one shared built server.
    { name: "chromium", testDir: "tests/e2e", testMatch: "**/*.e2e.ts", use: browser },
    // `npm run test:system`: several server and worker processes, signals and restarts;
    // minutes each, so apart from `npm test` (docs/decisions/234).
    { name: "processes", testDir: "tests/processes", testMatch: "**/*.process.ts", use: browser },
    // `npm run test:system` too: every page or message checked one by one (axe at two widths,
    // no script, no sideways scroll, e-mail widths, hostile input; docs/decisions/407).
    { name: "sweeps", testDir: "tests/sweeps", testMatch: "**/*.sweep.ts", use: browser },
  ],
});

import { expect, test as base, type Page } from "./e2e-test.ts";
import { gotoHydrated } from "./hydration.ts";
import { type OwnServer, startOwnServer } from "./own-server.ts";

// A site of its own (tests/support/own-server.ts) per Playwright worker, as the `site`
// fixture and the pages' baseURL, for browser tests that change what public pages show
// (robots, posts): the suite's shared server keeps its seeded data for the read-only page
// tests running beside them. The page cache is on, as in production, so edits must also invalidate it.
export type IsolatedSite = OwnServer;

export const test = base.extend<object, { site: IsolatedSite }>({
  site: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const site = await startOwnServer("site");
      await use(site);
      await site.stop();
    },
    // Its own database, admin and built server: slower to start than a test's 30 s on a
    // busy 2-core machine.
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ site }, use) => use(site.url),
});

/**
 * Signs the site's admin in by posting the login form from the page's own browser context
 * (the session cookie lands in it), then opens the waitlist. Tests of the login screen
 * itself fill the form.
 */
export async function logIn(page: Page, site: IsolatedSite) {
  const response = await page.request.post("/admin", {
    form: { intent: "login", email: site.adminEmail, password: site.adminPassword },
    headers: { Origin: site.url },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  await gotoHydrated(page, "/admin/lista");
  await expect(page.getByRole("button", { name: "Sair" })).toBeVisible();
}

export { expect };

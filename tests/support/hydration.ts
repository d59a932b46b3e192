import { expect, type Page } from "@playwright/test";

/**
 * Opens a page that loads scripts (/contato, /admin; docs/decisions/060) and waits until
 * React has hydrated it: hydration may end after the `load` event that `page.goto` waits
 * for, so a control that needs JavaScript may not answer before.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  return response;
}

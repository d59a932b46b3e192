import { expect, test } from "../support/e2e-test.ts";
import { expectNoAxeViolations, expectNoAxeViolationsAtWidths } from "../support/axe.ts";
import { publicPaths } from "../../app/lib/public-routes.ts";

// axe-core finds no violation on any public route, on a phone and on a desktop.
const routes = [...publicPaths, "/blog/o-que-e-um-robo-de-trading", "/admin"];

for (const route of routes) {
  test(`${route} has no axe violations at 390 and 1280 px`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(route);
    await page.waitForLoadState("networkidle");
    await expectNoAxeViolationsAtWidths(page);
  });
}

test("the FAQ and the open mobile menu have no axe violations", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/como-funciona");
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  await page.locator("#faq summary").first().click();
  await expect(page.locator("#faq details[open]")).toHaveCount(1);
  await expectNoAxeViolations(page);
});

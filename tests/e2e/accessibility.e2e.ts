import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../support/e2e-test.ts";
import { publicPaths } from "../../app/lib/public-routes.ts";

// axe-core finds no violation on any public route, on a phone and on a desktop.
const routes = [...publicPaths, "/blog/o-que-e-um-robo-de-trading", "/admin"];

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const route of routes) {
      test(`${route} has no axe violations`, async ({ page }) => {
        await page.goto(route);
        await page.waitForLoadState("networkidle");
        const results = await new AxeBuilder({ page }).analyze();
        const summary = results.violations.map((violation) => ({
          id: violation.id,
          impact: violation.impact,
          targets: violation.nodes.map((node) => node.target.join(" ")),
        }));
        expect(summary).toEqual([]);
      });
    }
  });
}

test("the FAQ and the open mobile menu have no axe violations", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/como-funciona");
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  await page.locator("#faq summary").first().click();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});

import { expect, test } from "../support/e2e-test.ts";
import { publicPaths } from "../../app/lib/public-routes.ts";
import { pages } from "../support/public-pages.ts";

// Every public page, one by one: none scrolls sideways on a 360 px phone without JavaScript,
// and each that HTML can serve alone requests no script.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("no public page scrolls sideways at 360 px", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    for (const [path] of pages) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBe(0);
    }
  });
});

const htmlOnlyPaths = [
  ...publicPaths.filter((path) => path !== "/contato"),
  "/blog/hedge-e-preco-medio",
  "/nao-existe",
  "/agentes/nao-existe",
  // Issue 11's public pages (the link pages are covered in email.e2e.ts).
  "/meus-dados",
  "/newsletter",
  // Issue 24's customer area (its link and panel are covered in account.e2e.ts).
  "/minha-conta",
];

// One test per page: all of them in one test went past its 30 s on a loaded machine.
for (const path of htmlOnlyPaths) {
  test(`${path}, which HTML can serve alone, requests no script`, async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto(path);
    // JSON-LD (a blog post's Article) is data the browser never runs.
    await expect(page.locator('script:not([type="application/ld+json"])')).toHaveCount(0);
    expect(scripts).toEqual([]);
  });
}

import { expect, test } from "@playwright/test";
import { publicPaths } from "../../app/lib/public-routes.ts";
import { gotoHydrated } from "../support/hydration.ts";

// Pages paint before their hydration scripts download (docs/decisions/008). The HTML check
// also fails if a React Router upgrade changes what <Scripts /> writes.
test("no page preloads or imports its modules from the HTML", async ({ request }) => {
  for (const path of [...publicPaths, "/blog/hedge-e-preco-medio", "/admin", "/nao-existe"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain("document.currentScript.nonce");
    expect(html, path).not.toContain('rel="modulepreload"');
    expect(html, path).not.toMatch(/<script[^>]*type="module"/);
  }
});

test("the browser draws a frame before it requests any script, then hydrates", async ({ page }) => {
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      document.documentElement.dataset.firstFrameAt = String(performance.now());
    });
  });
  await gotoHydrated(page, "/como-funciona");
  const { firstFrameAt, scriptStarts } = await page.evaluate(() => ({
    firstFrameAt: Number(document.documentElement.dataset.firstFrameAt),
    scriptStarts: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => entry.startTime),
  }));
  expect(scriptStarts.length).toBeGreaterThan(3);
  expect(Math.min(...scriptStarts)).toBeGreaterThan(firstFrameAt);

  const question = page.getByRole("button", { name: "Quais são os riscos envolvidos?" });
  await question.click();
  await expect(question).toHaveAttribute("aria-expanded", "true");
});

test("a page opened in a hidden tab, which draws no frames, loads its scripts at once", async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
    window.requestAnimationFrame = () => 0;
  });
  await gotoHydrated(page, "/como-funciona");
});

import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./e2e-test.ts";

// axe-core's check, as every browser test runs it. Only violations are collected in full
// (`resultTypes`): the passes axe would otherwise detail cost a third of each run.

/** Each violation as "rule: help, targets", so a failure names what to fix. */
export async function axeViolations(page: Page): Promise<string[]> {
  const builder = new AxeBuilder({ page }).options({
    resultTypes: ["violations"],
    // Off by default in axe (experimental), checked by outside checkers: a control's
    // accessible name must contain its visible text (WCAG 2.5.3).
    rules: { "label-content-name-mismatch": { enabled: true } },
  });
  // A page without frames is checked by axe.run in the page itself: the same rules on the
  // same document as the frame-by-frame run, without the blank page that run opens to merge
  // its frames' results (1-2 s a check, most of each check's time). A page with frames (the
  // mailbox's sandboxed e-mail previews, cross-origin to axe) keeps the frame-by-frame run,
  // the one that reaches into them.
  if (page.frames().length === 1) builder.setLegacyMode();
  const { violations } = await builder.analyze();
  return violations.map(
    (v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`,
  );
}

export async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** The page as it is, checked at a phone's width and then at a desktop's. */
export async function expectNoAxeViolationsAtWidths(page: Page, widths = [390, 1280]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    expect.soft(await axeViolations(page), `at ${width} px`).toEqual([]);
  }
}

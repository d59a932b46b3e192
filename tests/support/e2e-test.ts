import { test as base } from "@playwright/test";

export { expect, type Browser, type Page } from "@playwright/test";

// Every browser test fails on an uncaught page error or a console.error in the page: an
// error nobody handled is a defect even when the assertions pass. The one error the
// browser prints by itself is kept out: "Failed to load resource" for an answer the app
// renders (a page or React Router's `.data` request answering 404, 410 or a refused post);
// the same message for an image, script or stylesheet still fails the test.
export const test = base.extend({
  page: async ({ page }, use) => {
    const documents = new Set<string>();
    const errors: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest()) documents.add(request.url());
    });
    page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const url = message.location().url;
      const renderedAnswer =
        message.text().startsWith("Failed to load resource") &&
        // A form posted to "#fragment" logs its page's address with the fragment.
        (documents.has(url.split("#")[0]!) || new URL(url).pathname.endsWith(".data"));
      if (!renderedAnswer)
        errors.push(`console.error: ${message.text()} (${message.location().url})`);
    });
    await use(page);
    if (errors.length > 0) {
      throw new Error(`The page reported errors during the test:\n${errors.join("\n")}`);
    }
  },
});

/**
 * The limit of a `beforeAll` that starts a built server: a hook's limit is its own (30 s),
 * not its file's, and a server's start alone has taken longer at load 15.
 */
export const serverStartHookTimeout = 120_000;

import { test as base } from "@playwright/test";

export { expect, type Browser, type Page } from "@playwright/test";

// Every browser test fails on an uncaught page error or a console.error in the page: an
// error nobody handled is a defect even when the assertions pass. Two errors the browser
// prints by itself are kept out: Playwright's script blocked in a sandboxed frame (below),
// and "Failed to load resource" for an answer the app renders (a page or React Router's
// `.data` request answering 404, 410 or a refused post); the same message for an image,
// script or stylesheet still fails the test.
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
      // Playwright attaches its own script to every frame as it is created; in a sandboxed
      // frame (the mailbox's e-mail preview, `sandbox=""`) Chromium blocks and reports it.
      // The sandbox is what blocks it, so the report is the tool's, not the page's.
      const toolBlockedInSandbox =
        url === "about:srcdoc" && message.text().startsWith("Blocked script execution in");
      if (!renderedAnswer && !toolBlockedInSandbox)
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

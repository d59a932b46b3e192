import crypto from "node:crypto";
import { expect, type IsolatedSite, logIn, test } from "../support/isolated-site.ts";
import { expectNoAxeViolationsAtWidths } from "../support/axe.ts";

// axe on every admin page of app/routes.ts at 390 and 1280 px, on a built server and
// PostgreSQL database of its own (tests/support/isolated-site.ts). A new admin page with a
// parameter this file has no value for fails here.

let site: IsolatedSite;
test.beforeEach(({ site: current }) => {
  site = current;
  // Some twenty pages, each with two axe runs, on a 2-core machine.
  test.setTimeout(300_000);
});

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };

function adminPagePaths(entries: readonly RouteEntry[]): string[] {
  return entries.flatMap((entry) => [
    // Modules ending in .ts answer files and counts, not pages.
    ...(entry.path?.startsWith("admin") && entry.file.endsWith(".tsx") ? [entry.path] : []),
    ...adminPagePaths(entry.children ?? []),
  ]);
}

/** A waitlist entry and a support conversation whose tag no other test uses. */
async function seed(): Promise<Record<string, string>> {
  const tag = `lote${crypto.randomBytes(3).toString("hex")}`;
  const one = async (sql: string, values: unknown[] = []) =>
    (await site.query<{ id: string }>(sql, values))[0]!.id;
  return {
    entry: await one(
      `insert into waitlist (name, email, interested_agents, message, source, terms_accepted_at)
       values ($1, $2, array['yenmax'], 'Mensagem', 'instagram', now()) returning id`,
      [`Pessoa ${tag}`, `${tag}@exemplo.com`],
    ),
    conversation: await one(
      `insert into support_conversations
         (reference, origin, name, email, reply_token, first_response_due_at, last_message_at)
       values ($1, 'contact', 'Ana', $2, $3, now(), now()) returning id`,
      [`S${tag.slice(4)}`, `${tag}@exemplo.com`, `${tag}${"x".repeat(26 - tag.length)}`],
    ),
    robot: await one(`select id from robots where key = 'yenmax'`),
    post: await one(`select id from blog_posts limit 1`),
    // The refund page of an unknown order is its "not found" state: the isolated site has no
    // orders, and the refund page with one is checked in tests/e2e/orders.e2e.ts.
    order: crypto.randomUUID(),
  };
}

// One login and one seed for every page: each page is its own step, and the axe checks are
// soft, so one page's violations do not hide the next page's.
test("no axe violations at 390 and 1280 px on every admin page", async ({ page }) => {
  const { default: routes } = (await import("../../app/routes.ts")) as unknown as {
    default: RouteEntry[];
  };
  const ids = await seed();
  const paths = adminPagePaths(routes).map((path) => {
    const filled = path
      .replace(/^admin\/lista\/:id$/, `admin/lista/${ids.entry}`)
      .replace(/^admin\/robos\/:id/, `admin/robos/${ids.robot}`)
      .replace(/^admin\/blog\/:id/, `admin/blog/${ids.post}`)
      .replace(/^admin\/reembolso\/:orderId$/, `admin/reembolso/${ids.order}`)
      .replace(/^admin\/suporte\/:id$/, `admin/suporte/${ids.conversation}`);
    expect(filled, `no value for ${path}'s parameter`).not.toContain(":");
    return `/${filled}`;
  });
  expect(paths.length).toBeGreaterThanOrEqual(20);
  await logIn(page, site);
  for (const path of paths) {
    await test.step(path, async () => {
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(path);
      await expect(page.locator("main")).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expectNoAxeViolationsAtWidths(page);
    });
  }
});

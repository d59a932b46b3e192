import crypto from "node:crypto";
import { expect, type IsolatedSite, logIn, test } from "../support/isolated-site.ts";
import { expectNoAxeViolationsAtWidths } from "../support/axe.ts";

// axe on every admin page at 390 and 1280 px, on a built server and PostgreSQL database of
// its own (tests/support/isolated-site.ts).

let site: IsolatedSite;
test.beforeEach(({ site: current }) => {
  site = current;
  // Seven pages, each with two axe runs, on a 2-core machine.
  test.setTimeout(180_000);
});

/** Two people whose names share a tag no other test uses, so "a person" is found. */
async function seedPeople(): Promise<string> {
  const tag = `lote${crypto.randomBytes(3).toString("hex")}`;
  await site.query(
    `insert into waitlist (name, email, interested_agents, message, source, terms_accepted_at, created_at)
     select 'Pessoa ' || $1 || ' ' || lpad(i::text, 3, '0'), $1 || '-' || i || '@exemplo.com',
            array['yenmax'], 'Mensagem de ' || i, 'instagram', now(), now() - i * interval '1 minute'
       from generate_series(1, 2) as i`,
    [tag],
  );
  return tag;
}

const axePages: Array<[string, (tag: string) => Promise<string>]> = [
  ["the list", async () => "/admin/lista"],
  ["a search", async (tag) => `/admin/lista?q=${tag}`],
  [
    "a person",
    async (tag) => {
      const [entry] = await site.query<{ id: string }>(`select id from waitlist where name = $1`, [
        `Pessoa ${tag} 001`,
      ]);
      return `/admin/lista/${entry!.id}`;
    },
  ],
  ["robots", async () => "/admin/robos"],
  ["blog", async () => "/admin/blog"],
  ["e-mails", async () => "/admin/emails"],
  [
    "a post's preview",
    async () => {
      const [post] = await site.query<{ id: string }>(`select id from blog_posts limit 1`);
      return `/admin/blog/${post!.id}/previa`;
    },
  ],
];

// One login and one seed for every page: each page is its own step, and the axe checks are
// soft, so one page's violations do not hide the next page's.
test("no axe violations at 390 and 1280 px on every admin page", async ({ page }) => {
  const tag = await seedPeople();
  await logIn(page, site);
  for (const [name, pathFor] of axePages) {
    await test.step(name, async () => {
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(await pathFor(tag));
      await expect(page.locator("main")).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expectNoAxeViolationsAtWidths(page);
    });
  }
});

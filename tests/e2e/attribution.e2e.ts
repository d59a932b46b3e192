import { expect, logIn, test } from "../support/isolated-site.ts";

// Issue 25: a sign-up's source survives the visit, from the landing page any number of clicks
// back, without a cookie (docs/decisions/228): the campaign and the external referrer ride in
// the address from page to page, while the public pages stay the same cached HTML.

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });
    // Five pages, a sign-up and the admin's login on a shared 2-core machine.
    test.slow();

    test("a campaign and the site before it reach the sign-up three clicks later; the admin filters by them", async ({
      page,
      browser,
      site,
    }) => {
      const tag = `Campanha-${javaScriptEnabled ? "JS" : "HTML"}-${Date.now().toString(36)}`;
      const email = `${tag.toLowerCase()}@example.com`;
      await page.goto(`/?utm_source=${tag}&utm_campaign=y`, {
        referer: "https://www.google.com/search?q=robo+forex",
      });
      await page.getByRole("link", { name: "Conheça os agentes" }).click();
      await expect(page).toHaveURL(/\/agentes\?/);
      await page
        .getByRole("link", { name: /Ver Detalhes e Performance/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/agentes\/[a-z0-9-]+\?/);
      await page.getByRole("link", { name: "Entrar na Lista de Espera" }).first().click();
      await expect(page).toHaveURL(/\/contato\?agente=/);
      // No cookie carried any of it.
      expect(await page.context().cookies()).toEqual([]);

      await page.getByLabel("Nome Completo *").fill("Carla Campanha");
      await page.getByLabel("Email *").fill(email);
      await page.getByRole("checkbox", { name: /Li e aceito os Termos e Condições/ }).check();
      await page.getByRole("button", { name: "Entrar para a Lista de Espera" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Sucesso!" }).first()).toBeVisible();

      const [row] = await site.query(
        "select source, utm_medium, utm_campaign, referrer from waitlist where email = $1",
        [email],
      );
      expect(row).toEqual({
        source: tag,
        utm_medium: null,
        utm_campaign: "y",
        referrer: "https://www.google.com",
      });

      // Staff see it, and the Origem filter (any case) finds the person.
      const context = await browser.newContext({ baseURL: site.url, javaScriptEnabled: true });
      const admin = await context.newPage();
      await logIn(admin, site);
      await admin.goto(`/admin/lista?origem=${tag.toUpperCase()}`);
      await expect(
        admin.getByRole("heading", { name: "Lista de Espera (1 pessoa)" }),
      ).toBeVisible();
      await expect(admin.getByRole("row").filter({ hasText: email })).toBeVisible();
      await context.close();
    });
  });
}

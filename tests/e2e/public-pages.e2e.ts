import fs from "node:fs";
import { DomUtils, parseDocument } from "htmlparser2";
import { expect, type Page, test } from "../support/e2e-test.ts";
import { blogCategories, blogCopy } from "../../app/content/blog.ts";
import { legalMenu, mainMenu } from "../../app/content/layout.ts";
import { publicPaths } from "../../app/lib/public-routes.ts";
import { type BuiltServer, startBuiltServer } from "../support/built-server.ts";
import { gotoHydrated } from "../support/hydration.ts";
import { makeScratchDir } from "../support/scratch-dir.ts";
import { pages } from "../support/public-pages.ts";

test("the icons and the web manifest are served", async ({ request }) => {
  for (const [file, type] of [
    ["/favicon.ico", "image/vnd.microsoft.icon"],
    ["/apple-touch-icon.png", "image/png"],
    ["/site.webmanifest", "application/manifest+json"],
  ]) {
    const response = await request.get(file!);
    expect(response.status(), file).toBe(200);
    expect(response.headers()["content-type"], file).toContain(type!);
  }
  const manifest = (await (await request.get("/site.webmanifest")).json()) as {
    icons: Array<{ src: string }>;
  };
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
});

test("the page list covers every public path", () => {
  expect(publicPaths.filter((path) => !pages.some(([listed]) => listed === path))).toEqual([]);
});

// What the server sends is checked over HTTP: a browser adds nothing to these.
for (const [path, heading] of pages) {
  test(`${path} answers 200 with its heading, title, canonical and Open Graph tags`, async ({
    request,
  }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const document = parseDocument(await response.text());
    const element = (name: string, attribute?: [string, string]) =>
      DomUtils.findOne(
        (node) => node.name === name && (!attribute || node.attribs[attribute[0]] === attribute[1]),
        document.children,
      );
    const text = (name: string) =>
      DomUtils.textContent(element(name) ?? [])
        .replace(/\s+/g, " ")
        .trim();
    const meta = (key: string, value: string) => element("meta", [key, value])?.attribs.content;

    expect(text("h1")).toBe(heading);
    expect(text("title")).toMatch(/Agentes FX/);
    expect(meta("name", "description")).toMatch(/^.{50,}$/);
    expect(element("link", ["rel", "canonical"])?.attribs.href).toMatch(
      new RegExp(`^https?://[^/]+${path === "/" ? "/" : path}$`),
    );
    expect(meta("property", "og:title")).toMatch(/\S/);
    expect(meta("property", "og:url")).toMatch(new RegExp(`${path === "/" ? "/" : path}$`));
    expect(meta("name", "twitter:card")).toBe("summary_large_image");
    const image = await request.get(meta("property", "og:image")!);
    expect(image.headers()["content-type"]).toBe("image/png");
    // The footer's red risk line and copyright appear on every page.
    expect(text("footer")).toContain("Aviso de risco:");
    expect(text("footer")).toContain(`© ${new Date().getFullYear()} Agentes FX.`);
  });
}

test("an unknown agent slug is the 404 page, inside the site's header and footer", async ({
  page,
}) => {
  const response = await page.goto("/agentes/nao-existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await expect(page.getByText("Página não encontrada")).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

test("/contato shows the support e-mail and WhatsApp; pages name and link the partner broker", async ({
  request,
}) => {
  const contact = await (await request.get("/contato")).text();
  expect(contact).toContain('href="mailto:suporte@agentesfx.com.br"');
  expect(contact).toContain('href="https://wa.me/5511999998888"');
  for (const path of ["/", "/precos", "/como-funciona", "/termos"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(
      /<a href="https:\/\/corretora.example\/parceria" rel="sponsored noopener"[^>]*>Corretora Exemplo<\/a>/,
    );
  }
});

for (const path of ["/agentes/nao-existe", "/blog/nao-existe", "/nao-existe"]) {
  test(`${path} answers 404 with a Portuguese title and noindex`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain("<title>Página não encontrada (404) | Agentes FX</title>");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
}

test.describe("desktop menu", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  const cases: Array<[path: string, active: string]> = [
    ["/", "Home"],
    ["/agentes", "Nossos Agentes FX"],
    ["/agentes/yenmax", "Nossos Agentes FX"],
    ["/precos", "Preços"],
  ];
  for (const [path, active] of cases) {
    test(`highlights ${active} on ${path}`, async ({ page }) => {
      await page.goto(path);
      const menu = page.getByRole("navigation", { name: "Menu principal" });
      await expect(menu.getByRole("link", { name: active, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(menu.locator('[aria-current="page"]')).toHaveCount(1);
    });
  }
});

// These pages ship no JavaScript (docs/decisions/060): their controls are tried without it.

/** The expanded state Chromium gives assistive technology for the menu's toggle. */
async function toggleExpanded(page: Page): Promise<unknown> {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", {
    nodeId: root.nodeId,
    selector: "button[popovertarget]",
  });
  const { nodes } = await cdp.send("Accessibility.getPartialAXTree", {
    nodeId,
    fetchRelatives: false,
  });
  await cdp.detach();
  return nodes[0]?.properties?.find((property) => property.name === "expanded")?.value.value;
}

test.describe("mobile menu without JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("opens with the toggle and closes when a link is chosen", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Menu", exact: true });
    const menu = page.getByRole("navigation", { name: "Menu principal" });
    await expect(menu).toBeHidden();
    expect(await toggleExpanded(page)).toBe(false);
    await toggle.click();
    expect(await toggleExpanded(page)).toBe(true);
    await expect(menu).toBeVisible();
    for (const { label } of mainMenu) {
      await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await menu.getByRole("link", { name: "Preços", exact: true }).click();
    await expect(page).toHaveURL(/\/precos$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Preços");
    await expect(menu).toBeHidden();
    expect(await toggleExpanded(page)).toBe(false);
  });

  test("closes with its toggle, and on Escape giving the focus back to it", async ({ page }) => {
    await page.goto("/blog");
    const toggle = page.getByRole("button", { name: "Menu", exact: true });
    const menu = page.getByRole("navigation", { name: "Menu principal" });
    await toggle.click();
    await expect(menu).toBeVisible();
    await toggle.click();
    await expect(menu).toBeHidden();

    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Home", exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test("layout: one-line header at 1024 px, equal phone buttons on one line, aligned metric values", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto("/");
  const header = page.locator("header").first();
  expect((await header.boundingBox())?.height).toBeLessThanOrEqual(65);
  for (const link of await header.getByRole("link").all()) {
    if (!(await link.isVisible())) continue;
    // One line of text: no taller than the link's own line height plus its padding.
    const lines = await link.evaluate(
      (element) => element.getClientRects().length === 1 && element.clientHeight < 48,
    );
    expect(lines, await link.innerText()).toBe(true);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const vip = page.getByRole("link", { name: "Entre para a Lista de Espera VIP" });
  const agents = page.getByRole("link", { name: "Conheça os agentes" });
  const [vipBox, agentsBox] = [await vip.boundingBox(), await agents.boundingBox()];
  expect(vipBox?.width).toBe(agentsBox?.width);
  expect(vipBox!.height).toBeLessThanOrEqual(48);

  await page.goto("/agentes/yenmax");
  const values = page.getByRole("region", { name: "Métricas" }).locator("dd");
  const tops = await values.evaluateAll((elements) =>
    elements.map((element) => Math.round(element.getBoundingClientRect().bottom)),
  );
  // Tiles side by side (two per row on a phone) end their values at the same height.
  expect(tops[0]).toBe(tops[1]);
  expect(tops[2]).toBe(tops[3]);
});

test.describe("FAQ accordion without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("opens one answer at a time and collapses the open one", async ({ page }) => {
    await page.goto("/como-funciona");
    const first = page
      .locator("#faq details")
      .filter({ hasText: "Quais são os riscos envolvidos?" });
    const second = page.locator("#faq details").filter({ hasText: "Como funciona o suporte?" });
    const firstAnswer = first.getByText("risco substancial de perda financeira");
    await expect(page.locator("#faq details[open]")).toHaveCount(0);
    await expect(firstAnswer).toBeHidden();

    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open", "");
    await expect(firstAnswer).toBeVisible();

    await second.locator("summary").click();
    await expect(second).toHaveAttribute("open", "");
    await expect(first).not.toHaveAttribute("open");
    await expect(firstAnswer).toBeHidden();

    await second.locator("summary").click();
    await expect(page.locator("#faq details[open]")).toHaveCount(0);
  });

  test("works by keyboard", async ({ page }) => {
    await page.goto("/como-funciona");
    const questions = page.locator("#faq summary");
    await expect(questions).toHaveCount(6);
    await questions.first().focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("#faq details").first()).toHaveAttribute("open", "");
    await page.keyboard.press("Tab");
    await expect(questions.nth(1)).toBeFocused();
    await page.keyboard.press("Space");
    await expect(page.locator("#faq details[open]")).toHaveCount(1);
    await expect(page.locator("#faq details").nth(1)).toHaveAttribute("open", "");
  });
});

test.describe("blog chips without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("are links that filter the list", async ({ page }) => {
    await page.goto("/blog");
    const chips = page.getByRole("navigation", { name: blogCopy.filterLabel });
    const category = blogCategories[0];
    await chips.getByRole("link", { name: category.label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/blog\\?categoria=${category.slug}$`));
    await expect(chips.getByRole("link", { name: category.label, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });
});

test("/contato loads its scripts and hydrates", async ({ page }) => {
  await gotoHydrated(page, "/contato");
  await expect(page.locator("script[type=module]")).not.toHaveCount(0);
});

test("SEO files: robots.txt disallows /admin and names the sitemap", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toMatch(/^Disallow: \/admin$/m);
  expect(text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);

  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  for (const path of ["/agentes/yenmax", "/como-funciona", "/aviso-de-risco", "/contato"]) {
    expect(xml).toContain(`${path}</loc>`);
  }
  expect(xml).toContain("/blog/hedge-e-preco-medio</loc>");
  expect(xml).not.toContain("/admin");
});

test.describe("legal pages and footer, on a server with its own addresses", () => {
  // Its own PGlite server migrates from scratch: tens of seconds on a busy machine. Its tests
  // run in one worker, one after another: spread over two, each worker started a server.
  test.describe.configure({ mode: "default", timeout: 90_000 });
  let site: BuiltServer;
  let dataDir: string;
  test.beforeAll(async () => {
    // A hook's time limit is its own: the group's setting above does not reach it.
    test.setTimeout(90_000);
    dataDir = makeScratchDir("agentes-e2e-legal-");
    site = await startBuiltServer({
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      CONTACT_EMAIL: "ajuda@exemplo.com.br",
      PRIVACY_EMAIL: "dpo@exemplo.com.br",
      PRIVACY_OFFICER_NAME: "Maria Encarregada",
      INSTAGRAM_URL: "https://www.instagram.com/exemplo",
      YOUTUBE_URL: "https://www.youtube.com/@exemplo",
    });
  });
  test.afterAll(async () => {
    await site.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("an unknown path is logged on the server's console", async ({ request }) => {
    const response = await request.get(`${site.url}/caminho-que-nao-existe`);
    expect(response.status()).toBe(404);
    await expect.poll(() => site.output()).toContain('"path":"/caminho-que-nao-existe"');
  });

  test("terms have 9 sections, privacy 10 and its address, the risk notice leads to /contato", async ({
    page,
  }) => {
    const sections = page.getByRole("main").getByRole("heading", { level: 2 });
    await page.goto(`${site.url}/termos`);
    await expect(sections).toHaveCount(9);

    await page.goto(`${site.url}/privacidade`);
    await expect(sections).toHaveCount(10);
    await expect(page.getByRole("link", { name: "dpo@exemplo.com.br" })).toHaveAttribute(
      "href",
      "mailto:dpo@exemplo.com.br",
    );
    await expect(page.getByText("Maria Encarregada")).toBeVisible();
    await page.getByRole("link", { name: "Abrir Meus dados" }).click();
    await expect(page).toHaveURL(`${site.url}/meus-dados`);

    await page.goto(`${site.url}/aviso-de-risco`);
    await expect(page.getByRole("link", { name: "ajuda@exemplo.com.br" })).toHaveAttribute(
      "href",
      "mailto:ajuda@exemplo.com.br",
    );
    await page.getByRole("main").getByRole("link", { name: "Fale conosco" }).click();
    await expect(page).toHaveURL(`${site.url}/contato`);
  });

  test("the footer has the blurb, social, menu and legal links", async ({ page }) => {
    await page.goto(`${site.url}/precos`);
    const footer = page.getByRole("contentinfo");
    await expect(
      footer.getByText(/^Agentes automatizados de trading para Forex e cripto/),
    ).toBeVisible();
    // The menu and legal entries are pinned to SPEC's words by the header and contact tests.
    for (const [name, href] of [
      ["Instagram", "https://www.instagram.com/exemplo"],
      ["YouTube", "https://www.youtube.com/@exemplo"],
      ...[...mainMenu, ...legalMenu].map(({ label, to }) => [label, to]),
    ]) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href!);
    }
  });
});

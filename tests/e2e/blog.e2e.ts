import { expect, test } from "../support/e2e-test.ts";
import { queryE2eDatabase } from "../support/e2e-database.ts";

// In order, in one worker: the draft test adds posts for a moment, which would show among
// another test's related posts.
test.describe.configure({ mode: "default" });

const seeded = {
  education: "O que é um robô de trading e como ele funciona no Forex",
  strategy: "Hedge e preço médio: vantagens e riscos da estratégia",
  technology: "Por que uma VPS gerenciada faz diferença para o seu robô",
};

test("the blog lists published posts newest first, with category, read time, author and date", async ({
  page,
}) => {
  await page.goto("/blog");
  const titles = page.getByRole("heading", { level: 2 });
  const texts = await titles.allTextContents();
  const order = [seeded.technology, seeded.strategy, seeded.education].map((t) => texts.indexOf(t));
  expect(order.every((index) => index >= 0)).toBe(true);
  expect(order).toEqual([...order].sort((a, b) => a - b));
  const card = page.getByRole("article").filter({ hasText: seeded.strategy });
  await expect(card).toContainText("Estratégia");
  await expect(card).toContainText("1 min de leitura");
  await expect(card).toContainText("Por Equipe Agentes FX");
  await expect(card).toContainText("28/10/2026");
});

test("category chips filter through ?categoria=, and Todos shows everything", async ({ page }) => {
  await page.goto("/blog");
  const chips = page.getByRole("navigation", { name: "Filtrar por categoria" });
  await expect(chips.getByRole("link", { name: "Todos" })).toHaveAttribute("aria-current", "page");

  await chips.getByRole("link", { name: "Estratégia" }).click();
  await expect(page).toHaveURL(/\/blog\?categoria=estrategia$/);
  await expect(chips.getByRole("link", { name: "Estratégia" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(chips.getByRole("link", { name: "Todos" })).not.toHaveAttribute("aria-current");
  await expect(page.getByRole("heading", { name: seeded.strategy })).toBeVisible();
  await expect(page.getByRole("heading", { name: seeded.technology })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: seeded.education })).toHaveCount(0);

  await chips.getByRole("link", { name: "Tecnologia" }).click();
  await expect(page).toHaveURL(/categoria=tecnologia$/);
  await expect(page.getByRole("heading", { name: seeded.technology })).toBeVisible();
  await expect(page.getByRole("heading", { name: seeded.strategy })).toHaveCount(0);

  await chips.getByRole("link", { name: "Todos" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  for (const title of Object.values(seeded)) {
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
  }
});

test("an unknown category shows every post with Todos selected", async ({ page }) => {
  const response = await page.goto("/blog?categoria=nao-existe");
  expect(response?.status()).toBe(200);
  await expect(
    page.getByRole("navigation", { name: "Filtrar por categoria" }).getByRole("link", {
      name: "Todos",
    }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: seeded.education })).toBeVisible();
});

test("a post page renders its Markdown; an unknown slug is the 404 page", async ({ page }) => {
  await page.goto("/blog/o-que-e-um-robo-de-trading");
  await expect(
    page.getByRole("heading", { level: 2, name: "Como um agente decide" }),
  ).toBeVisible();
  await expect(page.locator(".prose-post strong").first()).toHaveText("agente");
  const missing = await page.goto("/blog/nao-existe");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
});

test("a post ends with the waitlist call to action and other posts to read", async ({ page }) => {
  await page.goto("/blog/hedge-e-preco-medio");
  await page.getByRole("link", { name: "Entrar na Lista de Espera" }).last().click();
  await expect(page).toHaveURL(/\/contato$/);
  await page.goto("/blog/hedge-e-preco-medio");
  const related = page.getByRole("region", { name: "Leia também" });
  await expect(related.getByRole("heading", { level: 3 })).toHaveText([
    seeded.technology,
    seeded.education,
  ]);
  await related.getByRole("link", { name: seeded.education }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(seeded.education);
});

test("a draft post is not reachable, and post content never runs a script", async ({ page }) => {
  const suffix = Date.now().toString(36);
  const draft = `rascunho-e2e-${suffix}`;
  const hostile = `post-hostil-e2e-${suffix}`;
  // Stored without HTML, so the post page renders and sanitizes it at its first read.
  await queryE2eDatabase(
    `insert into blog_posts (title, slug, content, category, is_published, published_at)
       values ($1, $2, 'Texto do rascunho', 'Mercado', false, null),
              ($3, $4, $5, 'Mercado', true, now() - interval '10 years')`,
    [
      `Rascunho ${suffix}`,
      draft,
      `Post hostil ${suffix}`,
      hostile,
      `Olá <script>window.__xss = 1</script><img src="data:,x" onerror="window.__xss = 2">\n\n[clique](javascript:window.__xss=3)`,
    ],
  );
  try {
    const response = await page.goto(`/blog/${draft}`);
    expect(response?.status()).toBe(404);
    await page.goto("/blog?categoria=mercado");
    await expect(page.getByText(`Rascunho ${suffix}`)).toHaveCount(0);
    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).not.toContain(draft);
    expect(sitemap).toContain(hostile);

    await page.goto(`/blog/${hostile}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Post hostil ${suffix}`);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await expect(page.locator(".prose-post script, .prose-post [onerror]")).toHaveCount(0);
    await expect(page.locator('.prose-post a[href^="javascript"]')).toHaveCount(0);
  } finally {
    await queryE2eDatabase("delete from blog_posts where slug = any($1)", [[draft, hostile]]);
  }
});

test("the newsletter box subscribes by a plain form post", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByText("Em breve")).toHaveCount(0);
  await page.getByRole("textbox", { name: "Seu e-mail" }).fill("blog-leitor@example.com");
  await page.getByRole("button", { name: "Inscrever-se" }).click();
  await expect(page).toHaveURL(/\/newsletter\?pedido=enviado$/);
  await expect(page.getByRole("status")).toHaveText(
    "Pronto. Enviamos um e-mail para confirmar sua inscrição na newsletter.",
  );
});

test("/blog links its RSS 2.0 feed, which lists the published posts", async ({ page, request }) => {
  await page.goto("/blog");
  const href = await page
    .locator('head link[rel="alternate"][type="application/rss+xml"]')
    .getAttribute("href");
  expect(href).toMatch(/\/blog\/rss\.xml$/);
  const feed = await request.get(new URL(href!).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await feed.text();
  expect(xml).toContain('<rss version="2.0"');
  expect(xml).toContain(`<title>${seeded.education}</title>`);
});

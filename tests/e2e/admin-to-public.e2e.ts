import { expect, logIn, test } from "../support/isolated-site.ts";
import { gotoHydrated } from "../support/hydration.ts";

// What the admin changes reaches the public pages at once: robot prices and links, and
// posts as they go from draft to published (docs/product.md rules 8, 9 and 10).
test("a robot's new price, MyFxBook link and slug show on /precos and its agent page", async ({
  page,
  site,
}) => {
  // Seen once before the edit, so a cached page would have to be replaced.
  await page.goto("/precos");
  await expect(page.getByText("US$ 149,25", { exact: true })).toBeVisible();

  await logIn(page, site);
  await gotoHydrated(page, "/admin/robos");
  await page.getByRole("button", { name: "Editar YenMax Agent" }).click();
  const dialog = page.getByRole("dialog", { name: "Editar Robô" });
  await dialog.getByLabel("Preço (USD)").fill("210");
  const link = "https://www.myfxbook.com/members/agentesfx/yenmax";
  await dialog.getByLabel("Link MyFxBook").fill(link);
  // A new slug keeps the robot (its price included) on its pages (docs/decisions/090).
  await dialog.getByLabel("Slug").fill("yenmax-pro");
  await dialog.getByRole("button", { name: "Salvar Alterações" }).click();
  await expect(page.getByText("Robô atualizado!")).toBeVisible();

  // Anonymous visitors (no cookie), as the public sees the pages.
  const visitor = await page.context().browser()!.newPage({ baseURL: site.url });
  await visitor.goto("/precos");
  await expect(visitor.getByText("US$ 157,50", { exact: true })).toBeVisible();
  await expect(visitor.getByText("US$ 149,25", { exact: true })).toHaveCount(0);

  const plan = visitor.getByRole("article").filter({ hasText: "YenMax Agent" });
  await expect(plan.getByRole("link", { name: /YenMax Agent/ })).toHaveAttribute(
    "href",
    "/agentes/yenmax-pro",
  );

  // The old address answers 301 to the new one.
  const moved = await visitor.request.get("/agentes/yenmax", { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe("/agentes/yenmax-pro");
  await visitor.goto("/agentes/yenmax");
  await expect(visitor).toHaveURL(/\/agentes\/yenmax-pro$/);
  const pricing = visitor.getByRole("region", { name: "Preço mensal" });
  await expect(pricing.locator("s")).toHaveText("US$ 210,00");
  await expect(pricing.getByText("US$ 157,50", { exact: true })).toBeVisible();
  const myfxbook = visitor
    .getByTestId("performance-widget")
    .getByRole("link", { name: /MyFxBook/ });
  await expect(myfxbook).toHaveAttribute("href", link);
  await expect(myfxbook).toHaveAccessibleName(
    "Ver também na MyFxBook (YenMax Agent). Abre o site da MyFxBook em uma nova aba.",
  );
  await visitor.close();
});

test("a draft post stays off the blog until it is published", async ({ page, site }) => {
  const title = `Rascunho público ${Date.now().toString(36)}`;
  await logIn(page, site);
  await gotoHydrated(page, "/admin/blog");
  await page.getByRole("button", { name: "Novo Post" }).click();
  const create = page.getByRole("dialog", { name: "Criar Novo Post" });
  await create.getByLabel("Título").fill(title);
  const slug = await create.getByLabel("Slug").inputValue();
  await create.getByLabel("Resumo").fill("Resumo do rascunho.");
  await create.getByLabel("Conteúdo").fill("## Seção\n\nConteúdo do rascunho.");
  await create.getByRole("button", { name: "Criar Post" }).click();
  await expect(page.getByText("Post criado!")).toBeVisible();

  const visitor = await page.context().browser()!.newPage({ baseURL: site.url });
  await visitor.goto("/blog");
  await expect(visitor.getByText(title)).toHaveCount(0);
  expect((await visitor.goto(`/blog/${slug}`))?.status()).toBe(404);

  const card = page.getByRole("article").filter({ hasText: title });
  await card.getByRole("button", { name: `Editar ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Editar Post" });
  await edit.getByLabel("Publicado").check();
  await edit.getByRole("button", { name: "Salvar Alterações" }).click();
  await expect(page.getByText("Post atualizado!")).toBeVisible();

  await visitor.goto("/blog");
  await expect(visitor.getByRole("link", { name: title }).first()).toBeVisible();
  const response = await visitor.goto(`/blog/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(visitor.getByRole("heading", { name: "Seção" })).toBeVisible();
  await visitor.close();

  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
});

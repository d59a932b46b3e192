import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, type IsolatedSite, logIn, test } from "../support/isolated-site.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { gotoHydrated } from "../support/hydration.ts";

// The admin area in chromium, against a built server and PostgreSQL database of its own,
// whose admin was made by `npm run admin:create` (tests/support/isolated-site.ts).

/** A link of the admin's section navigation (the site header has a "Blog" link too). */
const sectionLink = (page: Page, name: string) =>
  page
    .getByRole("navigation", { name: "Seções da área administrativa" })
    .getByRole("link", { name });

const unique = () => crypto.randomBytes(4).toString("hex");

let site: IsolatedSite;
test.beforeEach(({ site: current }) => {
  site = current;
  // A login, several dialogs and axe runs per test, on a 2-core machine.
  test.setTimeout(60_000);
});
const query: IsolatedSite["query"] = (text, values) => site.query(text, values);

// No script error, React warning or hydration mismatch on any admin page. Refused requests
// (401, 409...) are expected; the browser reports them as failed resource loads.
const consoleProblems = new WeakMap<Page, string[]>();
test.beforeEach(({ page }) => {
  const problems: string[] = [];
  consoleProblems.set(page, problems);
  page.on("pageerror", (error) => problems.push(`${error.message}\n${error.stack ?? ""}`));
  page.on("console", (message) => {
    if (!["error", "warning"].includes(message.type())) return;
    if (message.text().startsWith("Failed to load resource")) return;
    problems.push(message.text());
  });
});
test.afterEach(({ page }) => {
  expect(consoleProblems.get(page)).toEqual([]);
});

test("login: errors, success toast and noindex", async ({ page }) => {
  const response = await gotoHydrated(page, "/admin");
  expect(response?.headers()["cache-control"]).toBe("no-store");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("heading", { name: "Área Administrativa" })).toBeVisible();

  await page.getByLabel("Email").fill(site.adminEmail);
  await page.getByLabel("Senha").fill("senha-errada-de-proposito");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByText("Erro no login")).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: "Email ou senha inválidos." }),
  ).toBeVisible();

  await page.getByLabel("Senha").fill(site.adminPassword);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByText("Login realizado com sucesso!")).toBeVisible();
  await expect(page.getByText("Bem-vindo à área administrativa.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/lista$/);
  await expect(sectionLink(page, "Lista de Espera")).toHaveAttribute("aria-current", "page");
  const cookies = await page.context().cookies();
  const sessionCookie = cookies.find((c) => c.name.endsWith("better-auth.session_token"));
  expect(sessionCookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax" });
});

test("login works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/admin");
  await page.getByLabel("Email").fill(site.adminEmail);
  await page.getByLabel("Senha").fill(site.adminPassword);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("button", { name: "Sair" })).toBeVisible();
  await expect(
    page.getByRole("heading", { name: /^Lista de Espera \(\d+ pessoas?\)$/ }),
  ).toBeVisible();
  await context.close();
});

test("waitlist: change a status, the list refreshes", async ({ page }) => {
  const name = `Pessoa E2E ${unique()}`;
  const email = `${name.split(" ").pop()}@exemplo.com`;
  await query(
    `insert into waitlist (name, email, interested_agents, terms_accepted_at) values ($1, $2, $3, now())`,
    [name, email, ["yenmax", "midaspulse"]],
  );
  await logIn(page, site);
  await expect(
    page.getByRole("heading", { name: /^Lista de Espera \(\d+ pessoas?\)$/ }),
  ).toBeVisible();
  for (const column of ["Nome", "Email", "Agentes de Interesse", "Status", "Data", "Ações"]) {
    await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
  }
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("YenMax Agent, MidasPulse Agent");
  await expect(row).toContainText("Pendente");

  await row.getByRole("button", { name: "Marcar como Contatado" }).click();
  await expect(page.getByText("Status atualizado!")).toBeVisible();
  await expect(page.getByText("O status foi alterado com sucesso.")).toBeVisible();
  await expect(row).toContainText("Contatado");
  await expect(row.getByRole("button", { name: "Marcar como Contatado" })).toHaveCount(0);
  await expect(row.getByRole("button", { name: "Marcar como Convertido" })).toBeVisible();
  const [stored] = await query<{ status: string }>(`select status from waitlist where email = $1`, [
    email,
  ]);
  expect(stored?.status).toBe("contacted");
});

test("robots: edit a robot in the dialog", async ({ page }) => {
  // Issue 25: a laptop's 1280x800 shows the save button without scrolling the dialog.
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, site);
  await sectionLink(page, "Robôs").click();
  await expect(page).toHaveURL(/\/admin\/robos$/);
  await expect(page.getByRole("heading", { name: "Gerenciar Robôs (3)" })).toBeVisible();

  const edit = page.getByRole("button", { name: "Editar TrendKey BTC" });
  await edit.click();
  const dialog = page.getByRole("dialog", { name: "Editar Robô" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Salvar Alterações" })).toBeInViewport({
    ratio: 1,
  });
  await expectNoAxeViolations(page);
  for (const label of ["Nome", "Slug", "Descrição", "URL do Logo", "Link MyFxBook"]) {
    await expect(dialog.getByLabel(label)).toBeVisible();
  }
  // A link that is not http(s) is refused before anything is sent.
  await dialog.getByLabel("Link MyFxBook").fill("javascript:alert(1)");
  await dialog.getByRole("button", { name: "Salvar Alterações" }).click();
  await expect(page.getByText("Erro ao atualizar")).toBeVisible();
  await expect(dialog.getByText(/Link MyFxBook: informe um endereço/)).toBeVisible();

  // The price is typed the Brazilian way; the dialog shows what the site will.
  const price = dialog.getByLabel("Preço (USD)");
  await expect(price).toHaveAttribute("inputmode", "decimal");
  await expect(price).toHaveValue("249,00");
  await price.fill("1e3");
  await expect(
    dialog.getByText("Corrija o preço para ver como ele aparece no site."),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Salvar Alterações" }).click();
  await expect(dialog.getByText(/Preço \(USD\): digite só números/)).toBeVisible();
  await price.fill("1.239,50");
  await expect(
    dialog.getByText(/^No site: de US\$\s1\.239,50 por US\$\s929,62 com o desconto de 25%/),
  ).toBeVisible();

  await dialog
    .getByLabel("Link MyFxBook")
    .fill("https://www.myfxbook.com/members/agentesfx/trendkey");
  await dialog.getByRole("button", { name: "Salvar Alterações" }).click();
  await expect(page.getByText("Robô atualizado!")).toBeVisible();
  await expect(page.getByText("As informações foram salvas com sucesso.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
  const card = page.getByRole("article").filter({ hasText: "TrendKey BTC" });
  await expect(card).toContainText("Preço: $1239,50");
  await expect(card.getByRole("link", { name: /Ver Link/ })).toHaveAttribute(
    "href",
    "https://www.myfxbook.com/members/agentesfx/trendkey",
  );
});

test("blog: create a draft, then publish it", async ({ page }) => {
  const title = `Guia de Gestão ${unique()}`;
  const slug = title.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replaceAll(" ", "-");
  await logIn(page, site);
  await sectionLink(page, "Blog").click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("heading", { name: /^Posts do Blog \(\d+\)$/ })).toBeVisible();

  await page.getByRole("button", { name: "Novo Post" }).click();
  const create = page.getByRole("dialog", { name: "Criar Novo Post" });
  await expectNoAxeViolations(page);
  await create.getByLabel("Título").fill(title);
  await expect(create.getByLabel("Slug")).toHaveValue(slug);
  await expect(create.getByLabel("Conteúdo")).toHaveAttribute("rows", "10");
  await create.getByLabel("Resumo").fill("Um rascunho do e2e.");
  await create.getByLabel("Conteúdo").fill("## Gestão\n\nTexto do post.");
  await create.getByLabel("Categoria").selectOption("Estratégia");
  await expect(create.getByLabel("Publicar imediatamente")).not.toBeChecked();
  await create.getByRole("button", { name: "Criar Post" }).click();
  await expect(page.getByText("Post criado!")).toBeVisible();
  await expect(page.getByText("O post foi criado com sucesso.")).toBeVisible();
  const card = page.getByRole("article").filter({ hasText: title });
  await expect(card).toContainText("Rascunho");
  await expect(card).toContainText("Um rascunho do e2e.");
  await expect(card).toContainText(/Criado em: \d{2}\/\d{2}\/\d{4}/);
  const [draft] = await query<{ is_published: boolean; published_at: Date | null }>(
    `select is_published, published_at from blog_posts where slug = $1`,
    [slug],
  );
  expect(draft).toEqual({ is_published: false, published_at: null });

  await card.getByRole("button", { name: `Editar ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Editar Post" });
  await expect(edit.getByLabel("Slug")).toHaveValue(slug);
  await expectNoAxeViolations(page);
  await edit.getByLabel("Publicado").check();
  await edit.getByRole("button", { name: "Salvar Alterações" }).click();
  await expect(page.getByText("Post atualizado!")).toBeVisible();
  await expect(page.getByText("As alterações foram salvas com sucesso.")).toBeVisible();
  await expect(card).toContainText("Publicado");
  const [published] = await query<{ is_published: boolean; published_at: Date | null }>(
    `select is_published, published_at from blog_posts where slug = $1`,
    [slug],
  );
  expect(published?.is_published).toBe(true);
  expect(published?.published_at).toBeInstanceOf(Date);

  // A second post with the same slug is refused with a clear reason.
  await page.getByRole("button", { name: "Novo Post" }).click();
  const again = page.getByRole("dialog", { name: "Criar Novo Post" });
  await again.getByLabel("Título").fill(title);
  await again.getByLabel("Conteúdo").fill("Outro texto.");
  await again.getByRole("button", { name: "Criar Post" }).click();
  await expect(page.getByText("Erro ao criar post")).toBeVisible();
  await expect(
    page.getByText("Já existe um post com este slug. Escolha outro.").first(),
  ).toBeVisible();
});

test("sections live in the URL: reload and back keep them; old ?tab= links still work", async ({
  page,
}) => {
  await logIn(page, site);
  await sectionLink(page, "Robôs").click();
  await expect(page.getByRole("heading", { name: /^Gerenciar Robôs/ })).toBeVisible();
  await sectionLink(page, "Blog").click();
  await expect(page.getByRole("heading", { name: /^Posts do Blog/ })).toBeVisible();
  await page.reload();
  await expect(sectionLink(page, "Blog")).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: /^Posts do Blog/ })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/robos$/);
  await expect(page.getByRole("heading", { name: /^Gerenciar Robôs/ })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { name: /^Lista de Espera/ })).toBeVisible();
  await page.goto("/admin?tab=blog");
  await expect(page).toHaveURL(/\/admin\/blog$/);
});

test("sign out returns to the login and ends the session", async ({ page }) => {
  await logIn(page, site);
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  await page.goto("/admin/robos");
  await expect(page).toHaveURL(/\/admin\?next=%2Fadmin%2Frobos$/);
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  await expect(page.getByText("Gerenciar Robôs")).toHaveCount(0);
  // After the login the admin lands where they were going.
  await page.getByLabel("Email").fill(site.adminEmail);
  await page.getByLabel("Senha").fill(site.adminPassword);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("heading", { name: /^Gerenciar Robôs/ })).toBeVisible();
});

test("the server refuses mutations without a session or from another Origin", async ({ page }) => {
  const [entry] = await query<{ id: string; status: string }>(
    `insert into waitlist (name, email, terms_accepted_at) values ('Origem', $1, now()) returning id, status`,
    [`origem-${unique()}@exemplo.com`],
  );
  const form = { id: entry!.id, status: "converted" };

  const own = { Origin: site.url };
  const anonymous = await page.request.post("/admin/lista", { form, headers: own });
  expect(anonymous.status()).toBe(401);

  await logIn(page, site);
  for (const url of ["/admin/lista", "/admin/lista.data"]) {
    const foreign = await page.request.post(url, {
      form,
      headers: { Origin: "https://site-malicioso.example" },
    });
    // Refused by the server's Origin guard before React Router reads it (decision 139).
    expect(foreign.status(), url).toBe(403);
  }
  const [after] = await query<{ status: string }>(`select status from waitlist where id = $1`, [
    entry!.id,
  ]);
  expect(after?.status).toBe("pending");

  // The same request from the page's own origin goes through.
  const accepted = await page.request.post("/admin/lista", { form, headers: own });
  expect(accepted.status()).toBe(200);
  const [changed] = await query<{ status: string }>(`select status from waitlist where id = $1`, [
    entry!.id,
  ]);
  expect(changed?.status).toBe("converted");
});

/** Holds the page's data requests (of one method, or all) until the returned function runs. */
async function holdDataRequests(page: Page, method?: "GET" | "POST") {
  await page.unroute(/\/admin(\/[^?]*)?\.data/);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/admin(\/[^?]*)?\.data/, async (route) => {
    if (!method || route.request().method() === method) await held;
    await route.continue();
  });
  return release;
}

test("pending states: loading text while a section loads, buttons disabled while saving", async ({
  page,
}) => {
  await gotoHydrated(page, "/admin");
  await page.getByLabel("Email").fill(site.adminEmail);
  await page.getByLabel("Senha").fill(site.adminPassword);
  const releaseLogin = await holdDataRequests(page, "POST");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("button", { name: "Entrando..." })).toBeDisabled();
  releaseLogin();
  await expect(page.getByRole("button", { name: "Sair" })).toBeVisible();

  const tabs: Array<[string, string, RegExp]> = [
    ["Robôs", "Carregando robôs...", /^Gerenciar Robôs/],
    ["Blog", "Carregando posts...", /^Posts do Blog/],
    ["Lista de Espera", "Carregando lista de espera...", /^Lista de Espera \(/],
  ];
  for (const [tab, loading, heading] of tabs) {
    const release = await holdDataRequests(page);
    await sectionLink(page, tab).click();
    await expect(page.getByRole("status").filter({ hasText: loading })).toBeVisible();
    release();
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  }

  await sectionLink(page, "Robôs").click();
  const release = await holdDataRequests(page, "POST");
  await page.getByRole("button", { name: "Editar MidasPulse Agent" }).click();
  const save = page
    .getByRole("dialog", { name: "Editar Robô" })
    .getByRole("button", { name: "Salvar Alterações" });
  await save.click();
  await expect(save).toBeDisabled();
  release();
  await expect(page.getByText("Robô atualizado!")).toBeVisible();
});

test("an action after the session ended changes nothing and shows the login", async ({ page }) => {
  const name = `Sessao E2E ${unique()}`;
  await query(`insert into waitlist (name, email, terms_accepted_at) values ($1, $2, now())`, [
    name,
    `${name.split(" ").pop()}@exemplo.com`,
  ]);
  await logIn(page, site);
  await page.context().clearCookies();
  const row = page.getByRole("row").filter({ hasText: name });
  await row.getByRole("button", { name: "Marcar como Convertido" }).click();
  await expect(page.getByText("Erro ao atualizar")).toBeVisible();
  await expect(page.getByText("Sua sessão expirou. Entre novamente.").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  const [stored] = await query<{ status: string }>(`select status from waitlist where name = $1`, [
    name,
  ]);
  expect(stored?.status).toBe("pending");
});

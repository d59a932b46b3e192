import crypto from "node:crypto";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, type IsolatedSite, logIn, test } from "../support/isolated-site.ts";
import { expectNoAxeViolations } from "../support/axe.ts";

// The waitlist section and the blog's preview in chromium, on a built server and PostgreSQL
// database of its own: search, agent filter, keyset pages both ways, the CSV
// download, the detail page, a bulk change, the summary, phones at 390 px, the post dialog
// that asks before losing text (axe on every admin page: tests/sweeps/admin-pages.sweep.ts).

let site: IsolatedSite;
test.beforeEach(({ site: current }) => {
  site = current;
  // Several pages and an axe run per test, on a 2-core machine shared with other suites.
  test.setTimeout(120_000);
});

/**
 * `count` people whose names share a tag no other test uses, one a minute going back from
 * now (person 1 newest); every third wants TrendKey BTC.
 */
async function seedPeople(count: number): Promise<string> {
  const tag = `lote${crypto.randomBytes(3).toString("hex")}`;
  await site.query(
    `insert into waitlist (name, email, interested_agents, message, source, terms_accepted_at, created_at)
     select 'Pessoa ' || $1 || ' ' || lpad(i::text, 3, '0'), $1 || '-' || i || '@exemplo.com',
            case when i % 3 = 0 then array['trendkey-btc'] else array['yenmax'] end,
            'Mensagem de ' || i, 'instagram', now(), now() - i * interval '1 minute'
       from generate_series(1, $2::int) as i`,
    [tag, count],
  );
  return tag;
}

const listTitle = (page: Page) => page.getByRole("heading", { name: /^Lista de Espera \(/ });
const listRows = (page: Page) =>
  page.getByRole("table", { name: "Inscrições" }).locator("tbody tr");
const rowNames = (page: Page) => listRows(page).locator("td:nth-child(2)").allInnerTexts();

test("search, filter by agent, page forward and back, all in the URL", async ({ page }) => {
  const tag = await seedPeople(120);
  await logIn(page, site);
  await page.getByLabel("Buscar por nome ou email").fill(tag.toUpperCase());
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(listTitle(page)).toHaveText("Lista de Espera (120 pessoas)");
  await expect(page).toHaveURL(new RegExp(`q=${tag.toUpperCase()}`));

  await page.getByLabel("Agente", { exact: true }).selectOption("trendkey-btc");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(listTitle(page)).toHaveText("Lista de Espera (40 pessoas)");
  await expect(page).toHaveURL(/agente=trendkey-btc/);
  await page.getByLabel("Agente", { exact: true }).selectOption("");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(listTitle(page)).toHaveText("Lista de Espera (120 pessoas)");

  const first = await rowNames(page);
  expect(first).toHaveLength(50);
  expect(first[0]).toBe(`Pessoa ${tag} 001`);
  await page.getByRole("link", { name: "Próxima página" }).click();
  await expect(page).toHaveURL(/apos=/);
  await expect(listRows(page).first()).toContainText(`Pessoa ${tag} 051`);
  await page.getByRole("link", { name: "Próxima página" }).click();
  await expect(listRows(page).first()).toContainText(`Pessoa ${tag} 101`);
  expect(await rowNames(page)).toHaveLength(20);
  await expect(page.getByRole("link", { name: "Próxima página" })).toHaveCount(0);

  await page.getByRole("link", { name: "Página anterior" }).click();
  await expect(listRows(page).first()).toContainText(`Pessoa ${tag} 051`);
  // The browser's own back button walks the same pages.
  await page.goBack();
  await expect(listRows(page).first()).toContainText(`Pessoa ${tag} 101`);
  await page.reload();
  await expect(listRows(page).first()).toContainText(`Pessoa ${tag} 101`);
});

test("export downloads the current filter as a CSV with the expected rows", async ({ page }) => {
  const tag = await seedPeople(60);
  await logIn(page, site);
  await page.goto(`/admin/lista?q=${tag}&agente=trendkey-btc`);
  await expect(listTitle(page)).toHaveText("Lista de Espera (20 pessoas)");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Exportar CSV", exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("lista-de-espera.csv");
  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\n");
  expect(lines[0]).toMatch(/^Nome;Email;Agentes de Interesse;Status;/);
  expect(lines.slice(1).map((line) => line.split(";")[0])).toEqual(
    Array.from({ length: 20 }, (_, i) => `Pessoa ${tag} ${String((i + 1) * 3).padStart(3, "0")}`),
  );
  expect(lines.slice(1).every((line) => line.includes(";TrendKey BTC;Pendente;"))).toBe(true);
});

test("detail view, bulk change and the summary", async ({ page }) => {
  const tag = await seedPeople(5);
  await logIn(page, site);
  await expect(page.getByRole("figure", { name: "Por status" })).toContainText("Pendente");
  await expect(page.getByRole("figure", { name: /^Por origem/ })).toContainText("instagram");
  await page.goto(`/admin/lista?q=${tag}`);

  // Three selected rows change at once.
  for (const n of ["001", "002", "003"]) {
    await page.getByRole("checkbox", { name: `Selecionar Pessoa ${tag} ${n}` }).check();
  }
  const bulk = page.getByRole("form", { name: "Alterar status dos selecionados" });
  await expect(bulk).toContainText("Aplicar a 3 selecionados");
  await bulk.getByRole("button", { name: "Marcar como Convertido" }).click();
  await expect(page.getByText("Status atualizado!")).toBeVisible();
  const rows = await site.query<{ name: string; status: string }>(
    `select name, status from waitlist where name like $1 order by name`,
    [`Pessoa ${tag} %`],
  );
  expect(rows.map((row) => row.status)).toEqual([
    "converted",
    "converted",
    "converted",
    "pending",
    "pending",
  ]);

  // Everyone in the filter, after a dialog that says how many.
  const whole = page.getByRole("group", { name: "Aplicar a todas as 5 pessoas deste filtro" });
  await whole.getByRole("button", { name: "Marcar como Contatado" }).click();
  const confirm = page.getByRole("dialog", { name: "Alterar o status de todo o filtro?" });
  await expect(confirm).toContainText("5 pessoas deste filtro serão marcadas como Contatado");
  await confirm.getByRole("button", { name: "Confirmar para 5 pessoas" }).click();
  await expect(confirm).toBeHidden();
  await expect
    .poll(async () =>
      (
        await site.query<{ status: string }>(`select status from waitlist where name like $1`, [
          `Pessoa ${tag} %`,
        ])
      ).map((row) => row.status),
    )
    .toEqual(["contacted", "contacted", "contacted", "contacted", "contacted"]);

  await page.getByRole("link", { name: `Ver detalhes de Pessoa ${tag} 002` }).click();
  await expect(page).toHaveURL(/\/admin\/lista\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Mensagem de 2")).toBeVisible();
  await expect(page.getByText(`${tag}-2@exemplo.com`)).toBeVisible();
  await expect(page.getByText("instagram", { exact: true })).toBeVisible();
  const history = page.getByRole("table");
  await expect(history).toContainText("Convertido");
  await expect(history).toContainText(site.adminEmail);
});

test("inviting the whole filter: the dialog's number is the number invited, in queue order", async ({
  page,
}) => {
  // Six people waiting for MidasPulse (person 6 the oldest), e-mails confirmed; the robot
  // gets 4 free spots for the test and its capacity back after it.
  const tag = `convite${crypto.randomBytes(3).toString("hex")}`;
  await site.query(
    `insert into waitlist (name, email, interested_agents, terms_accepted_at, created_at, confirmed_at)
     select 'Pessoa ' || $1 || ' ' || i, $1 || '-' || i || '@exemplo.com', array['midaspulse'],
            now(), now() - i * interval '1 minute', now()
       from generate_series(1, 6) as i`,
    [tag],
  );
  const spotsFree = (free: number) =>
    site.query(
      `update robots set capacity = $1 + (select count(*) from invitations i
         where i.robot_id = robots.id
           and (i.status = 'accepted' or (i.status = 'sent' and i.deadline > now())))
       where key = 'midaspulse'`,
      [free],
    );
  const invited = async () =>
    (
      await site.query<{ email: string }>(
        `select w.email from invitations i join waitlist w on w.id = i.waitlist_id
          where w.email like $1 order by w.created_at`,
        [`${tag}-%`],
      )
    ).map((row) => row.email);
  await spotsFree(4);
  try {
    await logIn(page, site);
    // Several robots in the filter: not offered, and the page says why.
    await page.goto(`/admin/lista?q=${tag}`);
    await expect(
      page.getByText(/Convidar todo o filtro: escolha um agente no filtro/),
    ).toBeVisible();

    await page.getByLabel("Agente", { exact: true }).selectOption("midaspulse");
    await page.getByRole("button", { name: "Filtrar" }).click();
    // The list names no number: it is counted when the dialog opens (decision 256).
    const open = page.getByRole("button", {
      name: "Convidar pessoas deste filtro para o MidasPulse Agent",
    });
    await expect(listTitle(page)).toHaveText("Lista de Espera (6 pessoas)");
    await expect(page.getByText(/Convidar \d+ pessoas/)).toHaveCount(0);
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Convidar as pessoas deste filtro?" });
    await expect(dialog).toContainText(
      "4 pessoas deste filtro serão convidadas para o MidasPulse Agent, na ordem da fila",
    );
    await expect(dialog).toContainText("Na fila deste filtro: 6; vagas livres: 4.");
    await expectNoAxeViolations(page);
    expect(await invited()).toEqual([]);

    // A spot went elsewhere while the dialog was open: nothing is sent, the new number is said.
    await spotsFree(3);
    await dialog.getByRole("button", { name: "Convidar 4 pessoas" }).click();
    await expect(page.getByText("Erro ao convidar")).toBeVisible();
    await expect(page.getByText(/agora 3 pessoas deste filtro podem ser convidadas/)).toBeVisible();
    expect(await invited()).toEqual([]);

    await open.click();
    await expect(dialog).toContainText("Na fila deste filtro: 6; vagas livres: 3.");
    await dialog.getByRole("button", { name: "Convidar 3 pessoas" }).click();
    await expect(page.getByText("Convites enviados!")).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await invited()).toEqual([6, 5, 4].map((i) => `${tag}-${i}@exemplo.com`));
    // Opened again, the dialog says why nobody can be invited, and offers no confirmation.
    await open.click();
    await expect(dialog).toContainText(
      "Convidar todo o filtro: o MidasPulse Agent não tem vagas livres.",
    );
    await expect(dialog.getByRole("button", { name: /^Convidar \d/ })).toHaveCount(0);
  } finally {
    await site.query(`update robots set capacity = null where key = 'midaspulse'`);
  }
});

test("phones: at 390 px each row's name, status and buttons fit the screen", async ({ page }) => {
  const tag = await seedPeople(3);
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, site);
  await page.goto(`/admin/lista?q=${tag}`);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  // The summary and the filters come first; the card itself fits the screen.
  const row = listRows(page).first();
  await row.scrollIntoViewIfNeeded();
  for (const part of [
    row.getByRole("link", { name: `Ver detalhes de Pessoa ${tag} 001` }),
    row.getByText("Pendente"),
    row.getByRole("button", { name: "Marcar como Contatado" }),
    row.getByRole("button", { name: "Marcar como Convertido" }),
  ]) {
    await expect(part).toBeInViewport();
  }
});

test("the post dialog asks before losing typed text; drafts have a preview", async ({ page }) => {
  const title = `Rascunho E2E ${crypto.randomBytes(3).toString("hex")}`;
  await logIn(page, site);
  await page.goto("/admin/blog");
  await page.getByRole("button", { name: "Novo Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Criar Novo Post" });
  await dialog.getByLabel("Título").fill(title);

  // Escape with text asks; "Cancelar" keeps the dialog and the text.
  let asked = "";
  page.once("dialog", (question) => {
    asked = question.message();
    void question.dismiss();
  });
  await page.keyboard.press("Escape");
  await expect.poll(() => asked).toBe("Fechar e descartar as alterações não salvas?");
  await expect(dialog.getByLabel("Título")).toHaveValue(title);

  await dialog.getByLabel("Conteúdo").fill("Texto do **rascunho**.");
  await dialog.getByRole("button", { name: "Criar Post" }).click();
  await expect(page.getByText("Post criado!")).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // An untouched dialog closes without asking.
  const unexpected: string[] = [];
  const onUnexpected = (question: { message: () => string; dismiss: () => Promise<void> }) => {
    unexpected.push(question.message());
    void question.dismiss();
  };
  page.on("dialog", onUnexpected);
  await page.getByRole("button", { name: `Editar ${title}` }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  page.off("dialog", onUnexpected);
  expect(unexpected).toEqual([]);

  // "OK" discards.
  await page.getByRole("button", { name: `Editar ${title}` }).click();
  await page.getByRole("dialog").getByLabel("Resumo").fill("mudado");
  page.once("dialog", (question) => void question.accept());
  await page.getByRole("button", { name: "Fechar" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByRole("link", { name: `Pré-visualizar ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Pré-visualização de um rascunho")).toBeVisible();
  await expect(page.locator(".prose-post strong")).toHaveText("rascunho");
  await expectNoAxeViolations(page);
  // The public URL of a draft is still a 404.
  const [post] = await site.query<{ slug: string }>(
    `select slug from blog_posts where title = $1`,
    [title],
  );
  expect((await page.request.get(`/blog/${post!.slug}`)).status()).toBe(404);
});

test("a published post links to its public page", async ({ page }) => {
  await logIn(page, site);
  await page.goto("/admin/blog");
  const link = page.getByRole("link", { name: /^Ver no site: .+$/ }).first();
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/blog\/[a-z0-9-]+$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

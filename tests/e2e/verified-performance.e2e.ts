import crypto from "node:crypto";
import { expectNoAxeViolationsAtWidths } from "../support/axe.ts";
import { gotoHydrated } from "../support/hydration.ts";
import { expect, logIn, test } from "../support/isolated-site.ts";
import { generatedLedger, mt5Statement, utf16le } from "../support/statement-fixtures.ts";

// Issue 22: staff upload a MetaTrader 5 statement, check the preview and publish it; the
// visitor's agent page shows the verified record with no JavaScript, and the exact file.
test("a published statement becomes the agent page's verified record", async ({
  page,
  site,
  browser,
}) => {
  test.setTimeout(90_000);
  const file = Buffer.from(utf16le(mt5Statement(generatedLedger({ trades: 300, months: 26 }))));
  const sha256 = crypto.createHash("sha256").update(file).digest("hex");

  await logIn(page, site);
  await gotoHydrated(page, "/admin/robos");
  await page.getByRole("link", { name: "Performance verificada de YenMax Agent" }).click();
  await expect(
    page.getByRole("heading", { name: "Performance verificada: YenMax Agent" }),
  ).toBeVisible();
  await page.getByLabel("Arquivo do extrato").setInputFiles({
    name: "ReportHistory-87654321.html",
    mimeType: "text/html",
    buffer: file,
  });
  await page.getByLabel("Corretora", { exact: true }).fill("Corretora Exemplo");
  await page.getByLabel("Fuso horário do servidor").selectOption("+00:00");
  await page.getByRole("button", { name: "Enviar e conferir" }).click();
  await expect(page.getByRole("status")).toContainText("Confira a prévia");
  const preview = page.getByRole("region", { name: "Prévia (como o visitante verá)" });
  await expect(preview.getByText(sha256)).toBeVisible();
  await expect(
    preview.getByRole("table", { name: "Conferência com o resumo do extrato" }),
  ).not.toContainText("Não confere");
  await preview.getByRole("button", { name: "Publicar no site" }).click();
  await expect(page.getByRole("status")).toContainText("Publicado");

  const context = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
  const visitor = await context.newPage();
  // The worker's site may have renamed the robot's slug (admin-to-public.e2e.ts); the old
  // address redirects, and the page's own address is what the sheet's link extends.
  await visitor.goto("/agentes/yenmax");
  const agentPath = new URL(visitor.url()).pathname;
  const record = visitor.getByTestId("verified-record");
  await expect(record.getByText("Conta real", { exact: true }).first()).toBeVisible();
  await expect(record.getByText("Confere com o extrato", { exact: true })).toBeVisible();
  await expect(record.getByText("Corretora Exemplo").first()).toBeVisible();
  await expect(record.getByRole("table", { name: /Retornos mensais/ })).toContainText("2023");
  await expect(record.getByRole("img", { name: /crescimento acumulado/ })).toBeVisible();
  await expect(
    record
      .getByText("Rentabilidade obtida no passado não representa garantia de resultados futuros.")
      .first(),
  ).toBeVisible();
  // The provider's figures stay, labelled as theirs.
  await expect(visitor.getByText(/metas declaradas pelo fornecedor/)).toBeVisible();
  await expect(visitor.locator("script")).toHaveCount(0);
  await expect(record.getByText(sha256)).toBeVisible();

  // Issue 38: the four ANBIMA periods side by side, each with its dates; every risk figure
  // with its formula; deposits and withdrawals marked on the curve; every account listed.
  const periods = record.getByTestId("period-returns");
  for (const label of [
    /^Último mês \(\w+\/\d{4}\)$/,
    /^No ano \(\d{4}\)$/,
    /^12 meses$/,
    /^Desde o início$/,
  ]) {
    const tile = periods.locator("dt", { hasText: label });
    await expect(tile).toHaveCount(1);
    await expect(tile.locator("xpath=following-sibling::dd[2]")).toHaveText(
      /^de \d\d\/\d\d\/\d{4} a \d\d\/\d\d\/\d{4}$/,
    );
  }
  const risk = record.getByTestId("risk-figures");
  for (const label of [
    "Drawdown máximo do saldo",
    "Drawdown máximo do capital (equity)",
    "Fator de lucro",
    "Fator de recuperação",
    "Índice de Sharpe (anualizado)",
    "Índice de Sortino (anualizado)",
    "Pior dia",
    "Pior semana",
    "Pior mês",
    "Maior tempo abaixo do pico",
  ]) {
    await expect.soft(risk.locator("dt", { hasText: label }), label).toHaveCount(1);
  }
  await expect(risk).toContainText("taxa livre de risco de 0% ao ano");
  await expect(risk).toContainText("× √12");
  await expect(
    record.locator("svg title", { hasText: /^Depósito de US\$/ }).first(),
  ).toBeAttached();
  await expect(record.locator("svg title", { hasText: /^Saque de US\$/ }).first()).toBeAttached();
  const accounts = record.getByTestId("record-history");
  await expect(accounts).toContainText("Esta data é fixada na primeira publicação e nunca muda.");
  await expect(accounts.getByRole("row", { name: /•+321.*No site agora/ })).toBeVisible();
  await expect(accounts).toContainText("Nenhuma lacuna");

  // The disclosure sheet, linked from the page, without JavaScript.
  await visitor.getByRole("link", { name: "Lâmina de informações de YenMax Agent" }).click();
  await expect(visitor).toHaveURL(`${site.url}${agentPath}/lamina`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Lâmina de YenMax Agent");
  for (const section of [
    "Metodologia e funcionamento",
    "Ativos e mercados",
    "Riscos",
    "Gerenciamento de risco",
    "Analista responsável",
    "Período do histórico e números",
    "Fontes dos dados",
    "Avisos legais",
  ]) {
    await expect.soft(visitor.getByRole("heading", { name: section, exact: true })).toBeVisible();
  }
  await expect(
    visitor.getByText(/^Período do extrato publicado: \d\d\/\d\d\/\d{4} a /),
  ).toBeVisible();
  await expect(visitor.getByText(sha256)).toBeVisible();
  await expect(visitor.getByTestId("period-returns")).toBeVisible();
  await expect(
    visitor.getByText(/Ainda não informado\. A oferta de estratégias automatizadas/),
  ).toBeVisible();
  await expect(visitor.locator("script")).toHaveCount(0);
  await visitor.goto("/agentes/yenmax");
  const href = await record.getByRole("link", { name: /Baixar o extrato/ }).getAttribute("href");
  const download = await visitor.request.get(href!);
  expect(
    crypto
      .createHash("sha256")
      .update(await download.body())
      .digest("hex"),
  ).toBe(sha256);

  // Home, pricing and the agents list show the same 12-month figure beside the robot, with
  // the account's kind and the record's end.
  const figureOf = (label: string) =>
    record.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
  const twelveMonths = await figureOf("12 meses").innerText();
  const twelveRange = await record
    .locator("dt", { hasText: /^12 meses$/ })
    .locator("xpath=following-sibling::dd[2]")
    .innerText();
  expect(twelveMonths).toMatch(/^[+-]?\d+,\d\d%$/);
  const [, from, to] = /^de (\S+) a (\S+)$/.exec(twelveRange) ?? [];
  expect(to).toMatch(/^\d\d\/\d\d\/\d{4}$/);
  const note = `Últimos 12 meses, verificado (conta real, ${from} a ${to}): ${twelveMonths}`;
  for (const path of ["/", "/precos", "/agentes"]) {
    await visitor.goto(path);
    const robot = visitor.getByRole("article").filter({ hasText: "YenMax Agent" });
    await expect.soft(robot.getByText(note, { exact: true }), path).toBeVisible();
    // Only YenMax has a published record.
    await expect.soft(visitor.getByText(/Últimos 12 meses, verificado/), path).toHaveCount(1);
  }
  await context.close();

  // axe runs as a script of its own, so in a page that allows one.
  const checking = await browser.newContext({ baseURL: site.url });
  const checker = await checking.newPage();
  await checker.goto("/agentes/yenmax");
  await expectNoAxeViolationsAtWidths(checker);
  await checker.goto("/agentes/yenmax/lamina");
  await expectNoAxeViolationsAtWidths(checker);
  await checking.close();
});

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
  await visitor.goto("/agentes/yenmax");
  const record = visitor.getByTestId("verified-record");
  await expect(record.getByText("Conta real", { exact: true })).toBeVisible();
  await expect(record.getByText("Confere com o extrato", { exact: true })).toBeVisible();
  await expect(record.getByText("Corretora Exemplo")).toBeVisible();
  await expect(record.getByRole("table")).toContainText("2023");
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
  const twelveMonths = await figureOf("Últimos 12 meses").innerText();
  const periodEnd = (await figureOf("Período:").innerText()).split(" a ")[1];
  expect(twelveMonths).toMatch(/^[+-]?\d+,\d\d%$/);
  expect(periodEnd).toMatch(/^\d\d\/\d\d\/\d{4}$/);
  const note = `Últimos 12 meses, verificado (conta real, até ${periodEnd}): ${twelveMonths}`;
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
  await checking.close();
});

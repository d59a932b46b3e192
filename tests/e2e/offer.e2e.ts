import { expect, test } from "../support/e2e-test.ts";
import { queryE2eDatabase } from "../support/e2e-database.ts";

// Prices, badges and buttons of the agents, checked against the robots table the pages read.
async function robotPrice(slug: string): Promise<number> {
  const rows = await queryE2eDatabase<{ price: string }>(
    "select price from robots where slug = $1",
    [slug],
  );
  return Number(rows[0]?.price);
}

const money = (amount: number) => `US$ ${amount.toFixed(2).replace(".", ",")}`;

const agents = [
  { slug: "yenmax", price: 199, discounted: "149,25", badge: "Vagas Limitadas" },
  { slug: "midaspulse", price: 179, discounted: "134,25", badge: null },
  { slug: "trendkey-btc", price: 249, discounted: "186,75", badge: "Vagas Muito Limitadas" },
] as const;

for (const agent of agents) {
  test(`/agentes/${agent.slug} shows the robot's price with 25% off and leads to the waitlist`, async ({
    page,
  }) => {
    const price = await robotPrice(agent.slug);
    expect(price).toBe(agent.price);
    await page.goto(`/agentes/${agent.slug}`);
    const pricing = page.getByRole("region", { name: "Preço mensal" });
    await expect(pricing.locator("s")).toHaveText(money(price));
    await expect(pricing.getByText(`US$ ${agent.discounted}`, { exact: true })).toBeVisible();
    await expect(pricing.getByText("25% de desconto")).toBeVisible();
    await expect(pricing.getByRole("link", { name: "Entrar na Lista de Espera" })).toHaveAttribute(
      "href",
      `/contato?agente=${agent.slug}`,
    );
    if (agent.badge) await expect(pricing.getByText(agent.badge, { exact: true })).toBeVisible();
    // No statement is published yet: the visitor is told so.
    await expect(page.getByTestId("performance-widget")).toContainText(
      "Histórico verificado em preparação",
    );
    await expect(page.getByRole("note", { name: /Aviso de Risco/ })).toBeVisible();
  });
}

test("TrendKey BTC shows its 20 spots and a critical risk warning", async ({ page }) => {
  await page.goto("/agentes/trendkey-btc");
  await expect(page.getByText("Apenas 20 vagas disponíveis")).toBeVisible();
  await expect(page.getByRole("note", { name: "Aviso de Risco Crítico" })).toBeVisible();
  for (const feature of [
    "Inteligência Artificial",
    "Análise de Sentimento",
    "Execução Rápida",
    "Stops Dinâmicos",
  ]) {
    await expect(page.getByText(feature, { exact: true })).toBeVisible();
  }
});

test("MidasPulse lists its six pairs", async ({ page }) => {
  await page.goto("/agentes/midaspulse");
  for (const pair of ["EURUSD", "GBPUSD", "USDJPY", "USDCHF", "AUDUSD", "USDCAD"]) {
    await expect(page.getByRole("listitem").filter({ hasText: pair })).toBeVisible();
  }
});

test("pricing shows three plans, MidasPulse as the most popular, with risk badges", async ({
  page,
}) => {
  await page.goto("/precos");
  const plans = page.getByRole("article");
  await expect(plans).toHaveCount(3);
  await expect(plans.nth(1)).toContainText("Mais Popular");
  await expect(plans.nth(1)).toContainText("Risco Moderado");
  await expect(plans.nth(0)).toContainText("Risco Alto");
  await expect(plans.nth(2)).toContainText("Risco Alto");
  for (const [index, agent] of agents.entries()) {
    await expect(plans.nth(index)).toContainText(`US$ ${agent.discounted}/mês`);
    await expect(plans.nth(index).getByRole("link")).toHaveAttribute(
      "href",
      `/agentes/${agent.slug}`,
    );
  }
  await expect(page.getByRole("heading", { name: "Todos os planos incluem" })).toBeVisible();
  await expect(page.locator("#inclui li")).toHaveCount(8);
  await expect(page.getByRole("heading", { name: "Garantia de 7 dias" })).toBeVisible();
  await expect(page.getByText("PIX (Brasil)")).toBeVisible();
});

test("the home page links each featured agent and the waitlist", async ({ page }) => {
  await page.goto("/");
  await expect(
    page.getByRole("link", { name: "Entre para a Lista de Espera VIP" }),
  ).toHaveAttribute("href", "/contato");
  await expect(page.getByRole("link", { name: "Entrar na Lista de Espera" })).toHaveAttribute(
    "href",
    "/contato",
  );
  for (const agent of agents) {
    await expect(
      page.locator(`a[href="/agentes/${agent.slug}"]`, { hasText: "Saiba Mais e Entre na Lista" }),
    ).toHaveCount(1);
  }
  for (const title of [
    "Experiência Comprovada",
    "Tecnologia de Ponta",
    "Resultados Transparentes",
    "VPS Inclusa e Gerenciada",
  ]) {
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
  }
});

test("every price on a public page reads US$ with /mês, never a bare $", async ({ page }) => {
  for (const path of ["/", "/agentes", "/agentes/yenmax", "/precos"]) {
    await page.goto(path);
    const text = (await page.locator("main").innerText()).replace(/\s+/g, " ");
    const prices = text.match(/US\$ \d+,\d{2}/g) ?? [];
    expect(prices.length, path).toBeGreaterThan(0);
    expect(text.match(/US\$ \d+,\d{2} ?\/mês/g), path).toHaveLength(prices.length);
    expect(text, path).not.toMatch(/(?<!US)\$/);
  }
});

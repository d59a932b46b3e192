import { expect, test } from "../support/e2e-test.ts";

test("home renders with the header menu and the waitlist button", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  const menu = page.getByRole("navigation", { name: "Menu principal" });
  const expected: Array<[string, string]> = [
    ["Home", "/"],
    ["Nossos Agentes FX", "/agentes"],
    ["Como Funciona", "/como-funciona"],
    ["Preços", "/precos"],
    ["Blog", "/blog"],
    ["Contato", "/contato"],
  ];
  for (const [label, href] of expected) {
    await expect(menu.getByRole("link", { name: label, exact: true })).toHaveAttribute(
      "href",
      href,
    );
  }
  await expect(page.getByRole("link", { name: "Lista de Espera VIP" }).first()).toHaveAttribute(
    "href",
    "/contato",
  );
});

test("an unknown path answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/caminho-que-nao-existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("healthz answers 200 with JSON while the database is up", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok", database: "up" });
  // Probes are frequent and the answer is tiny: it is sent as it is, never through a gzip
  // stream of its own (docs/decisions/289).
  const probed = await request.get("/healthz", { headers: { "Accept-Encoding": "gzip, br" } });
  expect(probed.headers()["content-encoding"]).toBeUndefined();
  expect(Number(probed.headers()["content-length"])).toBe((await probed.body()).byteLength);
});

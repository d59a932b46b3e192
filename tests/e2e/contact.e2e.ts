import { expect, test, type Page } from "../support/e2e-test.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { signupMessages } from "../../app/content/signup-messages.ts";
import { uniqueEmail, waitlistRows } from "../support/e2e-database.ts";

const successText =
  "Seu nome foi adicionado à lista de espera VIP. Entraremos em contato em breve!";
const confirmText = "Enviamos um link para o seu e-mail: abra-o para confirmar sua inscrição.";
const termsText = "Você deve aceitar os termos e condições.";

const form = (page: Page) => page.getByRole("form", { name: "Formulário da lista de espera VIP" });
const toast = (page: Page) => page.locator("[data-sonner-toast]");

/** The form takes over from the browser's own validation once React has hydrated it. */
async function openHydrated(page: Page, path = "/contato") {
  await page.goto(path);
  await expect(form(page)).toHaveAttribute("novalidate", "");
}

async function fillRequired(page: Page, email: string) {
  await page.getByLabel("Nome Completo *").fill("Carla Mendes");
  await page.getByLabel("Email *").fill(email);
}

test.describe("with JavaScript", () => {
  test("a sign-up shows SPEC's toast, clears every field and is stored", async ({ page }) => {
    const email = uniqueEmail("e2e-js");
    await openHydrated(page, "/contato?agente=yenmax&utm_source=e2e");
    await fillRequired(page, `  ${email.toUpperCase()} `);
    await page.getByLabel("MidasPulse Agent").check();
    await form(page).getByLabel("Mensagem").fill("Quero a VPS inclusa.");
    await page.getByRole("checkbox", { name: /Li e aceito os Termos e Condições/ }).check();
    await page.getByRole("checkbox", { name: /Aceito receber contato/ }).check();
    await page.getByRole("button", { name: "Entrar para a Lista de Espera" }).click();

    await expect(toast(page)).toContainText("Sucesso!");
    await expect(toast(page)).toContainText(successText);
    await expect(toast(page)).toContainText(confirmText);
    // The confirmation stays in the page and takes the focus.
    const confirmation = form(page).getByRole("status").filter({ hasText: "Sucesso!" });
    await expect(confirmation).toContainText(successText);
    await expect(confirmation).toContainText(confirmText);
    await expect(confirmation).toBeFocused();
    await expect(page.getByLabel("Nome Completo *")).toHaveValue("");
    await expect(page.getByLabel("Email *")).toHaveValue("");
    await expect(form(page).getByLabel("Mensagem")).toHaveValue("");
    for (const checkbox of await form(page).getByRole("checkbox").all()) {
      await expect(checkbox).not.toBeChecked();
    }

    const rows = await waitlistRows(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Carla Mendes",
      interested_agents: ["yenmax", "midaspulse"],
      status: "pending",
      message: "Quero a VPS inclusa.",
      marketing_consent: true,
      source: "e2e",
    });
  });

  test("without the terms: SPEC's error toast, focus on the terms, nothing stored", async ({
    page,
  }) => {
    const email = uniqueEmail("e2e-terms");
    await openHydrated(page);
    await fillRequired(page, email);
    await page.getByRole("button", { name: "Entrar para a Lista de Espera" }).click();

    await expect(toast(page)).toContainText("Erro");
    await expect(toast(page)).toContainText(termsText);
    const terms = page.getByRole("checkbox", { name: /Li e aceito os Termos e Condições/ });
    await expect(terms).toBeFocused();
    await expect(terms).toHaveAttribute("aria-invalid", "true");
    await expect(terms).toHaveAccessibleDescription(termsText);
    await expect(page.getByLabel("Nome Completo *")).toHaveValue("Carla Mendes");
    expect(await waitlistRows(email)).toHaveLength(0);
  });

  test("?agente= ticks that agent and only that one", async ({ page }) => {
    await page.goto("/contato?agente=trendkey-btc");
    await expect(page.getByLabel("TrendKey BTC")).toBeChecked();
    await expect(page.getByLabel("YenMax Agent")).not.toBeChecked();
    await expect(page.getByLabel("MidasPulse Agent")).not.toBeChecked();

    await page.goto("/contato?agente=robo-desconhecido");
    for (const checkbox of await form(page).getByRole("checkbox").all()) {
      await expect(checkbox).not.toBeChecked();
    }
  });

  test("the terms label links to the three legal pages", async ({ page }) => {
    await page.goto("/contato");
    const links: Array<[RegExp, string]> = [
      [/^Termos e Condições/, "/termos"],
      [/^Política de Privacidade/, "/privacidade"],
      [/^Aviso de Risco/, "/aviso-de-risco"],
    ];
    for (const [name, href] of links) {
      await expect(form(page).getByRole("link", { name })).toHaveAttribute("href", href);
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a plain form post stores the sign-up and the page shows SPEC's message", async ({
    page,
  }) => {
    const email = uniqueEmail("e2e-nojs");
    await page.goto("/contato");
    await fillRequired(page, email);
    await page.getByLabel("TrendKey BTC").check();
    await page.getByRole("checkbox", { name: /Li e aceito os Termos e Condições/ }).check();
    await page.getByRole("button", { name: "Entrar para a Lista de Espera" }).click();

    // Post/Redirect/Get: reloading the confirmation sends nothing again.
    await expect(page).toHaveURL(/\/contato\?inscricao=confirmada$/);
    const status = page.getByRole("status").filter({ hasText: "Sucesso!" });
    await expect(status).toContainText(successText);
    await expect(status).toContainText(confirmText);
    await expect(page.getByLabel("Nome Completo *")).toHaveValue("");
    await expect(page.getByLabel("TrendKey BTC")).not.toBeChecked();
    const rows = await waitlistRows(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      interested_agents: ["trendkey-btc"],
      marketing_consent: false,
    });
  });

  test("an empty form reaches the server, which answers in Portuguese (no browser bubbles)", async ({
    page,
  }) => {
    await page.goto("/contato");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Entrar para a Lista de Espera" }).click(),
    ]);
    expect(response.status()).toBe(400);
    const nameInput = page.getByLabel("Nome Completo *");
    await expect(nameInput).toHaveAttribute("aria-invalid", "true");
    await expect(nameInput).toHaveAccessibleDescription(signupMessages.nameRequired);
  });

  test("a rejected post keeps what was typed and points at the field", async ({ page }) => {
    await page.goto("/contato");
    await page.getByLabel("Nome Completo *").fill("Diego Rocha");
    // Valid for the browser, not for the server's schema (no top-level domain).
    await page.getByLabel("Email *").fill("diego@localhost");
    await page.getByLabel("YenMax Agent").check();
    await form(page).getByLabel("Mensagem").fill("Minha mensagem");
    await page.getByRole("checkbox", { name: /Li e aceito os Termos e Condições/ }).check();
    const response = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Entrar para a Lista de Espera" }).click(),
    ]);
    expect(response[0].status()).toBe(400);

    await expect(page.getByRole("alert").filter({ hasText: "Erro" })).toContainText(
      "Informe um e-mail válido.",
    );
    const emailInput = page.getByLabel("Email *");
    await expect(emailInput).toHaveValue("diego@localhost");
    await expect(emailInput).toHaveAttribute("aria-invalid", "true");
    await expect(emailInput).toHaveAccessibleDescription("Informe um e-mail válido.");
    await expect(emailInput).toBeFocused();
    await expect(page.getByLabel("Nome Completo *")).toHaveValue("Diego Rocha");
    await expect(form(page).getByLabel("Mensagem")).toHaveValue("Minha mensagem");
    await expect(page.getByLabel("YenMax Agent")).toBeChecked();
    await expect(
      page.getByRole("checkbox", { name: /Li e aceito os Termos e Condições/ }),
    ).toBeChecked();
    expect(await waitlistRows("diego@localhost")).toHaveLength(0);
  });
});

for (const width of [390, 1280]) {
  test(`axe finds no violation on /contato at ${width} px, also after an error`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openHydrated(page);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Entrar para a Lista de Espera" }).click();
    await expect(page.getByLabel("Nome Completo *")).toHaveAttribute("aria-invalid", "true");
    await expect(toast(page)).toContainText("Erro");
    await expectNoAxeViolations(page);
  });
}

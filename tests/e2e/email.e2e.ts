import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { ParsedMail } from "mailparser";
import { expect, type Page, serverStartHookTimeout, test } from "../support/e2e-test.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import pg from "pg";
import { type BuiltServer, freePort, startBuiltServer } from "../support/built-server.ts";
import { dropDatabase, uniqueDatabaseName } from "../support/postgres.ts";
import type { TestSmtpServer } from "../support/smtp-server.ts";
import { createE2eDatabase } from "../support/e2e-database.ts";

// Issue 11 end to end: the built server on PostgreSQL sends through a real SMTP server
// (started by startBuiltServer); the confirmation link is opened in chromium.
test.describe.configure({ mode: "serial", timeout: 60_000 });

let server: BuiltServer;
let smtp: TestSmtpServer;
let databaseName: string;
let pool: pg.Pool;

test.beforeAll(async () => {
  test.setTimeout(serverStartHookTimeout);
  databaseName = uniqueDatabaseName("agentes_e2e_email");
  const databaseUrl = await createE2eDatabase(databaseName);
  const port = await freePort();
  server = await startBuiltServer(
    { DATABASE_URL: databaseUrl, SIGNUP_RATE_LIMIT: "0", SITE_URL: `http://127.0.0.1:${port}` },
    { port },
  );
  if (!server.smtp) throw new Error("expected a test SMTP server");
  smtp = server.smtp;
  pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
});

test.afterAll(async () => {
  await server?.stop();
  await pool?.end();
  await dropDatabase(databaseName);
});

async function signUp(fields: Record<string, string>) {
  const response = await fetch(`${server.url}/contato`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ terms: "on", ...fields }),
  });
  return { status: response.status, location: response.headers.get("Location") };
}

/**
 * A message as a phone shows it (issue 25): nothing wider than 390 px (a long link breaks),
 * titled by its subject, the brand's logo loaded from the site, and axe's contrast check
 * (4.5:1 for text and links) passing.
 */
async function expectReadableOnPhone(page: Page, mail: ParsedMail) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.setContent(String(mail.html), { waitUntil: "load" });
  await expect(page).toHaveTitle(mail.subject ?? "");
  const logo = page.locator('img[src$="/icon-192.png"]');
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const { violations } = await new AxeBuilder({ page })
    .withRules(["color-contrast", "link-in-text-block", "image-alt"])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`)).toEqual([]);
}

const entryOf = async (email: string) =>
  (await pool.query("select * from waitlist where email = $1", [email])).rows[0];

const linkIn = (text: string | undefined, path: string) =>
  new RegExp(`(http://127\\.0\\.0\\.1:\\d+/${path}/[A-Za-z0-9_-]{43})`).exec(text ?? "")?.[1] ?? "";

/**
 * A person signed up and confirmed through the server, as the first test does in a browser,
 * so each test that needs one makes its own and runs alone as well as after the others.
 */
async function confirmedSignUp(name: string, email: string) {
  const before = smtp.messages.length;
  expect(await signUp({ name, email })).toEqual({
    status: 303,
    location: "/contato?inscricao=confirmada",
  });
  const link = linkIn((await smtp.waitForMessages(before + 1)).at(-1)?.text, "confirmar");
  const confirmed = await fetch(link, { method: "POST", headers: { Origin: server.url } });
  expect(confirmed.status).toBe(200);
  expect((await entryOf(email)).confirmed_at).not.toBeNull();
}

test("sign up, read the e-mail on a phone, open its link: GET does not confirm, the button does, a second POST is 410", async ({
  page,
}) => {
  expect(await signUp({ name: "Ana Souza", email: "ana@example.com" })).toEqual({
    status: 303,
    location: "/contato?inscricao=confirmada",
  });
  const [mail] = await smtp.waitForMessages(1);
  expect(mail?.subject).toBe("Confirme sua inscrição");
  await expectReadableOnPhone(page, mail!);
  const link = /(http:\/\/127\.0\.0\.1:\d+\/confirmar\/[A-Za-z0-9_-]{43})/.exec(mail?.text ?? "");
  expect(link).not.toBeNull();
  const url = link?.[1] ?? "";

  const opened = await page.goto(url);
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirme sua inscrição");
  await expectNoAxeViolations(page);
  expect((await entryOf("ana@example.com")).confirmed_at).toBeNull();

  await page.getByRole("button", { name: "Confirmar inscrição" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inscrição confirmada");
  expect((await entryOf("ana@example.com")).confirmed_at).not.toBeNull();

  const again = await fetch(url, { method: "POST", headers: { Origin: server.url } });
  expect(again.status).toBe(410);
  expect(await again.text()).toContain("Link expirado ou já usado");
});

test("a repeated sign-up leaves the entry unchanged and sends the 'Meus dados' e-mail", async () => {
  await confirmedSignUp("Clara Dias", "clara@example.com");
  const before = await entryOf("clara@example.com");
  const count = smtp.messages.length;
  expect(
    await signUp({ name: "Outra Pessoa", email: "CLARA@example.com", agents: "yenmax" }),
  ).toEqual({ status: 303, location: "/contato?inscricao=confirmada" });
  const messages = await smtp.waitForMessages(count + 1);
  expect(messages.at(-1)?.subject).toBe("Seus dados na Agentes FX");
  expect(messages.at(-1)?.text).toContain("/meus-dados");
  expect(await entryOf("clara@example.com")).toEqual(before);
});

test("a malformed or unknown link answers a Portuguese 404 page", async ({ page }) => {
  const answer = await page.goto(`${server.url}/confirmar/nao-existe`);
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Link inválido");
});

test("an expired confirmation link offers 'Reenviar confirmação', which sends a new link", async ({
  page,
}) => {
  const before = smtp.messages.length;
  await signUp({ name: "Beto", email: "beto@example.com" });
  const url = linkIn((await smtp.waitForMessages(before + 1)).at(-1)?.text, "confirmar");
  await pool.query(
    "update email_tokens set expires_at = now() - interval '1 second' where purpose = 'confirm-signup'",
  );
  expect((await page.goto(url))?.status()).toBe(410);
  await expectNoAxeViolations(page);
  const count = smtp.messages.length;
  await page.getByRole("button", { name: "Reenviar confirmação" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Novo link enviado");
  const messages = await smtp.waitForMessages(count + 1);
  expect(messages.at(-1)?.subject).toBe("Confirme sua inscrição");
  expect(linkIn(messages.at(-1)?.text, "confirmar")).not.toBe(url);
});

test("Meus dados: request, open once, view, correct, export JSON, give and withdraw consent, delete", async ({
  page,
}) => {
  await confirmedSignUp("Davi Lima", "davi@example.com");
  // The Meus dados pages ship no JavaScript (docs/decisions/060): plain forms throughout.
  await page.goto(`${server.url}/meus-dados`);
  await expectNoAxeViolations(page);
  const count = smtp.messages.length;
  await page.getByLabel("Seu e-mail").fill("davi@example.com");
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByRole("status")).toContainText("Se este e-mail estiver na lista");
  const messages = await smtp.waitForMessages(count + 1);
  const link = linkIn(messages.at(-1)?.text, "meus-dados");
  expect(link).not.toBe("");

  // GET shows only a button (mail scanners follow links); the button opens the data once.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Abrir meus dados");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Abrir meus dados" }).click();
  await expect(page).toHaveURL(/\/meus-dados\/painel$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seus dados");
  await expect(page.getByText("Davi Lima")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Confirmou o e-mail" })).toBeVisible();
  await expectNoAxeViolations(page);
  // On a phone (issue 25): nothing spills out of a button, the page never scrolls sideways,
  // and each table sits in a region that scrolls it.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const spilling = await page
    .getByRole("button")
    .evaluateAll((buttons) =>
      buttons.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent),
    );
  expect(spilling).toEqual([]);
  const unframed = await page
    .locator("table")
    .evaluateAll(
      (tables) => tables.filter((t) => !t.closest('[role="region"][tabindex="0"]')).length,
    );
  expect(unframed).toBe(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  const reopened = await fetch(link, { method: "POST", headers: { Origin: server.url } });
  expect(reopened.status).toBe(410);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Baixar meus dados (JSON)" }).click();
  const file = await (await download).path();
  const exported = JSON.parse(await readFile(file, "utf8")) as {
    entry: { email: string; name: string };
    consents: { kind: string }[];
  };
  expect(exported.entry).toMatchObject({ email: "davi@example.com", name: "Davi Lima" });
  expect(exported.consents.map((line) => line.kind)).toContain("terms-accepted");

  await page.getByLabel("Nome", { exact: true }).fill("Davi S. Lima");
  await page.getByRole("checkbox", { name: "TrendKey BTC" }).check();
  await page.getByRole("button", { name: "Salvar correções" }).click();
  await expect(page.getByRole("status")).toHaveText("Seus dados foram corrigidos.");
  expect(await entryOf("davi@example.com")).toMatchObject({
    name: "Davi S. Lima",
    interested_agents: ["trendkey-btc"],
  });

  await page.getByRole("button", { name: "Aceitar contato de marketing" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Sua escolha de contato de marketing foi registrada.",
  );
  expect((await entryOf("davi@example.com")).marketing_consent).toBe(true);
  await page.getByRole("button", { name: "Retirar aceite de contato de marketing" }).click();
  await expect(
    page.getByRole("cell", { name: "Retirou o aceite de contato de marketing" }),
  ).toBeVisible();
  expect((await entryOf("davi@example.com")).marketing_consent).toBe(false);

  await page.getByRole("checkbox", { name: /Entendo que meus dados serão apagados/ }).check();
  await page.getByRole("button", { name: "Apagar meus dados" }).click();
  await expect(page).toHaveURL(/\/meus-dados\?apagado$/);
  await expect(page.getByRole("status")).toContainText("Seus dados foram apagados.");
  expect(await entryOf("davi@example.com")).toBeUndefined();
  const kept = await pool.query("select email_hash from erased_emails");
  expect(kept.rows).toHaveLength(1);
  expect(JSON.stringify(kept.rows)).not.toContain("davi@");
  expect((await page.goto(`${server.url}/meus-dados/painel`))?.status()).toBe(401);
});

test("newsletter: subscribe from the blog, confirm by the button, leave by a one-click POST", async ({
  page,
}) => {
  await page.goto(`${server.url}/blog`);
  const count = smtp.messages.length;
  await page.getByRole("textbox", { name: "Seu e-mail" }).fill("leitor@example.com");
  await page.getByRole("button", { name: "Inscrever-se" }).click();
  await expect(page).toHaveURL(/\/newsletter\?pedido=enviado$/);
  await expectNoAxeViolations(page);
  const [confirmation] = (await smtp.waitForMessages(count + 1)).slice(count);
  expect(confirmation?.subject).toBe("Confirme sua inscrição na newsletter");
  const link = linkIn(confirmation?.text, "newsletter/confirmar");
  await page.goto(link);
  await expectNoAxeViolations(page);
  const subscriber = async () =>
    (
      await pool.query("select * from newsletter_subscribers where email = $1", [
        "leitor@example.com",
      ])
    ).rows[0];
  expect((await subscriber()).confirmed_at).toBeNull();
  await page.getByRole("button", { name: "Confirmar newsletter" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Newsletter confirmada");
  expect((await subscriber()).confirmed_at).not.toBeNull();

  const [welcome] = (await smtp.waitForMessages(count + 2)).slice(count + 1);
  expect(welcome?.subject).toBe("Inscrição na newsletter confirmada");
  const headers = new Map(welcome?.headerLines.map((line) => [line.key, line.line]));
  expect(headers.get("list-unsubscribe-post")).toBe(
    "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
  );
  const unsubscribeUrl = /<([^>]+)>/.exec(headers.get("list-unsubscribe") ?? "")?.[1] ?? "";
  expect(unsubscribeUrl).toMatch(/\/descadastrar\/[A-Za-z0-9_-]{43}$/);

  await page.goto(unsubscribeUrl);
  await expect(page.getByRole("button", { name: "Descadastrar" })).toBeVisible();
  await expectNoAxeViolations(page);
  expect((await subscriber()).unsubscribed_at).toBeNull();
  // As a mail provider posts it (RFC 8058): no Origin, no cookies, no page.
  const oneClick = await fetch(unsubscribeUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status).toBe(200);
  expect((await subscriber()).unsubscribed_at).not.toBeNull();
});

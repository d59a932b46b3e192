import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { type BuiltServer, freePort, startBuiltServer } from "../support/built-server.ts";
import { createDatabase, dropDatabase, uniqueDatabaseName } from "../support/postgres.ts";
import type { TestSmtpServer } from "../support/smtp-server.ts";

// Issue 11 end to end: the built server on PostgreSQL sends through a real SMTP server
// (started by startBuiltServer); the confirmation link is opened in chromium.
test.describe.configure({ mode: "serial", timeout: 60_000 });

let server: BuiltServer;
let smtp: TestSmtpServer;
let databaseName: string;
let pool: pg.Pool;

test.beforeAll(async () => {
  databaseName = uniqueDatabaseName("agentes_e2e_email");
  const databaseUrl = await createDatabase(databaseName);
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

const entryOf = async (email: string) =>
  (await pool.query("select * from waitlist where email = $1", [email])).rows[0];

test("sign up, open the e-mail's link: GET does not confirm, the button does, a second POST is 410", async ({
  page,
}) => {
  expect(await signUp({ name: "Ana Souza", email: "ana@example.com" })).toEqual({
    status: 303,
    location: "/contato?inscricao=confirmada",
  });
  const [mail] = await smtp.waitForMessages(1);
  expect(mail?.subject).toBe("Confirme sua inscrição");
  const link = /(http:\/\/127\.0\.0\.1:\d+\/confirmar\/[A-Za-z0-9_-]{43})/.exec(mail?.text ?? "");
  expect(link).not.toBeNull();
  const url = link?.[1] ?? "";

  const opened = await page.goto(url);
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirme sua inscrição");
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  expect((await entryOf("ana@example.com")).confirmed_at).toBeNull();

  await page.getByRole("button", { name: "Confirmar inscrição" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inscrição confirmada");
  expect((await entryOf("ana@example.com")).confirmed_at).not.toBeNull();

  const again = await fetch(url, { method: "POST", headers: { Origin: server.url } });
  expect(again.status).toBe(410);
  expect(await again.text()).toContain("Link expirado ou já usado");
});

test("a repeated sign-up leaves the entry unchanged and sends the 'Meus dados' e-mail", async () => {
  const before = await entryOf("ana@example.com");
  const count = smtp.messages.length;
  expect(
    await signUp({ name: "Outra Pessoa", email: "ANA@example.com", agents: "yenmax" }),
  ).toEqual({ status: 303, location: "/contato?inscricao=confirmada" });
  const messages = await smtp.waitForMessages(count + 1);
  expect(messages.at(-1)?.subject).toBe("Seus dados na Agentes FX");
  expect(messages.at(-1)?.text).toContain("/meus-dados");
  expect(await entryOf("ana@example.com")).toEqual(before);
});

test("a malformed or unknown link answers a Portuguese 404 page", async ({ page }) => {
  const answer = await page.goto(`${server.url}/confirmar/nao-existe`);
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Link inválido");
});

test("Meus dados: ask for the link without JavaScript, open it from the e-mail, see the entry", async ({
  browser,
  page: axePage,
}) => {
  // axe runs in a page with JavaScript; the flow itself in one without.
  await axePage.goto(`${server.url}/meus-dados`);
  expect((await new AxeBuilder({ page: axePage }).analyze()).violations).toEqual([]);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}/meus-dados`);
  const count = smtp.messages.length;
  await page.getByLabel("Seu e-mail").fill("ana@example.com");
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByRole("status")).toContainText("Se este e-mail estiver na lista");
  const messages = await smtp.waitForMessages(count + 1);
  const link = /(http:\/\/127\.0\.0\.1:\d+\/meus-dados\/[A-Za-z0-9_-]{43})/.exec(
    messages.at(-1)?.text ?? "",
  );
  expect(link).not.toBeNull();
  await page.goto(link?.[1] ?? "");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seus dados");
  await expect(page.getByText("Ana Souza")).toBeVisible();
  await axePage.goto(link?.[1] ?? "");
  expect((await new AxeBuilder({ page: axePage }).analyze()).violations).toEqual([]);
  await context.close();
});

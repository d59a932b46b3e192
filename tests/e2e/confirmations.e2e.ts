import { type Browser, expect, type Page, test } from "../support/e2e-test.ts";
import { gotoHydrated } from "../support/hydration.ts";
import { type OwnServer, startOwnServer } from "../support/own-server.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server.ts";

// Issue 25 in chromium: "Revogar" (staff, /admin/convites) and "Não tenho mais interesse" (the
// invited person, /convite/:token, with and without JavaScript) show their confirmation
// first, and nothing changes until it is confirmed (decision 147). A built server on a
// database of its own with a real SMTP server, so the invitations' links are the e-mailed ones.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const PEOPLE = ["revogar", "recusar-js", "recusar-sem-js"] as const;
const emailOf = (person: string) => `${person}@exemplo.com`;

let site: OwnServer;
let smtp: TestSmtpServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtpServer();
  site = await startOwnServer("confirmations", { SMTP_URL: smtp.url });
  const cookie = await site.logIn();
  const [robot] = await site.query<{ id: string }>(`select id from robots where key = 'yenmax'`);
  for (const person of PEOPLE) {
    const [row] = await site.query<{ id: string }>(
      `insert into waitlist (name, email, interested_agents, terms_accepted_at, confirmed_at)
       values ($1, $2, '{yenmax}', now(), now()) returning id`,
      [person, emailOf(person)],
    );
    const answer = await site.post(
      "/admin/convites",
      new URLSearchParams({ intent: "convidar-pessoa", robotId: robot!.id, personId: row!.id }),
      { cookie },
    );
    expect(answer.status).toBeLessThan(400);
  }
  await smtp.waitForMessages(PEOPLE.length, 60_000);
});

test.afterAll(async () => {
  await site?.stop();
  await smtp?.close();
});

async function statusOf(person: string) {
  const rows = await site.query<{ status: string }>(
    `select i.status from invitations i join waitlist w on w.id = i.waitlist_id where w.email = $1`,
    [emailOf(person)],
  );
  return rows.map((row) => row.status);
}

function linkOf(person: string): string {
  const mail = smtp.messages.find((message) =>
    JSON.stringify(message.to).includes(emailOf(person)),
  );
  const path = /\/convite\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? "")?.[0];
  if (!path) throw new Error(`no invitation link for ${person}`);
  return `${site.url}${path}`;
}

test("Revogar opens a dialog first; cancelling changes nothing; confirming revokes", async ({
  page,
}) => {
  const login = await page.request.post(`${site.url}/admin`, {
    form: { intent: "login", email: site.adminEmail, password: site.adminPassword },
    headers: { Origin: site.url },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  await gotoHydrated(page, `${site.url}/admin/convites`);
  const revoke = page.getByRole("button", { name: `Revogar o convite de ${emailOf("revogar")}` });
  await revoke.click();
  const dialog = page.getByRole("dialog", { name: "Revogar este convite?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(emailOf("revogar"));
  expect(await statusOf("revogar")).toEqual(["sent"]);

  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();
  expect(await statusOf("revogar")).toEqual(["sent"]);

  await revoke.click();
  await dialog.getByRole("button", { name: "Revogar convite" }).click();
  await expect(page.getByText("Convite revogado")).toBeVisible();
  await expect.poll(() => statusOf("revogar")).toEqual(["revoked"]);
});

async function declineAsking(page: Page, person: string) {
  await page.getByRole("button", { name: "Não tenho mais interesse" }).click();
  await expect(page.getByRole("heading", { name: "Tem certeza?" })).toBeVisible();
  expect(await statusOf(person)).toEqual(["sent"]);
  // "Voltar ao convite" leaves it open.
  await page.getByRole("link", { name: "Voltar ao convite" }).click();
  await expect(page.getByRole("heading", { name: "Tem certeza?" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Confirmar minha vaga" })).toBeVisible();
  expect(await statusOf(person)).toEqual(["sent"]);

  await page.getByRole("button", { name: "Não tenho mais interesse" }).click();
  await page.getByRole("button", { name: "Sim, não tenho mais interesse" }).click();
  await expect(page.getByRole("heading", { name: "Tudo certo" })).toBeVisible();
  expect(await statusOf(person)).toEqual(["declined"]);
}

test("Não tenho mais interesse asks first, with JavaScript", async ({ page }) => {
  await gotoHydrated(page, linkOf("recusar-js"));
  await declineAsking(page, "recusar-js");
});

test("Não tenho mais interesse asks first, without JavaScript", async ({
  browser,
}: {
  browser: Browser;
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(linkOf("recusar-sem-js"));
    await declineAsking(page, "recusar-sem-js");
  } finally {
    await context.close();
  }
});

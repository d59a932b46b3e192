import { randomBytes } from "node:crypto";
import pg from "pg";
import { type BuiltServer, startBuiltServer } from "../support/built-server.ts";
import { createE2eDatabase } from "../support/e2e-database.ts";
import { expect, serverStartHookTimeout, test, type Page } from "../support/e2e-test.ts";
import { startTestPsp } from "../support/local-psp.ts";
import { dropDatabase, uniqueDatabaseName } from "../support/postgres.ts";
import type { LocalPsp } from "../../scripts/local-psp/psp.ts";
import { seedInvitedPerson } from "../support/invited-person.ts";

// Issue 37 end to end, on the built server and PostgreSQL with the local PSP over mutual TLS:
// the person accepts, the order page shows the order's own charge (not the static code), a
// payer pays it, the PSP's webhook reaches the server, and the page, left open, says
// "Pagamento confirmado" by itself: redrawn in place with JavaScript, reloaded without it.
// Every exchange with the PSP keeps to the contract.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const withScript = randomBytes(32).toString("base64url");
const withoutScript = randomBytes(32).toString("base64url");
let server: BuiltServer;
let psp: LocalPsp;
let databaseName: string;
let pool: pg.Pool;

test.beforeAll(async () => {
  test.setTimeout(serverStartHookTimeout);
  databaseName = uniqueDatabaseName("agentes_e2e_pix");
  const databaseUrl = await createE2eDatabase(databaseName);
  pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const started = await startTestPsp();
  psp = started.psp;
  server = await startBuiltServer({ DATABASE_URL: databaseUrl, ...started.env });
  await pool.query(`insert into exchange_rates (rate, set_by) values (5.0000, 'e2e')`);
  for (const [name, token] of [
    ["Ana", withScript],
    ["Bia", withoutScript],
  ] as const) {
    await seedInvitedPerson(pool, { name, email: `${name.toLowerCase()}.pix@exemplo.com`, token });
  }
});

test.afterAll(async () => {
  await server?.stop();
  await psp?.close();
  await pool?.end();
  await dropDatabase(databaseName);
});

/** Accepts the invitation, checks the order's own code and pays it through the PSP. */
async function acceptAndPay(page: Page, token: string) {
  await page.goto(`${server.url}/convite/${token}`);
  await page.getByRole("button", { name: "Confirmar minha vaga" }).click();
  await expect(page.getByRole("heading", { name: "Seu pedido: YenMax Agent" })).toBeVisible();
  const code = (await page.getByLabel("PIX copia e cola").textContent()) ?? "";
  const {
    rows: [charge],
  } = await pool.query<{ txid: string }>(
    `select txid from pix_charges where state = 'active' and copy_paste = $1`,
    [code],
  );
  expect(code).toBe(psp.cob(charge!.txid)?.pixCopiaECola);
  expect(code).toContain("br.gov.bcb.pix25");
  await psp.pay({ txid: charge!.txid });
  await psp.settled();
  expect(psp.deliveries.at(-1)?.status).toBe(200);
}

test("the person pays the order's own QR and the page confirms it by itself", async ({ page }) => {
  // The worker registers the webhook on the key at its start.
  await expect.poll(() => psp.webhookUrl(), { timeout: 30_000 }).toContain("/webhooks/pix/");
  await acceptAndPay(page, withScript);
  // Until the page was loaded again, this mark stays: the page redraws in place.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  // The invitation link now shows only the order's status (decision 343).
  await expect(page.getByText(/^Pagamento confirmado\./)).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  expect(psp.breaches).toEqual([]);
});

test("without JavaScript the page reloads itself until the payment shows", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await acceptAndPay(page, withoutScript);
  await expect(page.getByText(/^Pagamento confirmado\./)).toBeVisible({ timeout: 15_000 });
  await context.close();
});

test("the PSP's callbacks refuse what is not theirs, a 4xx each, and store nothing", async () => {
  const webhook = psp.webhookUrl() ?? "";
  expect(webhook).toContain(`${server.url}/webhooks/pix/`);
  const post = async (url: string, body: string) =>
    (await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body }))
      .status;
  const pix = JSON.stringify({
    pix: [
      {
        endToEndId: "E12345678202612031200000000099",
        txid: "NENHUMA00000000000000000000",
        valor: "1.00",
        horario: new Date().toISOString(),
      },
    ],
  });
  const { rows: before } = await pool.query(`select count(*)::int as n from pix_inbox`);
  expect(await post(`${server.url}/webhooks/pix/outro-segredo/pix`, pix)).toBe(401);
  expect(await post(`${webhook}/outra`, pix)).toBe(404);
  expect(await post(`${webhook}/pix`, '{"pix":[{"valor":1}]}')).toBe(400);
  expect(await post(`${webhook}/rec`, "não é JSON")).toBe(400);
  expect(await post(`${webhook}/pix`, " ".repeat(300 * 1024))).toBe(413);
  // Only posts mean anything there.
  expect((await fetch(`${webhook}/pix`)).status).toBe(404);
  const { rows: after } = await pool.query(`select count(*)::int as n from pix_inbox`);
  expect(after).toEqual(before);
});

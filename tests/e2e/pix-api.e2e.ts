import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { type BuiltServer, startBuiltServer } from "../support/built-server.ts";
import { createE2eDatabase } from "../support/e2e-database.ts";
import { expect, serverStartHookTimeout, test } from "../support/e2e-test.ts";
import { startTestPsp } from "../support/local-psp.ts";
import { dropDatabase, uniqueDatabaseName } from "../support/postgres.ts";
import type { LocalPsp } from "../../scripts/local-psp/psp.ts";

// Issue 37 end to end, on the built server and PostgreSQL with the local PSP over mutual TLS:
// the person accepts, the order page shows the order's own charge (not the static code), a
// payer pays it, the PSP's webhook reaches the server, and the page, left open, says
// "Pagamento confirmado" by itself. Every exchange with the PSP keeps to the contract.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const token = randomBytes(32).toString("base64url");
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
  const {
    rows: [ana],
  } = await pool.query(
    `insert into waitlist (name, email, interested_agents, terms_accepted_at, confirmed_at, status)
     values ('Ana', 'ana.pix@exemplo.com', '{yenmax}', now(), now(), 'contacted') returning id`,
  );
  const {
    rows: [invitation],
  } = await pool.query(
    `insert into invitations (waitlist_id, robot_id, invited_by, sent_at, deadline)
     select $1, id, 'e2e', now(), now() + interval '47 hours'
     from robots where key = 'yenmax' returning id`,
    [ana.id],
  );
  await pool.query(`insert into invitation_tokens (token_hash, invitation_id) values ($1, $2)`, [
    createHash("sha256").update(token).digest("hex"),
    invitation.id,
  ]);
});

test.afterAll(async () => {
  await server?.stop();
  await psp?.close();
  await pool?.end();
  await dropDatabase(databaseName);
});

test("the person pays the order's own QR and the page confirms it by itself", async ({ page }) => {
  // The worker registers the webhook on the key at its start.
  await expect.poll(() => psp.webhookUrl(), { timeout: 30_000 }).toContain("/webhooks/pix/");

  await page.goto(`${server.url}/convite/${token}`);
  await page.getByRole("button", { name: "Confirmar minha vaga" }).click();
  await expect(page.getByRole("heading", { name: "Seu pedido: YenMax Agent" })).toBeVisible();
  const code = (await page.getByLabel("PIX copia e cola").textContent()) ?? "";
  const {
    rows: [charge],
  } = await pool.query<{ txid: string }>(`select txid from pix_charges where state = 'active'`);
  expect(code).toBe(psp.cob(charge!.txid)?.pixCopiaECola);
  expect(code).toContain("br.gov.bcb.pix25");

  await psp.pay({ txid: charge!.txid });
  await psp.settled();
  expect(psp.deliveries.at(-1)?.status).toBe(200);
  // The page reloads itself while awaiting a payment the PSP confirms.
  // The invitation link now shows only the order's status (decision 343).
  await expect(page.getByText(/^Pagamento confirmado\./)).toBeVisible({
    timeout: 15_000,
  });
  expect(psp.breaches).toEqual([]);
});

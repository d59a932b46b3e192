import { expect, type Page, serverStartHookTimeout, test } from "../support/e2e-test.ts";
import { axeViolations } from "../support/axe.ts";
import pg from "pg";
import { createAdminWithCli } from "../support/admin-cli.ts";
import { type BuiltServer, freePort, startBuiltServer } from "../support/built-server.ts";
import { gotoHydrated } from "../support/hydration.ts";
import { dropDatabase, uniqueDatabaseName } from "../support/postgres.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server.ts";
import { createE2eDatabase } from "../support/e2e-database.ts";

// Issue 12 end to end: the built server on PostgreSQL with a real SMTP server. Staff give
// TrendKey BTC 2 spots and invite the next 2; one accepts from the e-mail's link; the other's
// deadline passes (the server is restarted with its clock moved 48 hours on, and killed
// with SIGKILL around the expiry); the next person is invited by itself. The agent page
// shows the right number at each step.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const HOUR = 3_600_000;
const ADMIN = { email: "staff@agentesfx.test", password: "uma-senha-bem-longa-e2e" };
const PEOPLE = ["ana", "bia", "caio"] as const;

let smtp: TestSmtpServer;
let server: BuiltServer | undefined;
let databaseUrl: string;
let databaseName: string;
let port: number;
let pool: pg.Pool;

async function start(clockOffsetMs: number) {
  server = await startBuiltServer(
    {
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      CLOCK_OFFSET_MS: String(clockOffsetMs),
      INVITATION_SWEEP_MS: "300",
      // A message the killed server had claimed is hidden for the lease: keep it short, so
      // the restarted server sends it within the test's wait.
      EMAIL_LEASE_MS: "2000",
    },
    { port },
  );
  return server;
}

test.beforeAll(async () => {
  test.setTimeout(serverStartHookTimeout);
  databaseName = uniqueDatabaseName("agentes_e2e_invites");
  databaseUrl = await createE2eDatabase(databaseName);
  smtp = await startSmtpServer();
  port = await freePort();
  pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  await start(0);
  await createAdminWithCli(databaseUrl, ADMIN.email, ADMIN.password);
  // Three people waiting for TrendKey BTC, e-mails confirmed, oldest first.
  for (const [i, name] of PEOPLE.entries()) {
    await pool.query(
      `insert into waitlist (name, email, interested_agents, terms_accepted_at, created_at, confirmed_at)
       values ($1, $2, '{trendkey-btc}', now(), now() - make_interval(days => $3), now())`,
      [name, `${name}@exemplo.com`, 10 - i],
    );
  }
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await pool?.end();
  await dropDatabase(databaseName);
});

async function spotsText(page: Page) {
  await page.goto(`${server!.url}/agentes/trendkey-btc`);
  return page.getByRole("region", { name: "Preço mensal" }).innerText();
}

const invitationsTo = (email: string) =>
  smtp.messages.filter(
    (m) =>
      m.to &&
      JSON.stringify(m.to).includes(email) &&
      m.subject === "Sua vaga no TrendKey BTC: confirme em 48 horas",
  );

function linkIn(text: string | undefined): string {
  const match = /(http:\/\/127\.0\.0\.1:\d+\/convite\/[A-Za-z0-9_-]{43})/.exec(text ?? "");
  if (!match?.[1]) throw new Error(`no invitation link in: ${text}`);
  return match[1];
}

async function invitationRows(email: string) {
  const { rows } = await pool.query(
    `select i.status, i.invited_by from invitations i join waitlist w on w.id = i.waitlist_id
     where w.email = $1 order by i.sent_at`,
    [email],
  );
  return rows;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test("staff set 2 spots and invite 2; one accepts from the e-mail; the page counts along", async ({
  page,
}) => {
  expect(await spotsText(page)).toContain("Apenas 20 vagas disponíveis");

  await gotoHydrated(page, `${server!.url}/admin`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Senha").fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  // Password hashing is slow on a busy machine.
  await expect(page.getByRole("button", { name: "Sair" })).toBeVisible({ timeout: 20_000 });

  await gotoHydrated(page, `${server!.url}/admin/robos`);
  await page.getByRole("button", { name: "Editar TrendKey BTC" }).click();
  await page.getByLabel("Vagas").fill("2");
  await page.getByRole("button", { name: "Salvar Alterações" }).click();
  await expect(page.getByText("Robô atualizado!")).toBeVisible();
  expect(await spotsText(page)).toContain("Apenas 2 vagas disponíveis");

  await gotoHydrated(page, `${server!.url}/admin/convites`);
  const card = page.getByRole("article", { name: /TrendKey BTC/ });
  await card.getByRole("checkbox", { name: /Convidar o próximo/ }).check();
  await card.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Configuração salva")).toBeVisible();
  await card.getByLabel("Quantas pessoas").fill("2");
  await card.getByRole("button", { name: "Ver quem será convidado" }).click();
  await expect(card.getByText("Serão convidadas 2 pessoas:")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // Every group of controls has a name (outside checkers flag unnamed fieldsets; axe does not).
  await expect(page.locator("fieldset:not([aria-label]):not(:has(> legend))")).toHaveCount(0);
  await expect(card.getByText(/ana \(ana@exemplo\.com\)/)).toBeVisible();
  await expect(card.getByText(/bia \(bia@exemplo\.com\)/)).toBeVisible();
  await card.getByRole("button", { name: "Convidar próximos: TrendKey BTC" }).click();
  await expect(page.getByText("Os convites foram enviados por e-mail.")).toBeVisible();

  await smtp.waitForMessages(2);
  expect(await spotsText(page)).toContain("Vagas esgotadas: entre na lista de espera");
  await expect(
    page
      .getByRole("region", { name: "Preço mensal" })
      .getByRole("link", { name: "Entrar na Lista de Espera" }),
  ).toBeVisible();

  const [anaMail] = invitationsTo("ana@exemplo.com");
  expect(anaMail?.text).toContain("TrendKey BTC");
  expect(anaMail?.text).toContain("US$\u00a0186,75");
  expect(anaMail?.text).toMatch(
    /Confirme até \d\d\/\d\d\/\d{4} às \d\d:\d\d \(horário de Brasília\)/,
  );
  const opened = await page.goto(linkIn(anaMail?.text));
  expect(opened?.status()).toBe(200);
  await expect(page.getByText("desconto de 25%")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(await invitationRows("ana@exemplo.com")).toEqual([
    { status: "sent", invited_by: ADMIN.email },
  ]);
  await page.getByRole("button", { name: "Confirmar minha vaga" }).click();
  // The link now shows ana's order (issue 23); staff mark it paid, which converts her.
  await expect(page.getByRole("heading", { name: "Seu pedido: TrendKey BTC" })).toBeVisible();
  await gotoHydrated(page, `${server!.url}/admin/pedidos`);
  await page.getByText("Marcar como pago").first().click();
  await page.getByLabel("Referência (ex.: ID da transação)").fill("PIX E2E");
  await page.getByRole("button", { name: "Marcar como pago" }).click();
  await expect(page.getByText("Salvo!")).toBeVisible();
  const confirmation = await waitFor(
    async () => smtp.messages.find((m) => m.subject === "Seu pedido: instruções de pagamento"),
    Boolean,
  );
  expect(confirmation?.text).toContain("2 a 4 horas úteis");
  // One taken, one held: still none free.
  expect(await spotsText(page)).toContain("Vagas esgotadas: entre na lista de espera");
});

test("SIGKILL while bia's invitation expires loses nothing; caio is invited by himself", async ({
  page,
}) => {
  await server!.stop();
  // The clock 48 hours on, less a second: the deadline passes right after start-up.
  await start(48 * HOUR - 1_000);
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  await server!.kill();

  // Back with the clock past the deadline: the first sweep finishes whatever was cut short.
  await start(48 * HOUR + 60_000);
  const rows = await waitFor(
    () => invitationRows("caio@exemplo.com"),
    (value) => value.length > 0,
  );
  expect(rows).toEqual([{ status: "sent", invited_by: "automático" }]);
  expect(await invitationRows("bia@exemplo.com")).toEqual([
    { status: "expired", invited_by: ADMIN.email },
  ]);
  const caioMails = await waitFor(
    async () => invitationsTo("caio@exemplo.com"),
    (mails) => mails.length > 0,
  );
  expect(caioMails.length).toBeGreaterThanOrEqual(1);
  const bia = await page.goto(linkIn(invitationsTo("bia@exemplo.com")[0]?.text));
  expect(bia?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "Convite encerrado" })).toBeVisible();
  expect(await spotsText(page)).toContain("Vagas esgotadas: entre na lista de espera");

  // Bia is back in the queue, in her place, and told so (issue 25).
  const biaNotice = await waitFor(
    async () =>
      smtp.messages.find(
        (m) =>
          JSON.stringify(m.to).includes("bia@exemplo.com") &&
          m.subject === "Seu convite para o TrendKey BTC terminou: você continua na fila",
      ),
    Boolean,
  );
  expect(biaNotice?.text).toContain("Você continua na fila do TrendKey BTC");

  // Caio declines: the spot goes to the queue, where bia waits, so she is invited again.
  await page.goto(linkIn(caioMails[0]?.text));
  await page.getByRole("button", { name: "Não tenho mais interesse" }).click();
  // It asks first.
  await expect(page.getByRole("heading", { name: "Tem certeza?" })).toBeVisible();
  await page.getByRole("button", { name: "Sim, não tenho mais interesse" }).click();
  await expect(page.getByRole("heading", { name: "Tudo certo" })).toBeVisible();
  expect(await invitationRows("bia@exemplo.com")).toEqual([
    { status: "expired", invited_by: ADMIN.email },
    { status: "sent", invited_by: "automático" },
  ]);
  expect(await spotsText(page)).toContain("Vagas esgotadas: entre na lista de espera");
  const { rows: statuses } = await pool.query("select email, status from waitlist order by email");
  expect(statuses).toEqual([
    { email: "ana@exemplo.com", status: "converted" },
    { email: "bia@exemplo.com", status: "contacted" },
    { email: "caio@exemplo.com", status: "contacted" },
  ]);
});

import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, type Page, test } from "../support/e2e-test.ts";
import { freePort } from "../support/built-server.ts";
import { gotoHydrated } from "../support/hydration.ts";

// A newcomer's first hour with the README alone (issue 40, docs/decisions/400): a clean copy
// of the repository (its tracked files as in the working tree), nothing in the environment
// but PATH (without node_modules/.bin) and HOME, then the README's commands: `npm install`,
// `npm run admin:create`, `npm start`. On that embedded default a visitor signs up, and the
// admin follows the confirmation, invitation and order links from the local mailbox at
// /admin/emails. Minutes (an install and a build), so in `npm run test:system`.
test.describe.configure({ mode: "serial", timeout: 600_000 });

const projectRoot = path.resolve(import.meta.dirname, "../..");
const ADMIN = { email: "admin@example.com", password: "uma-senha-de-novato-123" };
const VISITOR = { name: "Carla Mendes", email: "carla@exemplo.com" };
const ROBOT = "MidasPulse Agent";

let copy: string;
let server: ChildProcess | undefined;
let serverOutput = "";
let origin: string;

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8" }).trim();
}

/** Sends a signal to a process group; false once the group has no process left. */
function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  copy = fs.mkdtempSync(path.join(os.tmpdir(), "agentes-newcomer-"));
  const commit = git(projectRoot, "stash", "create") || git(projectRoot, "rev-parse", "HEAD");
  git(os.tmpdir(), "clone", "--quiet", "--shared", "--no-checkout", projectRoot, copy);
  git(copy, "checkout", "--quiet", commit);
  const env: Record<string, string> = {
    PATH: (process.env.PATH ?? "")
      .split(path.delimiter)
      .filter((dir) => !dir.includes("node_modules"))
      .join(path.delimiter),
    HOME: os.homedir(),
    // npm's own settings, not the site's: install from npm's cache where it can.
    npm_config_prefer_offline: "true",
    npm_config_audit: "false",
    npm_config_fund: "false",
  };
  // A port of its own: other servers on this machine come and go on 3000, and this journey
  // must not walk into one of them (the README's 3000 is tests/system's to check).
  const port = await freePort();
  env.PORT = String(port);
  origin = `http://localhost:${port}`;

  const run = promisify(execFile);
  await run("npm", ["install"], { cwd: copy, env, maxBuffer: 64 * 1024 * 1024 });
  // The README: create the first admin before the first `npm start`.
  await run("npm", ["run", "admin:create", "--", "--email", ADMIN.email], {
    cwd: copy,
    env: { ...env, ADMIN_PASSWORD: ADMIN.password },
  });
  const started = spawn("npm", ["start"], {
    cwd: copy,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server = started;
  started.stdout.on("data", (chunk) => (serverOutput += chunk));
  started.stderr.on("data", (chunk) => (serverOutput += chunk));
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (started.exitCode !== null) {
      throw new Error(`exited with ${started.exitCode}:\n${serverOutput}`);
    }
    if (Date.now() > deadline) throw new Error(`not serving after 5 minutes:\n${serverOutput}`);
    const home = await fetch(origin).catch(() => undefined);
    if (home?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook destructures
test.afterEach(({}, testInfo) => {
  // What the server said, when the journey failed.
  if (testInfo.status !== testInfo.expectedStatus) console.log(serverOutput.slice(-20_000));
});

test.afterAll(async () => {
  const pid = server?.pid;
  if (pid) {
    // The whole group: npm exits before the server it started has closed its database.
    signalGroup(pid, "SIGTERM");
    const deadline = Date.now() + 30_000;
    while (signalGroup(pid, 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    signalGroup(pid, "SIGKILL");
  }
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Opens the visitor's newest local-mailbox message with `subject` ("Abrir com links
 * válidos") and answers its one link, waiting for the worker to have delivered it.
 */
async function linkFromMailbox(page: Page, subject: string) {
  const message = page.locator("li", { hasText: subject }).first();
  await expect(async () => {
    await gotoHydrated(page, `${origin}/admin/emails?q=${encodeURIComponent(VISITOR.email)}`);
    await expect(message).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  // Before opening, no link in it can be used.
  await expect(message).toContainText("[token-removido-1]");
  await message.getByRole("button", { name: "Abrir com links válidos" }).click();
  const opened = page.getByRole("region", {
    name: new RegExp(`Mensagem aberta: ${escaped(subject)}`),
  });
  const link = opened.getByRole("list").getByRole("link");
  await expect(link).toHaveCount(1);
  return link;
}

test("from sign-up to the order page, following each e-mailed link from the local mailbox", async ({
  page,
}) => {
  await gotoHydrated(page, `${origin}/contato`);
  await page.getByLabel("Nome Completo *").fill(VISITOR.name);
  await page.getByLabel("Email *").fill(VISITOR.email);
  await page.getByLabel(ROBOT).check();
  await page.getByRole("checkbox", { name: /Li e aceito os Termos e Condições/ }).check();
  await page.getByRole("button", { name: "Entrar para a Lista de Espera" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sucesso!" })).toBeVisible();

  await gotoHydrated(page, `${origin}/admin`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Senha").fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("button", { name: "Sair" })).toBeVisible({ timeout: 20_000 });

  // The confirmation link.
  await (await linkFromMailbox(page, "Confirme sua inscrição")).click();
  await expect(page).toHaveURL(/\/confirmar\/[A-Za-z0-9_-]{43}$/);
  await page.getByRole("button", { name: "Confirmar inscrição" }).click();
  await expect(page.getByRole("heading", { name: "Inscrição confirmada" })).toBeVisible();

  // No PTAX can be fetched here, and no order is without a rate: staff set one (decision 354).
  await gotoHydrated(page, `${origin}/admin/pedidos`);
  await page.getByLabel("Novo câmbio").fill("5,43");
  await page.getByRole("button", { name: "Salvar câmbio" }).click();
  await expect(page.getByText(/^Atual: R\$ 5,43/)).toBeVisible();

  // Staff invite the next person waiting for the robot: her.
  await gotoHydrated(page, `${origin}/admin/convites`);
  const card = page.getByRole("article", { name: new RegExp(ROBOT) });
  await card.getByLabel("Quantas pessoas").fill("1");
  await card.getByRole("button", { name: "Ver quem será convidado" }).click();
  await expect(card.getByText(`${VISITOR.name} (${VISITOR.email})`)).toBeVisible();
  await card.getByRole("button", { name: `Convidar próximos: ${ROBOT}` }).click();
  await expect(page.getByText("Os convites foram enviados por e-mail.")).toBeVisible();

  // The invitation link: she takes the spot, which creates her order.
  await (await linkFromMailbox(page, `Sua vaga no ${ROBOT}: confirme em 48 horas`)).click();
  await expect(page).toHaveURL(/\/convite\/[A-Za-z0-9_-]{43}$/);
  await page.getByLabel(/Vou operar pela corretora parceira/).check();
  await page.getByRole("button", { name: "Confirmar minha vaga" }).click();
  await expect(page.getByRole("heading", { name: `Seu pedido: ${ROBOT}` })).toBeVisible();

  // The order link of the payment instructions opens the same order.
  await (await linkFromMailbox(page, "Seu pedido: instruções de pagamento")).click();
  await expect(page).toHaveURL(/\/convite\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("heading", { name: `Seu pedido: ${ROBOT}` })).toBeVisible();

  // A message's HTML preview is a frame only once opened, and runs no script.
  await gotoHydrated(page, `${origin}/admin/emails?q=${encodeURIComponent(VISITOR.email)}`);
  const message = page.locator("li", { hasText: "Seu pedido: instruções de pagamento" }).first();
  await expect(page.locator("iframe")).toHaveCount(0);
  await message.getByText("Ver HTML").click();
  const preview = message.locator("iframe");
  await expect(preview).toHaveAttribute("sandbox", "");
  // Read from the page, not inside the frame: Playwright's own script, injected into a
  // sandboxed frame, is what Chromium reports as "Blocked script execution in about:srcdoc".
  await expect(preview).toHaveAttribute("srcdoc", new RegExp(escaped(ROBOT)));
});

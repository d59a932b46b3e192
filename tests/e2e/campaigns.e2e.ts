import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoAxeViolationsAtWidths } from "../support/axe.ts";
import { gotoHydrated } from "../support/hydration.ts";
import { expect, type IsolatedSite, logIn, test } from "../support/isolated-site.ts";

// Issue 21 in chromium, on a built server and PostgreSQL database of its own, sending through
// a real SMTP server: the newsletter reaches its subscribers when a post is published with
// "Enviar aos assinantes", and a campaign reaches exactly the people it names, once.
test.describe.configure({ mode: "serial" });

let site: IsolatedSite;
test.beforeEach(({ site: current }) => {
  site = current;
  test.setTimeout(90_000);
});
const unique = () => crypto.randomBytes(4).toString("hex");
const smtpOf = () => {
  if (!site.server.smtp) throw new Error("expected the built server's SMTP server");
  return site.server.smtp;
};

/** The first message to `to` whose subject is `subject`, waiting for it to arrive. */
async function mailTo(to: string, subject: string) {
  const smtp = smtpOf();
  await expect
    .poll(
      () =>
        smtp.messages.some((m) => m.subject === subject && m.to && [m.to].flat()[0]?.text === to),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);
  return smtp.messages.find((m) => m.subject === subject && [m.to!].flat()[0]?.text === to)!;
}

const linkIn = (text: string | undefined, path: string) =>
  new RegExp(`(http://127\\.0\\.0\\.1:\\d+/${path}/[A-Za-z0-9_-]{43})`).exec(text ?? "")?.[1] ?? "";

async function subscribeAndConfirm(page: Page, email: string) {
  // Public pages are HTML only (decision 060): nothing to hydrate.
  await page.goto("/blog");
  await page.getByLabel("Seu e-mail").fill(email);
  await page.getByRole("button", { name: "Inscrever-se" }).click();
  const confirmation = await mailTo(email, "Confirme sua inscrição na newsletter");
  await page.goto(linkIn(confirmation.text, "newsletter/confirmar"));
  await page.getByRole("button", { name: "Confirmar newsletter" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Newsletter confirmada");
}

test("a subscriber gets the post published with “Enviar aos assinantes” and unsubscribes in one click", async ({
  page,
}) => {
  const email = `leitora-${unique()}@example.com`;
  await subscribeAndConfirm(page, email);

  const title = `Stop móvel ${unique()}`;
  await logIn(page, site);
  await gotoHydrated(page, "/admin/blog");
  await page.getByRole("button", { name: "Novo Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Criar Novo Post" });
  await dialog.getByLabel("Título").fill(title);
  await dialog.getByLabel("Resumo").fill("Como o stop acompanha o preço.");
  await dialog.getByLabel("Conteúdo").fill("## Stop\n\nO texto inteiro do artigo.");
  await dialog.getByLabel("Publicar imediatamente").check();
  await expect(dialog.getByLabel("Enviar aos assinantes")).not.toBeChecked();
  await dialog.getByLabel("Enviar aos assinantes").check();
  await dialog.getByRole("button", { name: "Criar Post" }).click();
  await expect(page.getByText("Post criado!")).toBeVisible();

  const mail = await mailTo(email, title);
  expect(mail.text).toContain("Como o stop acompanha o preço.");
  expect(mail.text).not.toContain("O texto inteiro do artigo.");
  const header = mail.headerLines.find((line) => line.key === "list-unsubscribe")?.line ?? "";
  const unsubscribe = linkIn(mail.text, "descadastrar");
  expect(header).toContain(unsubscribe);

  await page.goto(unsubscribe);
  await page.getByRole("button", { name: "Descadastrar" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Descadastro feito");
  const [subscriber] = await site.query<{ unsubscribed_at: Date | null }>(
    "select unsubscribed_at from newsletter_subscribers where email = $1",
    [email],
  );
  expect(subscriber?.unsubscribed_at).not.toBeNull();
});

test("a campaign to people interested in TrendKey with consent reaches them once, no one else", async ({
  page,
}) => {
  const tag = unique();
  const people = {
    wanted: `trendkey-sim-${tag}@example.com`,
    noConsent: `trendkey-nao-${tag}@example.com`,
    otherAgent: `yenmax-sim-${tag}@example.com`,
  };
  const signUp = (email: string, agent: string, consent: boolean) =>
    site.post(
      "/contato",
      new URLSearchParams({
        name: "Pessoa de Teste",
        email,
        agents: agent,
        terms: "on",
        source: tag,
        ...(consent ? { contact: "on" } : {}),
      }),
    );
  await signUp(people.wanted, "trendkey-btc", true);
  await signUp(people.noConsent, "trendkey-btc", false);
  await signUp(people.otherAgent, "yenmax", true);

  await logIn(page, site);
  await gotoHydrated(page, "/admin/campanhas");
  await page.getByRole("button", { name: "Nova campanha" }).click();
  await expect(page).toHaveURL(/\/admin\/campanhas\?id=/);
  const subject = `Vagas no TrendKey ${tag}`;
  await page.getByRole("textbox", { name: "Assunto" }).fill(subject);
  await page.getByLabel("Mensagem (Markdown)").fill("O **TrendKey** abriu vagas.");
  await page.getByLabel("Lista de espera com consentimento de marketing").check();
  await page.getByRole("combobox", { name: "Agente de interesse" }).selectOption("trendkey-btc");
  await page.getByRole("textbox", { name: "Origem" }).fill(tag);
  await page.getByRole("button", { name: "Salvar rascunho" }).click();
  await expect(page.getByText("Rascunho salvo.")).toBeVisible();
  await expect(page.getByText("Esta campanha chega a 1 pessoa.")).toBeVisible();
  await expectNoAxeViolationsAtWidths(page);

  // Everything typed is still there after a reload.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Assunto" })).toHaveValue(subject);
  await expect(page.getByRole("combobox", { name: "Agente de interesse" })).toHaveValue(
    "trendkey-btc",
  );

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Enviar agora" }).click();
  await expect(page.getByText("Envio iniciado para 1 pessoa.")).toBeVisible();

  const mail = await mailTo(people.wanted, subject);
  expect(mail.html).toContain("<strong>TrendKey</strong>");
  await expect
    .poll(
      async () =>
        (
          await site.query<{ status: string }>("select status from campaigns where subject = $1", [
            subject,
          ])
        )[0]?.status,
      { timeout: 30_000 },
    )
    .toBe("done");
  const received = smtpOf().messages.filter((m) => m.subject === subject);
  expect(received.map((m) => [m.to!].flat()[0]?.text)).toEqual([people.wanted]);

  await gotoHydrated(page, page.url());
  await expect(page.getByText("Concluída", { exact: true })).toBeVisible();
  for (const path of ["/admin/assinantes", "/admin/entregabilidade"]) {
    await gotoHydrated(page, path);
    await expectNoAxeViolationsAtWidths(page);
  }
});

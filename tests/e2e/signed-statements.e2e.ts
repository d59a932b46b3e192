import { dkimRecord, startDkimDns } from "../support/dkim-dns.ts";
import { freePort } from "../support/built-server.ts";
import { gotoHydrated } from "../support/hydration.ts";
import { expect, test } from "../support/e2e-test.ts";
import { startOwnServer, type OwnServer } from "../support/own-server.ts";
import { brokerKey, deliverSmtp, signedStatementMail } from "../support/signed-statement-mail.ts";
import {
  generatedLedger,
  monthStart,
  mt5Statement,
  periodStatements,
  utf16le,
} from "../support/statement-fixtures.ts";

// Issue 38 (docs/decisions/377-379): staff give a robot's account its inbox and the broker's
// domain; the broker's signed statement arrives over SMTP at the built server's receiver,
// whose DKIM keys come from a DNS server of the test's own; the visitor's agent page, without
// JavaScript, says the record was signed by the broker and when it was verified. The broker
// sends a statement per period: each is combined with the record (decision 430), a missing
// month shown as a gap, and each one is an entry of the public log.

const broker = brokerKey("mail.corretora-exemplo.com");
const DOMAIN = "extratos.agentesfx.test";

test("statements signed by the broker, period after period, make the record with its badge and its gap", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const dns = await startDkimDns();
  dns.publish(broker.selector, broker.domain, dkimRecord(broker.publicKey));
  const smtpPort = await freePort();
  let site: OwnServer | undefined;
  try {
    site = await startOwnServer("signed", {
      STATEMENT_SMTP_PORT: String(smtpPort),
      STATEMENT_SMTP_HOST: "127.0.0.1",
      STATEMENT_MAIL_DOMAIN: DOMAIN,
      DKIM_DNS_SERVERS: dns.server,
    });
    const [robot] = await site.query<{ id: string }>(
      "select id from robots where key = 'trendkey-btc'",
    );
    // Signed in from the page's own context, so the session cookie lands in it.
    const login = await page.request.post(`${site.url}/admin`, {
      form: { intent: "login", email: site.adminEmail, password: site.adminPassword },
      headers: { Origin: site.url },
      maxRedirects: 0,
    });
    expect(login.status()).toBe(302);

    await gotoHydrated(page, `${site.url}/admin/robos/${robot!.id}/extratos-assinados`);
    await page.getByLabel("Número da conta na corretora").fill("87654321");
    await page.getByLabel("Corretora", { exact: true }).fill("Corretora Exemplo");
    await page.getByLabel(/Domínios da corretora autorizados/).fill(broker.domain);
    await page.getByLabel("Fuso horário do servidor").selectOption("+00:00");
    await page.getByRole("button", { name: "Salvar conta" }).click();
    await expect(page.getByRole("status")).toContainText("Conta salva.");
    const address = await page.getByTestId("inbox-address").innerText();
    expect(address).toMatch(new RegExp(`^trendkey-btc-[0-9a-f]{12}@${DOMAIN}$`));

    const ledger = generatedLedger({ trades: 200, months: 14 });
    // March 2022 is in no statement.
    const periods = periodStatements(ledger, [
      { from: monthStart(2021, 11), to: monthStart(2022, 1) },
      { from: monthStart(2022, 1), to: monthStart(2022, 3) },
      { from: monthStart(2022, 4), to: monthStart(2023, 1) },
    ]);
    for (const period of periods) {
      const statement = utf16le(
        mt5Statement(period.ledger, { openingBalance: period.openingBalance }),
      );
      const raw = await signedStatementMail({ to: address, statement }, broker);
      const answer = await deliverSmtp(smtpPort, raw, {
        from: `reports@${broker.domain}`,
        to: address,
      });
      expect(answer.response).toMatch(/^250 /);
    }

    await page.reload();
    const messages = page.getByRole("table", { name: "Mensagens recebidas" });
    await expect(messages.getByText("Extrato guardado e publicado")).toHaveCount(3);

    const log = (await (await fetch(`${site.url}/registro.json`)).json()) as {
      entries: { kind: string; robot: string; fileSha256: string | null }[];
    };
    const statements = log.entries.filter(
      (entry) => entry.kind === "statement" && entry.robot === "trendkey-btc",
    );
    expect(new Set(statements.map((entry) => entry.fileSha256)).size).toBe(3);

    const context = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
    const visitor = await context.newPage();
    await visitor.goto("/agentes/trendkey-btc");
    const record = visitor.getByTestId("verified-record");
    const today = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo" }).format(
      new Date(),
    );
    await expect(
      record.getByText(
        `Extrato assinado pela corretora (${broker.domain}, DKIM verificado em ${today})`,
        { exact: true },
      ),
    ).toBeVisible();
    await expect(record.getByText("Extrato enviado pela equipe")).toHaveCount(0);
    await expect(visitor.getByText(/^Sem extrato de \S+ a \S+ \(\d+ dias\)/)).toHaveCount(1);
    await context.close();
  } finally {
    await site?.stop();
    await dns.close();
  }
});

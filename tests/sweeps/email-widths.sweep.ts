import { readFile } from "node:fs/promises";
import type { AnyMessage } from "../../app/platform/jobs/registry.ts";
import { pixCode as createPixCode } from "../../app/features/orders/pix.server.ts";
import { renderMessage } from "../../app/platform/mail/render.server.ts";
import { registry } from "../../app/registry.server.ts";
import { expect, test } from "../support/e2e-test.ts";

// Issue 37: every message the registry declares, rendered as the worker renders it, opened
// in chromium as a phone's mail app shows it (390 px) and as a desktop one (1280 px). On the
// phone nothing may scroll sideways (the 145-character PIX code wraps); on the desktop the
// message is at most 600 px wide, the width mail clients are laid out for.

const context = { siteUrl: "https://agentesfx.com.br", contactEmail: "suporte@agentesfx.com.br" };

// A real static BR Code, as long as the order and renewal messages carry it.
const pixCode = await createPixCode(
  { key: "financeiro@agentesfx.com.br", name: "Agentes FX Ltda", city: "São Paulo" },
  { amountBrlCents: 74625, txid: "AFX7K2M9Q4PZ1A" },
);

// Values as long as real ones get, for the fields whose length varies.
const examples: Record<string, string> = {
  name: "Maria Aparecida da Conceição",
  email: "maria.aparecida.conceicao@exemplo.com.br",
  pixCode,
  pixLine: `PIX copia e cola: ${pixCode}`,
  paymentReference: "E18236120202612011234s0123456789",
  reference: "AFX7K2M9Q4PZ1A",
};

function rendered(message: AnyMessage) {
  const payload = Object.fromEntries(
    message.fields.map((field) => [field, examples[field] ?? "Texto de exemplo do campo"]),
  );
  const links = Object.fromEntries(
    Object.keys(message.links).map((link) => [link, "t".repeat(43)]),
  );
  return renderMessage(message, payload, links, context).html;
}

test("the PIX code of the examples is as long as real ones", () => {
  expect(pixCode.length).toBeGreaterThanOrEqual(145);
  expect(registry.messages.length).toBeGreaterThan(20);
});

for (const message of registry.messages) {
  test(`${message.name} fits a 390 px phone and is at most 600 px wide`, async ({ page }) => {
    // The logo, by the absolute address the message gives, from this repository.
    const icon = await readFile("public/icon-192.png");
    await page.route(`${context.siteUrl}/**`, (route) =>
      route.fulfill({ contentType: "image/png", body: icon }),
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.setContent(rendered(message));
    const phone = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(phone, message.name).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    // The message's frame: the table around its heading and footer.
    const container = await page.evaluate(
      () => document.querySelector("h1")?.closest("table")?.getBoundingClientRect().width,
    );
    expect(container, message.name).toBeLessThanOrEqual(600);
  });
}

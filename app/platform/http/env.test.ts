import { describe, expect, it } from "vitest";
import { configurationProblems } from "./env.server.ts";

const postgres = "postgres://site@db.example:5432/site";

describe("configurationProblems", () => {
  it("accepts an empty environment: production on the embedded database needs nothing", () => {
    expect(configurationProblems({})).toEqual([]);
  });

  it("names every setting production on PostgreSQL lacks, all at once", () => {
    expect(configurationProblems({ DATABASE_URL: postgres })).toEqual([
      { variable: "SITE_URL", problem: expect.stringContaining("public origin") },
      { variable: "BETTER_AUTH_SECRET", problem: expect.any(String) },
      { variable: "SMTP_URL", problem: expect.any(String) },
    ]);
    expect(
      configurationProblems({
        DATABASE_URL: postgres,
        SITE_URL: "https://agentesfx.example",
        BETTER_AUTH_SECRET: "x".repeat(32),
        SMTP_URL: "smtps://u:p@smtp.example:465",
      }),
    ).toEqual([]);
    expect(configurationProblems({ DATABASE_URL: postgres, NODE_ENV: "development" })).toEqual([]);
  });

  it("names each invalid value by its variable, without repeating the value", () => {
    const problems = configurationProblems({
      PORT: "http",
      DATABASE_POOL_MAX: "0",
      TRUST_PROXY: "true",
      SITE_URL: "not a url",
      SMTP_URL: "smtp//secret-password",
    });
    expect(problems.map((p) => p.variable)).toEqual([
      "PORT",
      "DATABASE_POOL_MAX",
      "SITE_URL",
      "TRUST_PROXY",
      "SMTP_URL",
    ]);
    expect(JSON.stringify(problems)).not.toContain("secret-password");
  });

  it("takes a realistic 26-character PIX_MERCHANT_NAME (the BR Code carries its first 25)", () => {
    expect(
      configurationProblems({
        PIX_KEY: "financeiro@agentesfx.com.br",
        PIX_MERCHANT_NAME: "Agentes FX Tecnologia Ltda",
        PIX_MERCHANT_CITY: "São José dos Campos",
      }),
    ).toEqual([]);
  });

  it("words every problem in English and names the limit the value missed", () => {
    expect(
      configurationProblems({
        PORT: "70000",
        DATABASE_POOL_MAX: "1.5",
        LOG_LEVEL: "loud",
        BETTER_AUTH_SECRET: "short",
        CONTACT_EMAIL: "suporte",
        SITE_URL: "agentesfx",
        SUBSCRIPTION_GRACE_DAYS: "45",
        PIX_MERCHANT_NAME: " ",
      }),
    ).toEqual([
      { variable: "PORT", problem: "must be at most 65535" },
      { variable: "DATABASE_POOL_MAX", problem: "must be a whole number" },
      {
        variable: "LOG_LEVEL",
        problem: "must be one of fatal, error, warn, info, debug, trace, silent",
      },
      { variable: "SITE_URL", problem: "must be a URL (https://example.com)" },
      { variable: "BETTER_AUTH_SECRET", problem: "must be at least 32 characters" },
      { variable: "CONTACT_EMAIL", problem: "must be an e-mail address (name@example.com)" },
      { variable: "PIX_MERCHANT_NAME", problem: "must not be empty" },
      { variable: "SUBSCRIPTION_GRACE_DAYS", problem: "must be at most 30" },
    ]);
  });

  it("takes STAFF_EMAIL and MAIL_REPLY_TO as e-mail addresses; empty means unset", () => {
    expect(
      configurationProblems({ STAFF_EMAIL: "equipe@agentesfx.com.br", MAIL_REPLY_TO: " " }),
    ).toEqual([]);
    expect(
      configurationProblems({ STAFF_EMAIL: "equipe", MAIL_REPLY_TO: "suporte@" }).map(
        (p) => p.variable,
      ),
    ).toEqual(["MAIL_REPLY_TO", "STAFF_EMAIL"]);
  });

  it("wants Mercado Pago's webhook secret with its access token, and neither otherwise", () => {
    expect(configurationProblems({ MERCADO_PAGO_ACCESS_TOKEN: "APP_USR-1" })).toEqual([
      { variable: "MERCADO_PAGO_WEBHOOK_SECRET", problem: expect.stringContaining("ACCESS_TOKEN") },
    ]);
    expect(
      configurationProblems({
        MERCADO_PAGO_ACCESS_TOKEN: "APP_USR-1",
        MERCADO_PAGO_WEBHOOK_SECRET: "s",
      }),
    ).toEqual([]);
    expect(configurationProblems({ SUBSCRIPTION_GRACE_DAYS: "31" })).toEqual([
      { variable: "SUBSCRIPTION_GRACE_DAYS", problem: expect.any(String) },
    ]);
  });

  it("wants every API Pix setting with PIX_API_URL, files that exist, and none without it", () => {
    expect(configurationProblems({ PIX_API_CLIENT_ID: "id" })).toEqual([]);
    const problems = configurationProblems({
      PIX_API_URL: "https://pix.example.com/api/v2",
      PIX_API_CLIENT_ID: "id",
      PIX_API_CERT_FILE: "/nonexistent/client.pem",
    });
    expect(problems.map((p) => p.variable).sort()).toEqual([
      "PIX_API_CERT_FILE",
      "PIX_API_CLIENT_SECRET",
      "PIX_API_KEY_FILE",
      "PIX_API_WEBHOOK_SECRET",
      "PIX_KEY",
    ]);
    expect(problems.find((p) => p.variable === "PIX_API_CERT_FILE")?.problem).toContain(
      "cannot read",
    );
    const file = new URL(import.meta.url).pathname;
    expect(
      configurationProblems({
        PIX_API_URL: "https://pix.example.com/api/v2",
        PIX_API_CLIENT_ID: "id",
        PIX_API_CLIENT_SECRET: "secret",
        PIX_API_CERT_FILE: file,
        PIX_API_KEY_FILE: file,
        PIX_API_WEBHOOK_SECRET: "short",
        PIX_KEY: "pix@agentesfx.com.br",
      }),
    ).toEqual([{ variable: "PIX_API_WEBHOOK_SECRET", problem: expect.any(String) }]);
  });
});

describe("the DKIM settings", () => {
  it("name the missing ones when only some are set, and refuse a key that is no key", () => {
    expect(
      configurationProblems({ DKIM_DOMAIN: "agentesfx.com.br" }).map((p) => p.variable),
    ).toEqual(["DKIM_SELECTOR", "DKIM_PRIVATE_KEY"]);
    expect(
      configurationProblems({
        DKIM_DOMAIN: "agentesfx.com.br",
        DKIM_SELECTOR: "sel1",
        DKIM_PRIVATE_KEY: "not a key",
      }),
    ).toEqual([
      {
        variable: "DKIM_PRIVATE_KEY",
        problem: "DKIM_PRIVATE_KEY must be a PEM private key (openssl genrsa 2048)",
      },
    ]);
  });
});

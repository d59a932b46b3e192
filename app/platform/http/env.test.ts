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

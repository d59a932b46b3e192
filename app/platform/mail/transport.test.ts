import { describe, expect, it } from "vitest";
import type { Env } from "../http/env.server.ts";
import { assertMailTransportConfigured } from "./transport.server.ts";

const base = { NODE_ENV: "production", DATABASE_URL: "postgres://db/app" } as Env;

describe("the mail transport check", () => {
  it("refuses production on PostgreSQL without SMTP_URL, naming the setting", () => {
    expect(() => assertMailTransportConfigured(base)).toThrow(/SMTP_URL is not set/);
  });

  it("accepts SMTP_URL, the embedded database, or a non-production run", () => {
    expect(() =>
      assertMailTransportConfigured({ ...base, SMTP_URL: "smtp://mail:25" }),
    ).not.toThrow();
    expect(() => assertMailTransportConfigured({ ...base, DATABASE_URL: undefined })).not.toThrow();
    expect(() => assertMailTransportConfigured({ ...base, NODE_ENV: "development" })).not.toThrow();
  });
});
